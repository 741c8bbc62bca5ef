/**
 * `npm run fuzz`: 10,000 generated inputs (or `STANDIN_FUZZ_RUNS`) through each public surface,
 * and a table of what became of them. Exits 1 when any case was untyped, hung, or garbage accepted.
 */
import { fuzzRuns, fuzzSurface, type Tally } from '../test/fuzz/fuzzHarness.js';
import { surfaces } from '../test/fuzz/surfaces.js';

const runs = fuzzRuns(10_000);
const seed = Number(process.env.STANDIN_FUZZ_SEED ?? Date.now() % 2 ** 31);
console.log(`standin fuzz: ${runs} cases per surface, seed ${seed}`);
const tallies: Tally[] = [];
for (const surface of surfaces) {
  const started = performance.now();
  // A case with no outcome within 5 s counts as hung: a run of 10,000 reports it rather than stop there.
  const tally = await fuzzSurface(surface, runs, seed, 5_000);
  tallies.push(tally);
  console.log(`  ${surface.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const columns = ['surface', 'typed', 'accepted', 'untyped', 'hung', 'garbage accepted'];
const rows = tallies.map((t) => [t.surface, t.typed, t.accepted, t.untyped, t.hung, t.garbageAccepted].map(String));
const widths = columns.map((column, i) => Math.max(column.length, ...rows.map((row) => row[i]!.length)));
const line = (cells: readonly string[]): string =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
console.log(`\n${line(columns)}\n${rows.map(line).join('\n')}`);
const faults = tallies.flatMap((t) => t.faults.map((fault) => `${t.surface}: ${fault}`));
if (faults.length > 0) console.log(`\nFaults (first of each surface):\n${faults.join('\n')}`);
process.exitCode = tallies.some((t) => t.untyped + t.hung + t.garbageAccepted > 0) ? 1 : 0;

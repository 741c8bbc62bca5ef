import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stableJson } from '../src/fakes/cassettes/stableJson.js';
import { createTestApp } from '../src/testing.js';
import { formatNs, medianOf, report, type ReportRow } from './harness.js';

const SIZES = [1_000, 10_000, 50_000];
/** How many times a load is timed, per size: the median is kept. */
const LOADS = 5;
/** How much more an entry may cost in the largest cassette than in the smallest. */
const FLAT = 2;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };

/** A cassette of `count` small replies, each to its own question, as `record` writes one. */
function cassetteOf(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => ({
    model: 'writer',
    call: 'reply',
    request: { messages: [{ role: 'user', content: `Question ${i}` }], settings: { model: 'claude-sonnet-4-5' } },
    answer: { text: `Answer ${i}`, units: { tokensIn: 3, tokensOut: 2 } },
  }));
  return stableJson({ standin: 'cassette', version: 1, entries });
}

/**
 * Loading cassettes of 1,000, 10,000 and 50,000 entries (read, parse, check every entry): the time
 * per entry, which stays flat when the load is linear in the file.
 */
export default async function cassetteLoad(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'standin-bench-'));
  try {
    const perEntry = new Map<number, number>();
    for (const size of SIZES) {
      const path = join(folder, `${size}.json`);
      writeFileSync(path, cassetteOf(size));
      createTestApp(config).cassette(path);
      const times: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        const start = process.hrtime.bigint();
        createTestApp(config).cassette(path);
        times.push(Number(process.hrtime.bigint() - start));
        await new Promise((resolve) => setImmediate(resolve));
      }
      perEntry.set(size, medianOf(times) / size);
    }
    const smallest = perEntry.get(SIZES[0]!)!;
    const rows: ReportRow[] = SIZES.map((size) => {
      const ratio = perEntry.get(size)! / smallest;
      return {
        label: `app.cassette on ${size.toLocaleString('en')} entries, per entry`,
        value: formatNs(perEntry.get(size)!),
        baseline: `${formatNs(smallest)} per entry at ${SIZES[0]!.toLocaleString('en')}`,
        ratio: `${ratio.toFixed(2)}x`,
        ...(size === SIZES[0] ? {} : { target: `<= ${FLAT}x (flat)`, met: ratio <= FLAT }),
      };
    });
    report('Cassettes: loading 1,000, 10,000 and 50,000 entries (median of 5 loads, time per entry)', rows);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

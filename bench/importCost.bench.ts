import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatNs, report } from './harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One import measured: the module, and the dependencies loaded before the clock starts. */
interface ImportCase {
  readonly name: string;
  readonly target: string;
  readonly deps: readonly string[];
}

const standinDeps = ['reflect-metadata', 'inversify', 'zod'];
const cases: readonly ImportCase[] = [
  { name: "import('standin')", target: 'standin', deps: standinDeps },
  { name: "import('standin/testing')", target: 'standin/testing', deps: standinDeps },
  // The AI SDK's own dependencies and its zod peer, so only its own modules are timed.
  {
    name: "import('ai')",
    target: 'ai',
    deps: ['zod', '@ai-sdk/provider', '@ai-sdk/provider-utils', '@ai-sdk/gateway'],
  },
];

/**
 * A fresh node process imports `deps`, then times `import(target)` alone. It runs from the
 * repository root, so `standin` resolves to the built package through its own `exports`, as an
 * installed copy would.
 */
function timeOnce(c: ImportCase): number {
  const script = [
    ...c.deps.map((dep) => `await import(${JSON.stringify(dep)});`),
    'const start = process.hrtime.bigint();',
    `await import(${JSON.stringify(c.target)});`,
    'process.stdout.write(String(process.hrtime.bigint() - start));',
  ].join('\n');
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Import cost: standin's own share of a fresh `import('standin')` and `import('standin/testing')`
 * (inversify, zod and reflect-metadata already loaded) beside the AI SDK's own share of
 * `import('ai')` (its dependencies already loaded). Each figure is the median over fresh
 * processes, the cases interleaved run by run. Builds the package first (`npm run build`).
 */
export default async function importCost(runs = 11): Promise<void> {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const c of cases) timeOnce(c); // fills the file cache before anything is timed
  const samples: number[][] = cases.map(() => []);
  for (let run = 0; run < runs; run++) {
    cases.forEach((c, i) => samples[i]!.push(timeOnce(c)));
  }
  const [root_, testing, ai] = samples.map(median) as [number, number, number];
  const row = (label: string, ns: number) => ({
    label,
    value: formatNs(ns),
    baseline: `${formatNs(ai)} (import('ai'), its dependencies loaded)`,
    ratio: `${(ns / ai).toFixed(2)}x`,
    target: '<= 0.50x',
    met: ns <= ai * 0.5,
  });
  report(`Import cost: own share of a fresh import, median of ${runs} processes`, [
    row("standin's own share of import('standin')", root_),
    row("standin's own share of import('standin/testing')", testing),
  ]);
}

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildPackage } from './builtPackage.js';
import { formatNs, medianOf as median, report, type ReportRow } from './harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The zod modules the AI SDK imports (`zod/v4` and its parts), where standin imports `zod`. */
const aiZod = ['zod/v4', 'zod/v4/core', 'zod/v4/mini', 'zod/v4/locales/en.js'];

/**
 * One import measured in a fresh process: its stages are imported one after another, each timed,
 * so the last stage's time is the module's own share (what it loads beyond the stages before it)
 * and their sum is a cold import of it in a process that loaded nothing else.
 */
interface ImportCase {
  readonly name: string;
  readonly stages: readonly { readonly name: string; readonly modules: readonly string[] }[];
}

const reflect = { name: 'reflect-metadata', modules: ['reflect-metadata'] };
const inversify = { name: 'inversify', modules: ['inversify'] };
const zod = { name: 'zod', modules: ['zod'] };
const cases = {
  standin: { name: "import('standin')", stages: [reflect, inversify, zod, { name: 'own', modules: ['standin'] }] },
  testing: {
    name: "import('standin/testing')",
    stages: [reflect, inversify, zod, { name: 'own', modules: ['standin/testing'] }],
  },
  // The AI SDK's own dependencies and its zod peer first, so the last stage is its own modules.
  ai: {
    name: "import('ai')",
    stages: [
      { name: 'zod', modules: aiZod },
      { name: '@ai-sdk/*', modules: ['@ai-sdk/provider', '@ai-sdk/provider-utils', '@ai-sdk/gateway'] },
      { name: 'own', modules: ['ai'] },
    ],
  },
  aiTest: {
    name: "import('ai/test')",
    stages: [
      { name: 'zod', modules: aiZod },
      { name: '@ai-sdk/*', modules: ['@ai-sdk/provider', '@ai-sdk/provider-utils'] },
      { name: 'own', modules: ['ai/test'] },
    ],
  },
} satisfies Record<string, ImportCase>;

/**
 * A fresh node process imports each stage in turn and prints the nanoseconds each took. It runs
 * from the repository root, so `standin` resolves to the built package through its own `exports`,
 * as an installed copy would.
 */
function timeOnce(c: ImportCase): number[] {
  const script = [
    // The first import of a process sets up its ES module loader: done first, untimed, so no stage pays for it.
    `await import('data:text/javascript,');`,
    'const times = [];',
    ...c.stages.map(
      ({ modules }) =>
        `{ const start = process.hrtime.bigint(); ${modules.map((m) => `await import(${JSON.stringify(m)});`).join(' ')} times.push(Number(process.hrtime.bigint() - start)); }`,
    ),
    'process.stdout.write(JSON.stringify(times));',
  ].join('\n');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as number[];
}

/**
 * Import cost (issue 24), from the built package (`npm run build` first): standin's own share of
 * a fresh `import('standin')` and `import('standin/testing')` (reflect-metadata, inversify and
 * zod loaded first) beside the AI SDK's own share of `import('ai')` (its dependencies loaded
 * first); and a cold `import('standin/testing')` beside a cold `import('ai/test')`, each split
 * into the shares of what it loads. Each figure is the median over fresh processes, the cases
 * interleaved run by run.
 */
export default async function importCost(runs = 11): Promise<void> {
  buildPackage();
  const all = Object.values(cases);
  for (const c of all) timeOnce(c); // fills the file cache before anything is timed
  const samples = new Map<ImportCase, number[][]>(all.map((c) => [c, []]));
  for (let run = 0; run < runs; run++) for (const c of all) samples.get(c)!.push(timeOnce(c));
  /** The median of a stage over the runs (of the sum of the stages, given none). */
  const stage = (c: ImportCase, name?: string): number => {
    const at = c.stages.findIndex((s) => s.name === name);
    return median(samples.get(c)!.map((times) => (at === -1 ? times.reduce((a, b) => a + b, 0) : times[at]!)));
  };
  const ai = stage(cases.ai, 'own');
  const aiTest = stage(cases.aiTest, 'own');
  const share = (label: string, ns: number, peer: number, peerName: string, target = true): ReportRow => ({
    label,
    value: formatNs(ns),
    baseline: `${formatNs(peer)} (${peerName})`,
    ratio: `${(ns / peer).toFixed(2)}x`,
    ...(target ? { target: '<= 0.50x', met: ns <= peer * 0.5 } : {}),
  });
  const split = (c: ImportCase): string =>
    c.stages.map((s) => `${s.name === 'own' ? 'its own' : s.name} ${formatNs(stage(c, s.name))}`).join(', ');
  report(`Import cost: own share of a fresh import, median of ${runs} processes`, [
    share(
      "standin's own share of import('standin')",
      stage(cases.standin, 'own'),
      ai,
      "import('ai'), its dependencies loaded",
    ),
    share(
      "standin's own share of import('standin/testing')",
      stage(cases.testing, 'own'),
      ai,
      "import('ai'), its dependencies loaded",
    ),
    share(
      "standin's own share of import('standin/testing')",
      stage(cases.testing, 'own'),
      aiTest,
      "import('ai/test'), its dependencies loaded: mocks over @ai-sdk/provider-utils",
      false,
    ),
  ]);
  const cold = stage(cases.testing);
  const aiCold = stage(cases.aiTest);
  report(`Import cost: a cold import in a fresh process, median of ${runs} processes`, [
    {
      label: "cold import('standin/testing')",
      value: `${formatNs(cold)} (${split(cases.testing)})`,
      baseline: `${formatNs(aiCold)} (cold import('ai/test'): ${split(cases.aiTest)})`,
      ratio: `${(cold / aiCold).toFixed(2)}x; without inversify and reflect-metadata ${(
        (cold - stage(cases.testing, 'inversify') - stage(cases.testing, 'reflect-metadata')) /
        aiCold
      ).toFixed(2)}x`,
    },
  ]);
}

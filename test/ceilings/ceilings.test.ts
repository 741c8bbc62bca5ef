import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Ceilings that do not read the clock: bytes allocated and modules loaded. Each sits a little
 * above what the tree reaches today, so a regression fails here rather than in a later review.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const node = async (args: string[], env: Record<string, string> = {}): Promise<string> =>
  (await promisify(execFile)(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } }))
    .stdout;
type Allocation = { reply: number; run: number };

/** Bytes per fresh faked reply and per fresh two-step run, from a process whose young generation outlasts a window. */
const allocation = async (env: Record<string, string> = {}): Promise<Allocation> =>
  JSON.parse(
    await node(
      [
        '--expose-gc',
        '--min-semi-space-size=128',
        '--max-semi-space-size=128',
        '--import',
        'tsx',
        'test/ceilings/allocationProbe.ts',
      ],
      env,
    ),
  ) as Allocation;

/** The src/ modules evaluated by importing `entry` (a path from the repository's root). */
const modulesOf = async (...entries: string[]): Promise<number> =>
  (
    JSON.parse(
      await node([
        '--import',
        'tsx',
        '--import',
        './test/ceilings/moduleCounter.mjs',
        '--input-type=module',
        '-e',
        entries.map((entry) => `await import(${JSON.stringify(`./${entry}`)});`).join('\n'),
      ]),
    ) as string[]
  ).length;

export const ceilings = {
  /** Bytes allocated by one fresh `app.reply` on a function fake, run from source (about 3,900-4,100 today). */
  reply: 4_700,
  /** Bytes allocated by one fresh two-step `app.run` with one tool, run from source (about 20,500-20,900 today). */
  run: 23_000,
  /** src/ modules `import('standin/testing')` evaluates (323: each real adapter's class and the MCP client side are loaded on first use). */
  testing: 327,
  /** src/ modules `import('standin')` evaluates (160). */
  index: 164,
};

describe('what a fresh faked call allocates', () => {
  let measured: Allocation;
  let wasteful: Allocation;
  beforeAll(async () => {
    [measured, wasteful] = await Promise.all([allocation(), allocation({ STANDIN_PROBE_EXTRA: '4096' })]);
  }, 120_000);

  it(`a fresh faked reply allocates at most ${ceilings.reply} bytes`, () => {
    expect(measured.reply).toBeLessThanOrEqual(ceilings.reply);
  });

  it(`a fresh two-step run allocates at most ${ceilings.run} bytes`, () => {
    expect(measured.run).toBeLessThanOrEqual(ceilings.run);
  });

  it('a reply that allocates 4 KB more than today crosses the ceiling', () => {
    expect(wasteful.reply).toBeGreaterThan(ceilings.reply);
  });
});

describe('what an import loads', () => {
  let counts: { testing: number; index: number; withServer: number };
  beforeAll(async () => {
    const [testing, index, withServer] = await Promise.all([
      modulesOf('src/testing.ts'),
      modulesOf('src/index.ts'),
      modulesOf('src/testing.ts', 'src/server.ts'),
    ]);
    counts = { testing, index, withServer };
  }, 60_000);

  it(`import('standin/testing') evaluates at most ${ceilings.testing} of src's modules`, () => {
    expect(counts.testing).toBeLessThanOrEqual(ceilings.testing);
  });

  it(`import('standin') evaluates at most ${ceilings.index} of src's modules`, () => {
    expect(counts.index).toBeLessThanOrEqual(ceilings.index);
  });

  it('an import that also loads the wire server crosses the ceiling of standin/testing', () => {
    expect(counts.withServer).toBeGreaterThan(ceilings.testing);
  });
});

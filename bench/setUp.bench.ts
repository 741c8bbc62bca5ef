import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTestApp } from '../src/testing.js';
import { compare, report, timesRow, warmUp } from './harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The tree the set-up's target is measured against: the one issue 36 measured, unless named otherwise. */
const BASE = process.env['STANDIN_SETUP_BASE'] ?? '6b4e535';
const TARGET = 0.25;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };

/** The `src/` of commit `base`, written once under .tmp/ from git, so both trees run in this process from source. */
function baseTree(base: string): string {
  const dir = join(root, '.tmp', 'setUp', base);
  if (!existsSync(join(dir, 'src', 'testing.ts'))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', base, 'src'], { cwd: root, maxBuffer: 1 << 28 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  }
  return join(dir, 'src', 'testing.ts');
}

/** What a test sets up and takes down: a test app, a fake, a fake classifier, then dispose. */
function setUpWith(make: typeof createTestApp): () => Promise<void> {
  return async () => {
    const app = make(config);
    app.fake('writer', [{ text: 'Hello' }]);
    app.fakeClassifier();
    await app.dispose();
  };
}

/**
 * Set-up per test (`createTestApp` + `app.fake` + `app.fakeClassifier` + `dispose`), beside the same set-up of the tree
 * at `STANDIN_SETUP_BASE` in the same process, both from source (under tsx), interleaved.
 */
export default async function setUp(): Promise<void> {
  const before = (await import(pathToFileURL(baseTree(BASE)).href)) as { createTestApp: typeof createTestApp };
  const cases = [
    { name: 'set-up per test, this tree', fn: setUpWith(createTestApp) },
    { name: `set-up per test, the tree at ${BASE}`, fn: setUpWith(before.createTestApp) },
  ];
  await warmUp(cases, 300);
  const [ours, base] = await compare(cases);
  report('Set-up per test: test app, fake, fake classifier, dispose (medians of interleaved rounds)', [
    timesRow(ours!.name, ours!.medianNs, base!.medianNs, base!.name, TARGET),
  ]);
}

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryScript } from '../../../src/arbitraries.js';
import { createTestApp } from '../../../src/testing.js';
import { loadFastCheck } from '../../../src/testing/arbitraries/loadFastCheck.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const hide = fileURLToPath(new URL('./fixtures/hideFastCheck.mjs', import.meta.url));

/** Runs an ES module's text in a new Node process with tsx (and `imports` first), from the repository's root. */
function runNode(code: string, imports: string[] = []): string {
  const args = ['--import', 'tsx', ...imports.flatMap((file) => ['--import', file]), '--input-type=module', '-e', code];
  return execFileSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const useArbitraries = `
const testing = await import('./src/testing.ts');
const arbitraries = await import('./src/arbitraries.ts');
await import('./src/index.ts');
const app = testing.createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
`;

describe('loading standin without fast-check', () => {
  it('no file under src/ loads fast-check by a static import: only types are imported from it', () => {
    const loading = sources(join(root, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*(import|export)\s(?!type\b)[^;]*?from\s*'fast-check'/gm)].map(() =>
        relative(root, file),
      ),
    );
    expect(loading).toEqual([]);
  });

  it("loads 'standin', 'standin/testing' and 'standin/arbitraries' in a process where fast-check cannot be found; the arbitraries say T0110", () => {
    const printed = runNode(
      `${useArbitraries}
try { arbitraries.arbitraryScript(app, 'writer', { tools: {} }); } catch (error) { console.log(error.code); }
const found = await import('fast-check').then(() => 'found', (error) => error.code);
console.log(found);`,
      [hide],
    );
    expect(printed.split('\n')).toEqual(['T0110', 'ERR_MODULE_NOT_FOUND']);
  }, 60_000);

  it('hands fast-check arbitraries of another load of it (tsx loads its CommonJS build), and fc.assert takes them', () => {
    const printed = runNode(`${useArbitraries}
const { default: fc } = await import('fast-check');
const scripts = arbitraries.arbitraryScript(app, 'writer', { tools: {} });
fc.assert(fc.property(scripts, (script) => script.length > 0), { seed: 1, numRuns: 20 });
console.log('held');`);
    expect(printed).toBe('held');
  }, 60_000);

  it("is the very fast-check a test's `import fc from 'fast-check'` holds, under vitest", () => {
    const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
    expect(loadFastCheck().Arbitrary).toBe(fc.Arbitrary);
    expect(arbitraryScript(app, 'writer', { tools: {} })).toBeInstanceOf(fc.Arbitrary);
  });
});

describe(loadFastCheck, () => {
  it('answers T0110, saying what to install, when fast-check cannot be loaded', () => {
    const missing = () => {
      throw new Error("Cannot find module 'fast-check'");
    };
    expect(() => loadFastCheck(missing)).toThrow(
      expect.objectContaining({
        code: 'T0110',
        message: expect.stringContaining("(Cannot find module 'fast-check'). Install it beside standin: npm install"),
      }),
    );
  });
});

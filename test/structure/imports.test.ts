import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { specifiersOf } from './specifiers.js';

const root = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every TypeScript file under src/, relative to it. */
function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

/** The src/ files a file imports, re-exports from or loads with import(), type-only imports included. */
function importsOf(file: string): string[] {
  const found = specifiersOf(readFileSync(join(root, file), 'utf8'));
  return [...new Set(found.map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts')))];
}

const files = sources();
const graph = new Map(files.map((file) => [file, importsOf(file)]));
/** The entries: the package's own surface, which may name anything it ships. */
const entries = new Set(files.filter((file) => !file.includes('/')));
/** Folders that hold the test side (the wire server serves fakes): production code never reaches into them. */
const testSide = ['fakes/', 'testing/', 'cassettes/', 'server/'];
/** The core: what every application loads. */
const core = ['services/', 'config/', 'tokens/', 'errors/', 'validation/'];
/** What the core never loads: the stand-in side and the interop entries, as folders and as entry files. */
const outsideCore = ['fakes', 'testing', 'server', 'ai-sdk', 'cassettes', 'nest'].flatMap((name) => [
  `${name}/`,
  `${name}.ts`,
]);
/** Files that are data tables, where length is the table's, not logic's. */
const dataTables = new Set(['errors/catalog.ts']);

const lineCount = (file: string): number =>
  readFileSync(join(root, file), 'utf8').replace(/\n$/, '').split('\n').length;

/** Every import chain from `file` that reaches a file `stop` accepts, shortest first, one per target. */
function chainsTo(file: string, stop: (target: string) => boolean): string[][] {
  const chains: string[][] = [];
  const seen = new Set([file]);
  let frontier = [[file]];
  while (frontier.length > 0) {
    const next: string[][] = [];
    for (const chain of frontier) {
      for (const target of graph.get(chain.at(-1)!) ?? []) {
        if (seen.has(target)) continue;
        seen.add(target);
        if (stop(target)) chains.push([...chain, target]);
        else next.push([...chain, target]);
      }
    }
    frontier = next;
  }
  return chains;
}

describe('the import graph', () => {
  describe('specifiersOf', () => {
    it('reads static imports, type-only imports and re-exports', () => {
      const text = "import { a } from './a.js';\nimport type { B } from '../b.js';\nexport { c } from './c.js';\n";
      expect(specifiersOf(text)).toEqual(['./a.js', '../b.js', './c.js']);
    });

    it('reads imports spread over several lines and side-effect imports', () => {
      expect(specifiersOf("import {\n  a,\n  b,\n} from './ab.js';\nimport './setup.js';\n")).toEqual([
        './ab.js',
        './setup.js',
      ]);
    });

    it('reads dynamic imports, awaited, in Promise.all and in types', () => {
      const text = [
        "const { x } = await import('./x.js');",
        'const [y, z] = await Promise.all([import(\'./y.js\'), import("./z.js")]);',
        "type W = typeof import('./w.js');",
      ].join('\n');
      expect(specifiersOf(text)).toEqual(['./x.js', './y.js', './z.js', './w.js']);
    });

    it('leaves out packages', () => {
      expect(specifiersOf("import { z } from 'zod';\nconst redis = await import('redis');\n")).toEqual([]);
    });
  });
});

describe('the dependency direction', () => {
  it('no production file imports from src/fakes, src/testing, src/cassettes or src/server', () => {
    const reaching = files
      .filter((file) => !entries.has(file) && !testSide.some((side) => file.startsWith(side)))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter((target) => testSide.some((side) => target.startsWith(side)))
          .map((target) => `${file} -> ${target}`),
      );
    expect(reaching).toEqual([]);
  });

  it('the core loads nothing of fakes, testing, server, ai-sdk, cassettes or nest, through any chain', () => {
    const reaching = files
      .filter((file) => core.some((folder) => file.startsWith(folder)))
      .flatMap((file) => chainsTo(file, (target) => outsideCore.some((outside) => target.startsWith(outside))))
      .map((chain) => chain.join(' -> '));
    expect(reaching).toEqual([]);
  });

  it('imports a test runner only in its own entry: vitest in src/vitest.ts, jest in src/jest.ts', () => {
    const runner =
      /(?:^|\n)\s*(?:import|export)\b[^'";]*?(['"])(vitest|vitest\/[^'"]*|jest|@jest\/[^'"]+|node:test)\1/g;
    const found = files.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(runner)].map((match) => `${file}: ${match[2]}`),
    );
    expect(found).toEqual(['jest.ts: @jest/globals', 'vitest.ts: vitest']);
  });

  it("'standin' and 'standin/testing' never load a runner's entry, through any chain", () => {
    const reaching = ['index.ts', 'testing.ts']
      .flatMap((file) => chainsTo(file, (target) => target === 'vitest.ts' || target === 'jest.ts'))
      .map((chain) => chain.join(' -> '));
    expect(reaching).toEqual([]);
  });

  it('has no import cycle, type-only and dynamic imports included', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });

  it('Tokens import types only, and nothing they import reaches back to them (see the cycle check)', () => {
    expect(graph.get('tokens/Tokens.ts')!.sort()).toEqual([
      'config/configSchema.ts',
      'services/clock/Clock.ts',
      'services/cursors/CursorStore.ts',
      'services/dispatch/CallGuard.ts',
      'services/dispatch/StandIns.ts',
      'services/engine/Engine.ts',
      'services/mcp/McpServers.ts',
      'services/scopes/Scopes.ts',
      'services/spec/Classifier.ts',
      'services/spec/Provider.ts',
    ]);
  });
});

describe('the size of files', () => {
  // One idea per file: about 400 lines leaves room for an idea that needs them, not for two ideas.
  it('no file under src/ is over 400 lines, but data tables (src/errors/catalog.ts)', () => {
    const long = files.filter((file) => !dataTables.has(file) && lineCount(file) > 400);
    expect(long.map((file) => `${file}: ${lineCount(file)} lines`)).toEqual([]);
  });

  it('the engine facade, src/services/engine/Engine.ts, is at most 250 lines', () => {
    expect(lineCount('services/engine/Engine.ts')).toBeLessThanOrEqual(250);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every TypeScript file under src/, relative to it. */
function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

/** The src/ files a file imports or re-exports from, type-only imports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s+'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
  return found.map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'));
}

const files = sources();
const graph = new Map(files.map((file) => [file, importsOf(file)]));
/** The entries: the package's own surface, which may name anything it ships. */
const entries = new Set(files.filter((file) => !file.includes('/')));
/** Folders that hold the test side (the wire server serves fakes): production code never reaches into them. */
const testSide = ['fakes/', 'testing/', 'cassettes/', 'server/'];

describe('the dependency direction', () => {
  it('no production file imports from src/fakes, src/testing, src/cassettes or src/server', () => {
    const reaching = files
      .filter((file) => !entries.has(file) && !testSide.some((side) => file.startsWith(side)))
      .flatMap((file) => graph.get(file)!.filter((target) => testSide.some((side) => target.startsWith(side))).map((target) => `${file} -> ${target}`));
    expect(reaching).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
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
      'services/scopes/Scopes.ts',
      'services/spec/ClassificationAdapter.ts',
      'services/spec/Provider.ts',
    ]);
  });
});

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../src/server/dialects/registry.js';
import { specifiersOf } from './specifiers.js';

const root = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(root, path)] : [];
  });
}

const files = sources();
const text = (file: string): string => readFileSync(join(root, file), 'utf8');
const importsOf = (file: string): string[] =>
  specifiersOf(text(file)).map((spec) => normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts'));
const isDir = (path: string): boolean => {
  try {
    return statSync(join(root, path)).isDirectory();
  } catch {
    return false;
  }
};

/** The folders that hold one vendor's code: its protocol, its adapter, its wire dialect. */
const vendorHomes = ['protocols/', 'services/providers/', 'server/dialects/'];
const vendors = [...new Set(dialects.map((dialect) => dialect.name))];
const vendorOf = (file: string): string | undefined => {
  for (const home of vendorHomes) {
    if (!file.startsWith(home)) continue;
    const folder = file.slice(home.length).split('/')[0]!;
    if (file.slice(home.length).includes('/') && vendors.includes(folder)) return folder;
  }
  return undefined;
};
/** The files that name every vendor on purpose: the lists a new provider adds one line to. */
const registrations = new Set([
  'services/providers/http/realAdapters.ts',
  'services/providers/classifier/realClassifier.ts',
  'server/dialects/registry.ts',
  'index.ts',
]);

describe('the protocol layer', () => {
  it('a protocol file imports only zod, other protocol files and the spec types', () => {
    const stray = files
      .filter((file) => file.startsWith('protocols/'))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => !target.startsWith('protocols/') && !target.startsWith('services/spec/'))
          .map((target) => `${file} → ${target}`),
      );
    const bare = files
      .filter((file) => file.startsWith('protocols/'))
      .flatMap((file) =>
        [...text(file).matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*'([^.'][^']*)'/g)]
          .map((match) => match[1]!)
          .filter((name) => name !== 'zod')
          .map((name) => `${file} → ${name}`),
      );
    expect([...stray, ...bare]).toEqual([]);
  });

  it("a vendor's folders are reached from outside them only through the registration files", () => {
    const reached = files
      .filter((file) => vendorOf(file) === undefined && !registrations.has(file))
      .flatMap((file) =>
        importsOf(file)
          .filter((target) => vendorOf(target) !== undefined)
          .map((target) => `${file} → ${target}`),
      );
    expect(reached).toEqual([]);
  });

  it('every dialect the wire server speaks has its folder and its protocol folder', () => {
    const missing = vendors.flatMap((name) =>
      [`server/dialects/${name}`, `protocols/${name}`].filter((folder) => !isDir(folder)),
    );
    expect(missing).toEqual([]);
  });

  it('no file outside a vendor folder branches on a vendor by name', () => {
    const names = vendors.join('|');
    const branching = new RegExp(`(?:[!=]==\\s*'(?:${names})'|'(?:${names})'\\s*[!=]==|case\\s+'(?:${names})'\\s*:)`);
    const found = files
      .filter((file) => vendorOf(file) === undefined && !registrations.has(file))
      .flatMap((file) =>
        text(file)
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => !line.trim().startsWith('*') && !line.trim().startsWith('//') && branching.test(line))
          .map(({ index }) => `${file}:${index + 1}`),
      );
    expect(found).toEqual([]);
  });
});

/**
 * Builds dist/ (`npm run build`). tsc compiles src/ (legacy decorators and their metadata, as in
 * development) with source maps that embed the TypeScript, and writes the .d.ts files; esbuild
 * then bundles each entry into one module, code the entries share going to one chunk, so a class
 * is the same class from every entry. The entries are package.json's `exports`: a subpath
 * `./x` with `default: ./dist/x.js` is built from `src/x.ts`, so a new entry is one line there;
 * so are the commands of `bin`: `./dist/a/b.js` is built from `src/a/b.ts`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist');
const compiled = join(root, '.tmp', 'build');

interface ExportTarget {
  readonly types?: string;
  readonly default?: string;
}

/** The built entries package.json exports, as names under dist/ (`index`, `testing`, ...). */
export function entryNames(exports: Readonly<Record<string, string | ExportTarget>>): string[] {
  const names: string[] = [];
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target === 'string') continue; // ./package.json
    const name = /^\.\/dist\/([\w-]+)\.js$/.exec(target.default ?? '')?.[1];
    if (name === undefined) throw new Error(`package.json exports["${subpath}"].default must be ./dist/<name>.js, built from src/<name>.ts`);
    names.push(name);
  }
  return names;
}

/** The commands package.json's `bin` names, as paths under dist/ without `.js` (`server/cli`). */
export function binNames(bin: Readonly<Record<string, string>> | undefined): string[] {
  return Object.entries(bin ?? {}).map(([command, target]) => {
    const name = /^\.\/dist\/((?:[\w-]+\/)*[\w-]+)\.js$/.exec(target)?.[1];
    if (name === undefined) throw new Error(`package.json bin["${command}"] must be ./dist/<path>.js, built from src/<path>.ts`);
    return name;
  });
}

/**
 * Node built-ins the entries call, never read at load: each import of one becomes a module whose
 * exports load the built-in on first call (`process.getBuiltinModule`, Node 20.16+). Loading
 * node:crypto, node:fs/promises or node:assert costs a fresh process more than all of standin's own code; a program
 * that never hashes a script or runs the conformance suite never pays for them.
 */
const onFirstCall: Readonly<Record<string, string>> = {
  'node:crypto': 'named',
  'node:fs/promises': 'named',
  'node:assert/strict': 'default',
};

const lazyBuiltins: Plugin = {
  name: 'lazy-builtins',
  setup(plugin) {
    plugin.onResolve({ filter: /^node:(crypto|fs\/promises|assert\/strict)$/ }, ({ path }) => ({ path, namespace: 'lazy-builtin' }));
    plugin.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async ({ path }) => {
      const load = `const real = () => process.getBuiltinModule(${JSON.stringify(path)});`;
      if (onFirstCall[path] === 'default') {
        return { contents: `${load}\nexport default new Proxy({}, { get: (_, key) => real()[key] });\n`, loader: 'js' };
      }
      // Functions only: a constant or a class imported from here fails the build (no such export).
      const module = (await import(path)) as Record<string, unknown>;
      const names = Object.keys(module).filter((name) => name !== 'default' && /^[a-z]/.test(name) && typeof module[name] === 'function');
      const lines = names.map((name) => `export const ${name} = (...args) => real().${name}(...args);`);
      return { contents: [load, ...lines].join('\n'), loader: 'js' };
    });
  },
};

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | ExportTarget>; bin?: Record<string, string> };
const entries = [...new Set([...entryNames(pkg.exports), ...binNames(pkg.bin)])];

rmSync(out, { recursive: true, force: true });
rmSync(compiled, { recursive: true, force: true });
execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json', '--outDir', compiled], { cwd: root, stdio: 'inherit' });
cpSync(compiled, out, { recursive: true, filter: (path) => !/\.(js|js\.map)$/.test(path) });

await build({
  absWorkingDir: root,
  entryPoints: entries.map((name) => ({ in: join(compiled, `${name}.js`), out: name })),
  outdir: out,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // inversify, zod, reflect-metadata and Nest stay the application's own copies (peers).
  packages: 'external',
  // Nest and error messages read class names; tsc's decorated classes (`let A = class A`) would
  // otherwise come out as `A2`.
  keepNames: true,
  // Chunks are imported before an entry's own body runs, and their decorators write metadata:
  // each file loads reflect-metadata first, as each entry's source does.
  banner: { js: "import 'reflect-metadata';" },
  // tsc's maps (which embed the TypeScript) are read and carried through to dist.
  sourcemap: 'linked',
  sourcesContent: true,
  plugins: [lazyBuiltins],
  logLevel: 'warning',
});
rmSync(compiled, { recursive: true, force: true });

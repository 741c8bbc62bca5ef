/**
 * Builds dist/ (`npm run build`). tsc compiles src/ (legacy decorators and their metadata, as in
 * development) with source maps that embed the TypeScript, and writes the .d.ts files; esbuild
 * then bundles each entry into one module, code the entries share going to chunks, so a class is
 * the same class from every entry, and a second esbuild pass merges those chunks into as few files
 * as the entries allow (see chunkGroups). The entries are package.json's `exports`: a subpath
 * `./x` with `default: ./dist/x.js` is built from `src/x.ts`, so a new entry is one line there;
 * so are the commands of `bin`: `./dist/a/b.js` is built from `src/a/b.ts`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { trimMaps } from './trimMaps.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist');
const compiled = join(root, '.tmp', 'build');
const split = join(root, '.tmp', 'split');

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
    if (name === undefined)
      throw new Error(`package.json exports["${subpath}"].default must be ./dist/<name>.js, built from src/<name>.ts`);
    names.push(name);
  }
  return names;
}

/** The commands package.json's `bin` names, as paths under dist/ without `.js` (`server/cli`). */
export function binNames(bin: Readonly<Record<string, string>> | undefined): string[] {
  return Object.entries(bin ?? {}).map(([command, target]) => {
    const name = /^\.\/dist\/((?:[\w-]+\/)*[\w-]+)\.js$/.exec(target)?.[1];
    if (name === undefined)
      throw new Error(`package.json bin["${command}"] must be ./dist/<path>.js, built from src/<path>.ts`);
    return name;
  });
}

/**
 * The entries a program starts from. The others work on what these make (`standin/nest` and the
 * wire server run an app, `standin/ai-sdk` takes one), so chunkGroups cuts the chunks for these.
 */
const mainEntries = new Set(['index', 'testing']);

/**
 * What each file of dist/ is made of, by the first pass's files (`outdir`, where `metafile` names
 * them): each entry alone, under its own name; each lazy part (a file only `import()` loads) with
 * the chunks only it loads; the chunks the entries load when they are imported, merged by which
 * main entries load them, or, for a chunk neither loads, by which entries do; and the chunks
 * several lazy parts share, by which parts load them. So `standin` is two files and
 * `standin/testing` three; another entry may read a little code it does not run, in fewer files.
 * No two merged files import each other: a chunk is loaded by every entry (or lazy part) that
 * loads a chunk importing it.
 */
export function chunkGroups(metafile: Metafile, outdir: string, entries: readonly string[]): Map<string, string[]> {
  const outputs = new Map(
    Object.entries(metafile.outputs).flatMap(([file, output]) =>
      file.endsWith('.js') ? [[resolve(root, file), output] as const] : [],
    ),
  );
  const entryFiles = new Map(entries.map((name) => [join(outdir, `${name}.js`), name]));
  const lazyParts = [...outputs.keys()].filter(
    (file) => outputs.get(file)!.entryPoint !== undefined && !entryFiles.has(file),
  );
  const loadedBy = new Map<string, string[]>();
  for (const from of [...entryFiles.keys(), ...lazyParts]) {
    const loaded = new Set<string>();
    const visit = (file: string): void => {
      for (const { path, kind, external } of outputs.get(file)!.imports) {
        const next = resolve(root, path);
        if (external === true || kind !== 'import-statement' || loaded.has(next)) continue;
        loaded.add(next);
        visit(next);
      }
    };
    visit(from);
    for (const file of loaded) loadedBy.set(file, [...(loadedBy.get(file) ?? []), from]);
  }

  const merged = new Map<string, string[]>(lazyParts.map((file) => [file, [file]]));
  for (const file of outputs.keys()) {
    if (entryFiles.has(file) || lazyParts.includes(file)) continue;
    const loaders = loadedBy.get(file) ?? [];
    const byEntries = loaders.flatMap((from) => entryFiles.get(from) ?? []).sort();
    const byMain = byEntries.filter((name) => mainEntries.has(name));
    const key =
      byEntries.length > 0
        ? `entries ${(byMain.length > 0 ? byMain : byEntries).join(' ')}`
        : loaders.length === 1
          ? loaders[0]!
          : `lazy ${loaders.sort().join(' ')}`;
    merged.set(key, [...(merged.get(key) ?? []), file]);
  }

  const groups = new Map([...entryFiles].map(([file, name]) => [name, [file]]));
  for (const [key, files] of merged) {
    const stem = lazyParts.includes(key) ? basename(key).replace(/-\w+\.js$/, '') : 'chunk';
    const hash = createHash('sha256')
      .update(
        files
          .map((file) => relative(outdir, file))
          .sort()
          .join('\n'),
      )
      .digest('hex')
      .slice(0, 8)
      .toUpperCase();
    groups.set(`chunks/${stem}-${hash}`, files);
  }
  return groups;
}

/**
 * Node built-ins the entries call, never read at load: each import of one becomes a module whose
 * exports load the built-in on first call (`process.getBuiltinModule`, Node 20.16+). Loading
 * node:crypto, node:fs/promises or node:assert costs a fresh process more than all of standin's own code; a program
 * that never hashes a script or runs the conformance suite never pays for them. node:fs, node:path
 * and node:url are loaded already, but an `import` of one builds its ES module face, which reads
 * every export (node:fs's load Node's streams): a program that never reads a cassette never pays
 * for that either.
 */
const onFirstCall: Readonly<Record<string, string>> = {
  'node:crypto': 'named',
  'node:fs': 'named',
  'node:fs/promises': 'named',
  'node:path': 'named',
  'node:url': 'named',
  'node:assert/strict': 'default',
};

const lazyBuiltins: Plugin = {
  name: 'lazy-builtins',
  setup(plugin) {
    plugin.onResolve({ filter: /^node:(crypto|fs|fs\/promises|path|url|assert\/strict)$/ }, ({ path }) => ({
      path,
      namespace: 'lazy-builtin',
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async ({ path }) => {
      const load = `const real = () => process.getBuiltinModule(${JSON.stringify(path)});`;
      if (onFirstCall[path] === 'default') {
        return { contents: `${load}\nexport default new Proxy({}, { get: (_, key) => real()[key] });\n`, loader: 'js' };
      }
      // Functions, and objects of constants (`constants`) read through on use; a class imported from here fails the build (no such export).
      const module = (await import(path)) as Record<string, unknown>;
      const lowercase = Object.keys(module).filter((name) => name !== 'default' && /^[a-z]/.test(name));
      const lines = lowercase.flatMap((name) => {
        if (typeof module[name] === 'function') return [`export const ${name} = (...args) => real().${name}(...args);`];
        if (typeof module[name] === 'object' && module[name] !== null)
          return [`export const ${name} = new Proxy({}, { get: (_, key) => real().${name}[key] });`];
        return [];
      });
      return { contents: [load, ...lines].join('\n'), loader: 'js' };
    });
  },
};

/**
 * The names each first-pass file is asked for by files of other groups (`import { a, b as c } from
 * './chunk.js'`, and `export { a } from`): what its group's merged file must export. Two chunks of a
 * group may export one name each for their own importers (two modules' `choiceAnswer`), which only
 * conflicts when files outside the group ask both for it.
 */
export function namesWanted(files: readonly string[], group: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const [, names, specifier] of text.matchAll(
      /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*"(\.{1,2}\/[^"]+)"/g,
    )) {
      const target = resolve(dirname(file), specifier!);
      if (group.get(target) === group.get(file)) continue;
      const set = wanted.get(target) ?? new Set<string>();
      for (const name of names!.split(',')) {
        const imported = name.trim().split(/\s+as\s+/)[0]!;
        if (imported !== '') set.add(imported);
      }
      wanted.set(target, set);
    }
  }
  return wanted;
}

/**
 * The module a merged file is bundled from: every chunk's exports (`export *`, which also keeps a
 * chunk whose code only runs for its effects), and by name each one another group asks for, so a
 * name two chunks export is the one of the chunk it is asked from (a name of the module wins over
 * a starred one).
 */
export function mergedExports(files: readonly string[], wanted: ReadonlyMap<string, ReadonlySet<string>>): string {
  const owner = new Map<string, string>();
  const lines = files.flatMap((file) => {
    const names = [...(wanted.get(file) ?? [])].sort();
    for (const name of names) {
      const other = owner.get(name);
      if (other !== undefined)
        throw new Error(`The chunks ${other} and ${file} cannot be merged: other files import ${name} from both`);
      owner.set(name, file);
    }
    const star = `export * from ${JSON.stringify(file)};`;
    return names.length > 0 ? [star, `export { ${names.join(', ')} } from ${JSON.stringify(file)};`] : [star];
  });
  return lines.join('\n');
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | ExportTarget>;
  bin?: Record<string, string>;
};
const entries = [...new Set([...entryNames(pkg.exports), ...binNames(pkg.bin)])];

rmSync(out, { recursive: true, force: true });
rmSync(compiled, { recursive: true, force: true });
rmSync(split, { recursive: true, force: true });
execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json', '--outDir', compiled], {
  cwd: root,
  stdio: 'inherit',
});
cpSync(compiled, out, { recursive: true, filter: (path) => !/\.(js|js\.map)$/.test(path) });

/** What both passes share: ES modules for Node, the peers left to the application, source maps. */
const common: BuildOptions = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // inversify, zod, reflect-metadata and Nest stay the application's own copies (peers).
  packages: 'external',
  // tsc's maps (which embed the TypeScript) are read and carried through each pass to dist.
  sourcemap: 'linked',
  sourcesContent: true,
  logLevel: 'warning',
};

// The first pass splits: code two entries share goes to a chunk, so a class is one class from
// every entry, and what an entry only loads with `import()` stays out of the entry.
const { metafile } = await build({
  ...common,
  entryPoints: entries.map((name) => ({ in: join(compiled, `${name}.js`), out: name })),
  outdir: split,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Nest and error messages read class names; tsc's decorated classes (`let A = class A`) would
  // otherwise come out as `A2`. Each function and class is named as written (`__name`).
  keepNames: true,
  plugins: [lazyBuiltins],
  metafile: true,
});

// The second pass merges the chunks into as few files as the entries allow (see chunkGroups):
// every file costs an import a module load of its own.
const groups = chunkGroups(metafile, split, entries);
const fileGroup = new Map([...groups].flatMap(([name, files]) => files.map((file) => [file, name] as const)));
const wanted = namesWanted([...fileGroup.keys()], fileGroup);
const outputOf = (name: string) => join(out, `${name}.js`);
const merging: Plugin = {
  name: 'merge-chunks',
  setup(plugin) {
    plugin.onResolve({ filter: /^merge:/ }, ({ path }) => ({ path: path.slice('merge:'.length), namespace: 'merge' }));
    plugin.onLoad({ filter: /.*/, namespace: 'merge' }, ({ path }) => ({
      contents: mergedExports(groups.get(path)!, wanted),
      resolveDir: split,
      loader: 'js',
    }));
    // A file of the importer's own group is bundled with it; one of another group is imported from that group's file.
    plugin.onResolve({ filter: /^\.\.?\// }, ({ path, importer, resolveDir }) => {
      const from = fileGroup.get(importer);
      const to = fileGroup.get(resolve(resolveDir, path));
      if (from === undefined || to === undefined) throw new Error(`${importer} imports ${path}, a file of no group`);
      if (from === to) return undefined;
      const target = relative(dirname(outputOf(from)), outputOf(to));
      return { path: target.startsWith('.') ? target : `./${target}`, external: true };
    });
  },
};
/**
 * esbuild names every function and class with `__name`, which redefines the `name` property even
 * where it already reads the same: that turns the function into a slow-mode object (hundreds of
 * bytes each, hundreds of functions on every import). The helper is rewritten, on its own line of
 * the first pass's unminified output (so its source map stays true), to define a name only where
 * it differs: where a pass renamed a binding, or a function was made without one.
 */
const esbuildNameHelper = 'var __name = (target, value) => __defProp(target, "name", { value, configurable: true });';
const lazyNameHelper =
  'var __name = (target, value) => target.name === value ? target : __defProp(target, "name", { value, configurable: true });';
let namedHelpers = 0;
const namingWhenNeeded: Plugin = {
  name: 'naming-when-needed',
  setup(plugin) {
    plugin.onLoad({ filter: /\.js$/ }, ({ path }) => {
      const text = readFileSync(path, 'utf8');
      const lines = text.split('\n');
      const at = lines.indexOf(esbuildNameHelper);
      if (at === -1) return undefined;
      namedHelpers++;
      lines[at] = lazyNameHelper;
      return { contents: lines.join('\n'), loader: 'js', resolveDir: dirname(path) };
    });
  },
};
await build({
  ...common,
  entryPoints: [...groups].map(([name, files]) => ({
    in: files.length === 1 ? files[0]! : `merge:${name}`,
    out: name,
  })),
  outdir: out,
  // The first pass named every function and class as written (`__name`): a name this pass
  // changes to keep two merged files' names apart is set back by those calls.
  keepNames: false,
  // Not minified: an uncaught error in a plain `node` script prints the line its error was made
  // on, and that line must read as code a person can follow (a minified file is a few lines of
  // tens of KB each), with or without --enable-source-maps. Bundling and tree-shaking still drop
  // what no entry uses, and every name stays as written, so stack traces and class names read as
  // the source does (and the source maps lead back to it).
  minify: false,
  // esbuild joins a message written as several strings into one literal; lines past 120
  // characters are broken (a string with a backslash-newline, which adds nothing to its value),
  // so no line of a message is longer than the source's own.
  lineLimit: 120,
  // Chunks are imported before an entry's own body runs, and their decorators write metadata:
  // each file loads reflect-metadata first, as each entry's source does.
  banner: { js: "import 'reflect-metadata';" },
  plugins: [merging, namingWhenNeeded],
});
if (namedHelpers !== 1)
  throw new Error(
    `esbuild's __name helper was found ${namedHelpers} times in the first pass's files, not once: update namingWhenNeeded`,
  );
// The maps name only what the package ships (dist and src): see trimMaps.
trimMaps(out, root.replace(/\/$/, ''));
rmSync(compiled, { recursive: true, force: true });
rmSync(split, { recursive: true, force: true });

import { execFileSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The package's entries by their source: a bench's `../src/testing.js` is `standin/testing` here. */
const entries: Readonly<Record<string, string>> = {
  index: 'standin',
  testing: 'standin/testing',
  'ai-sdk': 'standin/ai-sdk',
  server: 'standin/server',
};

/** Every import of a source entry becomes an import of the built package; any other source file is refused. */
const toPackage: Plugin = {
  name: 'to-package',
  setup(plugin) {
    plugin.onResolve({ filter: /\/src\// }, ({ path, importer }) => {
      const entry = /\/src\/([\w-]+)\.js$/.exec(path)?.[1];
      const name = entry === undefined ? undefined : entries[entry];
      if (name === undefined)
        throw new Error(`${importer} imports ${path}: a bench run on the built package imports only its entries`);
      return { path: name, external: true };
    });
  },
};

let built = false;

/** Builds the package, once a process. */
export function buildPackage(): void {
  if (built) return;
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  built = true;
}

/**
 * Bundles a bench module for a plain node process on the built package (after `buildPackage()`):
 * its imports of `../src/<entry>.js` are pointed at the package, every other package stays
 * external, and the bench's own helpers are bundled in. `main` is code run after it, with the
 * bench module imported as `bench`; left out, the module runs alone. Answers the file written, under .tmp/bench/, inside the
 * repository so that `standin` resolves to the build through its own `exports`.
 */
export async function bundleForPackage(file: string, main = ''): Promise<string> {
  const outfile = join(root, '.tmp', 'bench', basename(file).replace(/\.ts$/, '.mjs'));
  await build({
    // The bench module is the entry itself when nothing is run after it: package.json's
    // `sideEffects` names only dist/, so a module merely imported would be dropped.
    ...(main === ''
      ? { entryPoints: [file] }
      : {
          stdin: {
            contents: `import * as bench from ${JSON.stringify(`./${basename(file)}`)};\n${main}\n`,
            resolveDir: dirname(file),
            loader: 'ts' as const,
          },
        }),
    absWorkingDir: root,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    outfile,
    plugins: [toPackage],
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * Runs a bench's `measure()` in a plain `node --expose-gc` process, on the built package, as an
 * application or a test runner loads standin. `npm run bench` itself runs under tsx, whose loader
 * answers every `import()` through its worker thread: a run loads its run loop with one, so under
 * tsx a faked two-step run pays about 150 µs that no user pays. Builds the package first.
 */
export async function inBuiltPackage(benchUrl: string): Promise<void> {
  buildPackage();
  const bench = fileURLToPath(benchUrl);
  const outfile = await bundleForPackage(bench, 'await bench.measure();');
  console.log(`\n(${basename(bench)}: plain node ${process.version} on the built package, dist/)`);
  execFileSync(process.execPath, ['--expose-gc', outfile], { cwd: root, stdio: 'inherit' });
}

/**
 * Finds the redis-server and redis-cli the tests run, so `npm test` needs nothing installed
 * system-wide. In this order:
 * 1. `STANDIN_REDIS_SERVER` (a redis-server binary), with `STANDIN_REDIS_CLI` or the redis-cli beside it;
 * 2. redis-server and redis-cli on the PATH;
 * 3. a copy unpacked earlier into `node_modules/.cache/standin-redis/`;
 * 4. Debian's packages, fetched with `apt-get download` and unpacked there with `dpkg-deb -x`:
 *    nothing is installed system-wide. Elsewhere it fails with one line saying what to install.
 */
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type ProcessEnv = NodeJS.ProcessEnv;

/** The Redis programs a test starts, and the environment to start them with. */
export interface RedisBinaries {
  readonly server: string;
  readonly cli: string;
  /** Where they were found: `env`, `path`, `cache`, or `download` (unpacked into the cache just now). */
  readonly from: 'env' | 'path' | 'cache' | 'download';
  /** The environment to spawn them with: the cached copy's libraries on LD_LIBRARY_PATH. */
  readonly env: ProcessEnv;
}

/** Where the downloaded copy is kept, unless a caller names another folder. */
export const defaultRedisCache = fileURLToPath(new URL('../../node_modules/.cache/standin-redis/', import.meta.url));

/** The Debian packages that hold redis-server (a link to redis-check-rdb) and redis-cli. */
const packages = ['redis-server', 'redis-tools'];

const install =
  'install Redis 7 (Debian/Ubuntu: apt-get install redis-server redis-tools; macOS: brew install redis), ' +
  'or set STANDIN_REDIS_SERVER to a redis-server binary';

/** The one line a Redis test fails with. */
export class RedisUnavailable extends Error {
  override readonly name = 'RedisUnavailable';
}

/** The line for what was tried (`why`), and what to install. */
const unavailable = (why: string): RedisUnavailable =>
  new RedisUnavailable(`The Redis tests need redis-server and redis-cli: ${why}. Fix: ${install}.`);

/**
 * Carries the global setup's failure to the test workers it starts, so each Redis test fails with
 * that line at once instead of fetching again.
 */
export const unavailableVariable = 'STANDIN_TEST_REDIS_UNAVAILABLE';

function runnable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(program: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir !== '' && runnable(join(dir, program))) return join(dir, program);
  }
  return undefined;
}

/** The folders of shared libraries inside an unpacked tree (usr/lib/<triplet>, mostly). */
function libraryDirs(root: string): string[] {
  const dirs: string[] = [];
  for (const base of [join(root, 'usr', 'lib'), join(root, 'lib')]) {
    if (!existsSync(base)) continue;
    const subdirs = readdirSync(base, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    dirs.push(base, ...subdirs.map((entry) => join(base, entry.name)));
  }
  return dirs.filter((dir) => readdirSync(dir).some((name) => /\.so(\.|$)/.test(name)));
}

function cachedEnv(root: string, env: ProcessEnv): ProcessEnv {
  const libraries = [...libraryDirs(root), ...(env.LD_LIBRARY_PATH ? [env.LD_LIBRARY_PATH] : [])].join(delimiter);
  return libraries === '' ? env : { ...env, LD_LIBRARY_PATH: libraries };
}

/** The unpacked tree inside a cache folder; it exists only once complete (it is renamed into place). */
const treeOf = (cache: string): string => join(cache, 'root');

/**
 * Steps 1 to 3 of the order, without downloading: the binaries, or `undefined` when none is found.
 *
 * @throws {RedisUnavailable} when `STANDIN_REDIS_SERVER` (or `STANDIN_REDIS_CLI`) names no runnable file:
 * a path set on purpose is not silently passed over.
 */
export function findRedis(env: ProcessEnv = process.env, cache = defaultRedisCache): RedisBinaries | undefined {
  const tree = treeOf(resolve(cache));
  const named = env.STANDIN_REDIS_SERVER;
  if (named !== undefined && named !== '') {
    const cli = env.STANDIN_REDIS_CLI || join(dirname(named), 'redis-cli');
    if (!runnable(named)) throw unavailable(`STANDIN_REDIS_SERVER is ${named}, which is not a runnable file`);
    if (!runnable(cli)) throw unavailable(`there is no runnable redis-cli at ${cli} (set STANDIN_REDIS_CLI to one)`);
    const inCache = resolve(named).startsWith(tree);
    return { server: named, cli, from: 'env', env: inCache ? cachedEnv(tree, env) : env };
  }
  const server = onPath('redis-server', env.PATH);
  const cli = onPath('redis-cli', env.PATH);
  if (server !== undefined && cli !== undefined) return { server, cli, from: 'path', env };
  const cached = { server: join(tree, 'usr', 'bin', 'redis-server'), cli: join(tree, 'usr', 'bin', 'redis-cli') };
  if (runnable(cached.server) && runnable(cached.cli)) return { ...cached, from: 'cache', env: cachedEnv(tree, env) };
  return undefined;
}

/** How {@link provideRedis} runs programs; tests of the order replace it. */
export interface Runner {
  (
    program: string,
    args: readonly string[],
    options: { cwd?: string; env?: ProcessEnv },
  ): {
    status: number | null;
    stdout: string;
    stderr: string;
    missing: boolean;
  };
}

const run: Runner = (program, args, options) => {
  const done = spawnSync(program, args, { ...options, encoding: 'utf8', timeout: 300_000, maxBuffer: 16 << 20 });
  const missing = (done.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { status: done.status, stdout: done.stdout ?? '', stderr: done.stderr ?? '', missing };
};

/** What {@link provideRedis} reads besides the environment. */
export interface ProvideOptions {
  readonly env?: ProcessEnv;
  readonly cache?: string;
  readonly run?: Runner;
  /** Whether this process may run `apt-get update` (it writes the system's package lists). Root only by default. */
  readonly root?: boolean;
  /** Where apt keeps its package lists. */
  readonly aptLists?: string;
}

/**
 * The binaries by the whole order: found (steps 1 to 3), or downloaded into the cache (step 4)
 * by one process at a time — test files run in parallel workers, and the first one to get here
 * downloads while the others wait for the lock and then find the cache.
 *
 * @throws {RedisUnavailable} one line: what is missing and what to install.
 */
export function provideRedis(options: ProvideOptions = {}): RedisBinaries {
  const env = options.env ?? process.env;
  const cache = resolve(options.cache ?? defaultRedisCache);
  const found = findRedis(env, cache);
  if (found !== undefined) return found;
  const runner = options.run ?? run;
  for (const tool of ['apt-get', 'dpkg-deb']) {
    if (runner(tool, ['--version'], { env }).missing) {
      throw unavailable(`none is on the PATH or in ${cache}, and without ${tool} they cannot be fetched`);
    }
  }
  return withLock(`${cache}.lock`, () => findRedis(env, cache) ?? download(cache, env, runner, options));
}

function download(cache: string, env: ProcessEnv, runner: Runner, options: ProvideOptions): RedisBinaries {
  const lists = options.aptLists ?? '/var/lib/apt/lists';
  const hasLists = existsSync(lists) && readdirSync(lists).some((name) => name.includes('_Packages'));
  if (!hasLists) {
    const root = options.root ?? process.getuid?.() === 0;
    if (!root) throw unavailable(`apt has no package lists to fetch them from (run apt-get update as root once)`);
    const update = runner('apt-get', ['update', '-qq'], { env });
    if (update.status !== 0) throw unavailable(`apt-get update failed: ${lastLine(update.stderr)}`);
  }
  const debs = mkdtempSync(join(tmpdir(), 'standin-redis-debs-'));
  const staging = `${treeOf(cache)}.partial-${process.pid}`;
  try {
    mkdirSync(staging, { recursive: true });
    fetchPackages(packages, debs, staging, env, runner);
    const missing = missingLibraries(staging, env, runner);
    if (missing.length > 0) {
      // The libraries redis-tools depends on that this machine lacks (liblzf1, libjemalloc2, ...).
      const depends = libraryDepends(join(debs, debOf(debs, 'redis-tools')), runner);
      const needed = depends.filter((name) => !installed(name, env, runner));
      fetchPackages(needed, debs, staging, env, runner);
      const still = missingLibraries(staging, env, runner);
      if (still.length > 0) throw unavailable(`the downloaded redis-server cannot find ${still.join(', ')}`);
    }
    rmSync(treeOf(cache), { recursive: true, force: true });
    renameSync(staging, treeOf(cache));
  } finally {
    rmSync(debs, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
  }
  const found = findRedis({ ...env, STANDIN_REDIS_SERVER: '', PATH: '' }, cache);
  if (found === undefined) throw unavailable(`${packages.join(' and ')} held no usr/bin/redis-server or redis-cli`);
  return { ...found, from: 'download', env: cachedEnv(treeOf(cache), env) };
}

function fetchPackages(names: readonly string[], debs: string, into: string, env: ProcessEnv, runner: Runner): void {
  if (names.length === 0) return;
  const fetched = runner('apt-get', ['download', '-qq', ...names], { cwd: debs, env });
  const command = `apt-get download ${names.join(' ')}`;
  if (fetched.status !== 0) throw unavailable(`${command} failed: ${lastLine(fetched.stderr)}`);
  for (const name of names) {
    const unpacked = runner('dpkg-deb', ['-x', join(debs, debOf(debs, name)), into], { env });
    if (unpacked.status !== 0) throw unavailable(`dpkg-deb -x ${name} failed: ${lastLine(unpacked.stderr)}`);
  }
}

/** The .deb apt-get download wrote for a package: `<name>_<version>_<arch>.deb`. */
function debOf(debs: string, name: string): string {
  const file = readdirSync(debs).find((entry) => entry.startsWith(`${name}_`) && entry.endsWith('.deb'));
  if (file === undefined) throw unavailable(`apt-get download wrote no .deb for ${name}`);
  return file;
}

/** The shared libraries the unpacked redis-server (and redis-cli) cannot find, by ldd. */
function missingLibraries(tree: string, env: ProcessEnv, runner: Runner): string[] {
  const missing = new Set<string>();
  for (const program of ['redis-server', 'redis-cli']) {
    const linked = runner('ldd', [join(tree, 'usr', 'bin', program)], { env: cachedEnv(tree, env) });
    for (const match of linked.stdout.matchAll(/^\s*(\S+) => not found/gm)) missing.add(match[1]!);
  }
  return [...missing];
}

/** The `lib*` packages a .deb depends on (the first of each set of alternatives). */
function libraryDepends(deb: string, runner: Runner): string[] {
  const field = runner('dpkg-deb', ['-f', deb, 'Depends'], {}).stdout;
  return field
    .split(',')
    .map(
      (entry) =>
        entry
          .split('|')[0]!
          .trim()
          .split(/[\s(:]/)[0]!,
    )
    .filter((name) => name.startsWith('lib'));
}

function installed(name: string, env: ProcessEnv, runner: Runner): boolean {
  return runner('dpkg-query', ['-W', '-f=${db:Status-Status}', name], { env }).stdout.trim() === 'installed';
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .at(-1)
      ?.replace(/^E:\s*/, '') || 'no message'
  );
}

/** How long a lock may be held before it is taken as left behind by a process that died. */
const staleAfterMs = 10 * 60_000;

/**
 * Runs `work` holding a lock folder: `mkdir` either creates it or fails, atomically, across
 * processes. A lock whose holder is gone (or that is older than {@link staleAfterMs}) is taken over.
 */
function withLock<T>(lock: string, work: () => T): T {
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + staleAfterMs;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (abandoned(lock)) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw unavailable(`another process has held ${lock} for 10 minutes`);
      // Sleeps without spinning: the tests that wait have nothing else to do.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function abandoned(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > staleAfterMs) return true;
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // No pid file yet: the holder is between mkdir and writing it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

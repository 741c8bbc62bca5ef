import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRedis, provideRedis, RedisUnavailable, type Runner } from './redisBinaries.js';

const scratch = (): string => mkdtempSync(join(tmpdir(), 'standin-redis-find-'));

/** Writes an executable file (a stand-in for a program) at `path`. */
function program(path: string): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
  return path;
}

/** A cache folder holding an unpacked copy, as a download leaves it. */
function cachedCopy(): string {
  const cache = join(scratch(), 'standin-redis');
  program(join(cache, 'root', 'usr', 'bin', 'redis-server'));
  program(join(cache, 'root', 'usr', 'bin', 'redis-cli'));
  writeFileSync(join(mkdir(join(cache, 'root', 'usr', 'lib', 'x86_64-linux-gnu')), 'liblzf.so.1'), '');
  return cache;
}

function mkdir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

/** Package lists as apt keeps them, or none. */
function aptLists(present: boolean): string {
  const lists = mkdir(join(scratch(), 'lists'));
  if (present) writeFileSync(join(lists, 'deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages.lz4'), '');
  return lists;
}

/** Which library each soname comes from, in the fake system below. */
const libraries: Readonly<Record<string, string>> = { 'liblzf.so.1': 'liblzf1', 'libjemalloc.so.2': 'libjemalloc2' };

/**
 * A Debian machine in miniature: apt-get download writes a .deb per package, dpkg-deb -x unpacks
 * its files, ldd says which of `absent` the unpacked tree still lacks, dpkg-query knows `installed`.
 */
function debian(options: { tools?: boolean; absent?: string[]; installed?: string[] } = {}) {
  const calls: string[] = [];
  const ok = { status: 0, stdout: '', stderr: '', missing: false };
  const run: Runner = (name, args, { cwd }) => {
    calls.push([name, ...args].join(' '));
    if (options.tools === false && (name === 'apt-get' || name === 'dpkg-deb'))
      return { ...ok, status: null, missing: true };
    if (name === 'apt-get' && args[0] === 'download') {
      for (const pkg of args.filter((arg) => !arg.startsWith('-')).slice(1))
        writeFileSync(join(cwd!, `${pkg}_1.0_amd64.deb`), pkg);
      return ok;
    }
    if (name === 'dpkg-deb' && args[0] === '-x') {
      const pkg = readFileSync(args[1]!, 'utf8');
      const into = args[2]!;
      if (pkg === 'redis-server') program(join(into, 'usr', 'bin', 'redis-server'));
      if (pkg === 'redis-tools') program(join(into, 'usr', 'bin', 'redis-cli'));
      for (const [soname, owner] of Object.entries(libraries)) {
        if (owner === pkg) writeFileSync(join(mkdir(join(into, 'usr', 'lib', 'x86_64-linux-gnu')), soname), '');
      }
      return ok;
    }
    if (name === 'dpkg-deb' && args[0] === '-f') {
      return {
        ...ok,
        stdout: 'adduser, libc6 (>= 2.34), libjemalloc2 (>= 4.0.0), liblzf1 (>= 1.5), libssl3 (>= 3.0.0)\n',
      };
    }
    if (name === 'ldd') {
      const tree = dirname(dirname(dirname(args[0]!)));
      const lacking = (options.absent ?? []).filter(
        (so) => !existsSync(join(tree, 'usr', 'lib', 'x86_64-linux-gnu', so)),
      );
      return { ...ok, stdout: lacking.map((so) => `\t${so} => not found\n`).join('') };
    }
    if (name === 'dpkg-query') return { ...ok, stdout: options.installed?.includes(args.at(-1)!) ? 'installed' : '' };
    return ok;
  };
  return { run, calls };
}

describe(findRedis, () => {
  it('takes STANDIN_REDIS_SERVER first, with the redis-cli beside it, over the PATH and the cache', () => {
    const named = program(join(scratch(), 'redis-server'));
    program(join(dirname(named), 'redis-cli'));
    const path = dirname(program(join(scratch(), 'redis-server')));
    program(join(path, 'redis-cli'));
    const found = findRedis({ STANDIN_REDIS_SERVER: named, PATH: path }, cachedCopy());
    expect(found).toMatchObject({ from: 'env', server: named, cli: join(dirname(named), 'redis-cli') });
  });

  it('takes STANDIN_REDIS_CLI over the redis-cli beside the server', () => {
    const named = program(join(scratch(), 'redis-server'));
    const cli = program(join(scratch(), 'redis-cli'));
    expect(findRedis({ STANDIN_REDIS_SERVER: named, STANDIN_REDIS_CLI: cli })).toMatchObject({ server: named, cli });
  });

  it('refuses a STANDIN_REDIS_SERVER that names no runnable file, in one line, instead of looking further', () => {
    const path = dirname(program(join(scratch(), 'redis-server')));
    program(join(path, 'redis-cli'));
    const find = (): unknown => findRedis({ STANDIN_REDIS_SERVER: '/no/such/redis-server', PATH: path });
    expect(find).toThrow(RedisUnavailable);
    expect(find).toThrow(
      /^The Redis tests need redis-server and redis-cli: STANDIN_REDIS_SERVER is \/no\/such\/redis-server, [^\n]+$/,
    );
  });

  it('takes redis-server and redis-cli from the PATH next, over the cache', () => {
    const first = scratch();
    const second = dirname(program(join(scratch(), 'redis-server')));
    program(join(first, 'redis-cli'));
    const found = findRedis({ PATH: `${join(first, 'nothing')}:${first}:${second}` }, cachedCopy());
    expect(found).toMatchObject({ from: 'path', server: join(second, 'redis-server'), cli: join(first, 'redis-cli') });
  });

  it('takes the cached copy when the PATH lacks either program, with its libraries on LD_LIBRARY_PATH', () => {
    const path = dirname(program(join(scratch(), 'redis-server')));
    const cache = cachedCopy();
    const found = findRedis({ PATH: path, LD_LIBRARY_PATH: '/opt/lib' }, cache);
    expect(found).toMatchObject({ from: 'cache', server: join(cache, 'root', 'usr', 'bin', 'redis-server') });
    expect(found!.env.LD_LIBRARY_PATH).toBe(`${join(cache, 'root', 'usr', 'lib', 'x86_64-linux-gnu')}:/opt/lib`);
  });

  it('answers undefined when none of the three has Redis', () => {
    expect(findRedis({ PATH: scratch() }, join(scratch(), 'empty'))).toBeUndefined();
  });
});

describe(provideRedis, () => {
  it('fetches redis-server and redis-tools with apt-get download and unpacks them into the cache, last', () => {
    const cache = join(scratch(), 'standin-redis');
    const system = debian();
    const found = provideRedis({ env: { PATH: scratch() }, cache, run: system.run, aptLists: aptLists(true) });
    expect(found).toMatchObject({ from: 'download', server: join(cache, 'root', 'usr', 'bin', 'redis-server') });
    expect(system.calls.filter((call) => call.startsWith('apt-get download'))).toEqual([
      'apt-get download -qq redis-server redis-tools',
    ]);
    expect(system.calls.filter((call) => call.startsWith('dpkg-deb -x')).map((call) => call.split(' ')[3])).toEqual([
      `${join(cache, 'root')}.partial-${process.pid}`,
      `${join(cache, 'root')}.partial-${process.pid}`,
    ]);
    expect(findRedis({ PATH: '' }, cache)?.from).toBe('cache');
  });

  it('does not download what it finds', () => {
    const system = debian();
    provideRedis({ env: { PATH: scratch() }, cache: cachedCopy(), run: system.run, aptLists: aptLists(true) });
    expect(system.calls).toEqual([]);
  });

  it('fetches the libraries ldd finds missing that the machine has not installed, and only those', () => {
    const cache = join(scratch(), 'standin-redis');
    const system = debian({ absent: ['liblzf.so.1'], installed: ['libc6', 'libjemalloc2', 'libssl3'] });
    const found = provideRedis({ env: { PATH: scratch() }, cache, run: system.run, aptLists: aptLists(true) });
    expect(system.calls.filter((call) => call.startsWith('apt-get download'))).toEqual([
      'apt-get download -qq redis-server redis-tools',
      'apt-get download -qq liblzf1',
    ]);
    expect(found.env.LD_LIBRARY_PATH).toBe(join(cache, 'root', 'usr', 'lib', 'x86_64-linux-gnu'));
  });

  it('fails in one line naming a library no package supplied, and leaves no partial copy in the cache', () => {
    const cache = join(scratch(), 'standin-redis');
    const system = debian({ absent: ['libunknown.so.7'] });
    const provide = (): unknown =>
      provideRedis({ env: { PATH: scratch() }, cache, run: system.run, aptLists: aptLists(true) });
    expect(provide).toThrow(/^The Redis tests need [^\n]*cannot find libunknown\.so\.7\. Fix: [^\n]+$/);
    expect(existsSync(join(cache, 'root'))).toBe(false);
    expect(existsSync(`${join(cache, 'root')}.partial-${process.pid}`)).toBe(false);
  });

  it('without apt-get or dpkg-deb fails in one line saying what to install, downloading nothing', () => {
    const system = debian({ tools: false });
    const provide = (): unknown =>
      provideRedis({ env: { PATH: scratch() }, cache: join(scratch(), 'c'), run: system.run });
    expect(provide).toThrow(
      /^[^\n]*without apt-get they cannot be fetched\. Fix: install Redis 7 \(Debian\/Ubuntu: [^\n]+$/,
    );
    expect(system.calls).toEqual(['apt-get --version']);
  });

  it('runs apt-get update first when apt has no package lists and this is root', () => {
    const system = debian();
    provideRedis({
      env: { PATH: scratch() },
      cache: join(scratch(), 'c'),
      run: system.run,
      aptLists: aptLists(false),
      root: true,
    });
    expect(
      system.calls.filter((call) => call.startsWith('apt-get ') && !call.endsWith('--version')).slice(0, 2),
    ).toEqual(['apt-get update -qq', 'apt-get download -qq redis-server redis-tools']);
  });

  it('says in one line that apt has no package lists when it may not update them', () => {
    const system = debian();
    const provide = (): unknown =>
      provideRedis({
        env: { PATH: scratch() },
        cache: join(scratch(), 'c'),
        run: system.run,
        aptLists: aptLists(false),
        root: false,
      });
    expect(provide).toThrow(
      /^[^\n]*apt has no package lists to fetch them from \(run apt-get update as root once\)\. Fix: [^\n]+$/,
    );
    expect(system.calls.some((call) => call.startsWith('apt-get update') || call.startsWith('apt-get download'))).toBe(
      false,
    );
  });

  it('waits while another process holds the lock, then uses the copy that process unpacked', async () => {
    const cache = join(scratch(), 'standin-redis');
    const lock = `${cache}.lock`;
    const holder = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'), path = require('node:path');
       fs.mkdirSync(${JSON.stringify(lock)}, { recursive: true });
       fs.writeFileSync(path.join(${JSON.stringify(lock)}, 'pid'), String(process.pid));
       setTimeout(() => {
         for (const name of ['redis-server', 'redis-cli']) {
           const file = path.join(${JSON.stringify(cache)}, 'root', 'usr', 'bin', name);
           fs.mkdirSync(path.dirname(file), { recursive: true });
           fs.writeFileSync(file, '#!/bin/sh\\n', { mode: 0o755 });
         }
         fs.rmSync(${JSON.stringify(lock)}, { recursive: true });
       }, 300);`,
    ]);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    while (!existsSync(join(lock, 'pid'))) await new Promise((resolve) => setTimeout(resolve, 10));
    const system = debian();
    const found = provideRedis({ env: { PATH: scratch() }, cache, run: system.run, aptLists: aptLists(true) });
    expect(found.from).toBe('cache');
    expect(system.calls.filter((call) => call.startsWith('apt-get download'))).toEqual([]);
    await exited;
  });

  it('takes over a lock whose process is gone', () => {
    const cache = join(scratch(), 'standin-redis');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    writeFileSync(join(mkdir(`${cache}.lock`), 'pid'), gone);
    const found = provideRedis({ env: { PATH: scratch() }, cache, run: debian().run, aptLists: aptLists(true) });
    expect(found.from).toBe('download');
    expect(existsSync(`${cache}.lock`)).toBe(false);
  });
});

describe('provideRedis on this machine', () => {
  it(
    'fetches a runnable redis-server into a fresh cache when the PATH hides Redis (or says in one line what to install)',
    {
      timeout: 180_000,
    },
    () => {
      // A PATH with the tools the download needs and no redis-server, though one may be installed.
      const bin = mkdir(join(scratch(), 'bin'));
      for (const tool of ['apt-get', 'dpkg-deb', 'dpkg-query', 'ldd', 'tar', 'xz', 'zstd', 'gzip', 'sh', 'bash']) {
        const where = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
        if (where !== '') symlinkSync(where, join(bin, tool));
      }
      const env = { ...process.env, PATH: bin, STANDIN_REDIS_SERVER: '' };
      const cache = join(scratch(), 'standin-redis');
      const hasApt = existsSync(join(bin, 'apt-get')) && existsSync(join(bin, 'dpkg-deb'));
      if (!hasApt) {
        expect(() => provideRedis({ env, cache })).toThrow(
          /^[^\n]*without (apt-get|dpkg-deb) they cannot be fetched\. Fix: [^\n]+$/,
        );
        return;
      }
      const found = provideRedis({ env, cache });
      expect(found.from).toBe('download');
      const version = spawnSync(found.server, ['--version'], { env: found.env, encoding: 'utf8' });
      expect(version.stdout).toMatch(/^Redis server v=\d+\./);
      expect(spawnSync(found.cli, ['--version'], { env: found.env, encoding: 'utf8' }).stdout).toMatch(
        /^redis-cli \d+\./,
      );
    },
  );
});

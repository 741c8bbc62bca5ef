import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// A project that has standin installed: node_modules/.bin/standin is what `npx standin` runs there.
// (In this repository `npx standin` finds no bin: npm does not link a package's own bin into its
// node_modules/.bin, and dist/ is built only when packing.) The bin runs src/server/cli.ts through tsx.
const repo = resolve('.');
const project = mkdtempSync(join(tmpdir(), 'standin-npx-'));
mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-standin', version: '1.0.0', private: true }));
const bin = join(project, 'standin.mjs');
writeFileSync(
  bin,
  `#!/usr/bin/env node\nawait import(${JSON.stringify(pathToFileURL(join(repo, 'node_modules/tsx/dist/loader.mjs')).href)});\nawait import(${JSON.stringify(pathToFileURL(join(repo, 'src/server/cli.ts')).href)});\n`,
);
chmodSync(bin, 0o755);
symlinkSync(bin, join(project, 'node_modules', '.bin', 'standin'));
writeFileSync(join(project, 'scripts.json'), JSON.stringify({ models: { 'gpt-4.1-mini': [{ text: 'Hello' }] } }));

/** Starts `standin serve` with `command` in its own process group; answers once it prints its URL. */
async function start(command: string, args: readonly string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(command, [...args, 'serve', '--scripts', 'scripts.json'], {
    cwd: project,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_yes: 'false' },
  });
  let out = '';
  let err = '';
  const url = await new Promise<string>((found, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening at (\S+)/.exec(out);
      if (match) found(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${err}`)));
  });
  return { child, url };
}

/** Whether any process of the group `pgid` is left. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return check();
}

describe('standin serve stops cleanly', { timeout: 60_000 }, () => {
  // A process manager (docker, systemd, a test harness) signals the process it started: npx alone.
  // A terminal's Ctrl-C signals the whole foreground group. npm passes SIGINT only to its shell,
  // which waits, so SIGINT to npx's pid alone reaches no server: that one is the terminal's case.
  const cases = [
    { name: 'SIGTERM to npx alone', send: (pid: number) => process.kill(pid, 'SIGTERM') },
    { name: 'SIGINT to its process group (Ctrl-C)', send: (pid: number) => process.kill(-pid, 'SIGINT') },
    { name: 'SIGTERM to its process group', send: (pid: number) => process.kill(-pid, 'SIGTERM') },
  ];
  for (const { name, send } of cases) {
    it(`started with npx standin serve, ${name} leaves the port free and no process behind`, async () => {
      const { child, url } = await start('npx', ['--no', '--offline', 'standin']);
      const pgid = child.pid!;
      // An open keep-alive connection must not hold the server up.
      const held = await fetch(`${url}/v1/models`);
      expect(held.status).toBe(200);
      send(pgid);
      try {
        expect(await until(() => !groupAlive(pgid), 10_000)).toBe(true);
        expect(await portFree(Number(new URL(url).port))).toBe(true);
      } finally {
        if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
      }
    });
  }

  it('started as the bin itself, SIGINT stops it', async () => {
    const { child, url } = await start(bin, []);
    const exit = new Promise<number | null>((done) => child.once('exit', done));
    child.kill('SIGINT');
    try {
      expect(await exit).toBe(0);
      expect(await portFree(Number(new URL(url).port))).toBe(true);
    } finally {
      if (groupAlive(child.pid!)) process.kill(-child.pid!, 'SIGKILL');
    }
  });

  it('started by a node script that is killed (SIGKILL, no signal passed on), it stops once its parent is gone', async () => {
    const script = join(project, 'launch.mjs');
    writeFileSync(
      script,
      `import { spawn } from 'node:child_process';\nspawn(${JSON.stringify(bin)}, process.argv.slice(2), { stdio: 'inherit' });\n`,
    );
    const { child, url } = await start(process.execPath, [script]);
    const pgid = child.pid!;
    child.kill('SIGKILL');
    try {
      expect(await until(() => !groupAlive(pgid), 10_000)).toBe(true);
      expect(await portFree(Number(new URL(url).port))).toBe(true);
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  });
});

import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = ['--import', 'tsx', 'src/server/cli.ts'];
const dir = mkdtempSync(join(tmpdir(), 'standin-cli-'));

function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

describe('standin serve', { timeout: 60_000 }, () => {
  it('--help shows an example scripts file', async () => {
    const { stdout } = await run('node', [...cli, '--help']);
    expect(stdout).toContain('standin serve --scripts');
    expect(stdout).toContain('"gpt-4.1-mini"');
  });

  it('a bad scripts file prints the path of the problem and the fix, and exits 2', async () => {
    const path = file('bad.json', { models: { 'gpt-4.1-mini': [{ txt: 'Hi' }] } });
    const error = (await run('node', [...cli, 'serve', '--scripts', path]).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(2);
    expect(error.stderr).toContain("scripts.models['gpt-4.1-mini'][0].txt: unknown key 'txt'. Did you mean 'text'?");
    expect(error.stderr).not.toContain('app.fake');
  });

  it('a file that is not JSON exits 2 saying so', async () => {
    const error = (await run('node', [...cli, 'serve', '--scripts', file('broken.json', '{')]).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(2);
    expect(error.stderr).toContain('cannot read the scripts');
  });

  it('serves a streamed chat completion to curl and the control API, then stops cleanly on SIGTERM', { timeout: 60_000 }, async () => {
    const path = file('ok.json', { models: { 'gpt-4.1-mini': [{ text: 'Hello from curl' }] } });
    const child = spawn('node', [...cli, 'serve', '--scripts', path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('control token:')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    const url = /listening at (\S+)/.exec(out)![1]!;
    const token = /control token: (\S+)/.exec(out)![1]!;
    const { stdout } = await run('sh', ['test/server/curl.sh', url, token]);
    expect(stdout).toContain('data: [DONE]');
    expect(stdout).toContain('"content":"Hello from curl"');
    expect(stdout).toContain('verify:200');
    expect(stdout).toContain('unauthorized:401');
    const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
  });
});

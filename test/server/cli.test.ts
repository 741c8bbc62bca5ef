import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { scriptsJsonSchema } from '../../src/server/scriptsJsonSchema.js';

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

  it('serve --print-schema prints the scripts JSON Schema and exits 0', async () => {
    const { stdout } = await run('node', [...cli, 'serve', '--print-schema']);
    expect(JSON.parse(stdout)).toEqual(scriptsJsonSchema());
  });

  it('a bad scripts file prints the path of the problem and the fix, and exits 2', async () => {
    const path = file('bad.json', { models: { 'gpt-4.1-mini': [{ txt: 'Hi' }] } });
    const error = (await run('node', [...cli, 'serve', '--scripts', path]).catch((e: unknown) => e)) as {
      code: number;
      stderr: string;
    };
    expect(error.code).toBe(2);
    expect(error.stderr).toContain("scripts.models['gpt-4.1-mini'][0].txt: unknown key 'txt'. Did you mean 'text'?");
    expect(error.stderr).not.toContain('app.fake');
  });

  it('a file that is not JSON exits 2 saying so', async () => {
    const error = (await run('node', [...cli, 'serve', '--scripts', file('broken.json', '{')]).catch(
      (e: unknown) => e,
    )) as { code: number; stderr: string };
    expect(error.code).toBe(2);
    expect(error.stderr).toContain('cannot read the scripts');
  });

  it(
    'serves a streamed chat completion to curl and the control API, then stops cleanly on SIGTERM',
    { timeout: 60_000 },
    async () => {
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
    },
  );
});

describe('standin serve refuses files it cannot read whole', { timeout: 60_000 }, () => {
  const refused = async (args: readonly string[]): Promise<{ code: number; stderr: string }> =>
    await run('node', [...cli, 'serve', ...args], { timeout: 20_000 }).then(
      () => ({ code: 0, stderr: '' }),
      (e: unknown) => e as { code: number; stderr: string },
    );

  it('--cassette /dev/zero exits 2 with W0020 rather than reading forever', async () => {
    const error = await refused(['--cassette', '/dev/zero']);
    expect(error.code).toBe(2);
    expect(error.stderr).toContain('W0020: /dev/zero is a device, not a regular file');
  });

  it('a FIFO given as --scripts or --cassette exits 2 with W0020 rather than waiting for a writer', async () => {
    const fifo = join(dir, 'fifo');
    await run('mkfifo', [fifo]);
    for (const flag of ['--scripts', '--cassette']) {
      const error = await refused([flag, fifo]);
      expect(error.code).toBe(2);
      expect(error.stderr).toContain(`W0020: ${fifo} is a FIFO, not a regular file`);
    }
  });

  it('a scripts file nested 10,000 deep exits 2 with W0021', async () => {
    const path = file('deep.json', `{"models":{"m":[{"value":${'['.repeat(10_000)}${']'.repeat(10_000)}}]}}`);
    const error = await refused(['--scripts', path]);
    expect(error.code).toBe(2);
    expect(error.stderr).toContain(`W0021: ${path}: The JSON nests arrays and objects more than 128 deep`);
  });
});

import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { FakeServer } from '../../src/server/FakeServer.js';
import { scriptsJsonSchema } from '../../src/server/scriptsJsonSchema.js';
import { serveCommand } from '../../src/server/serveCommand.js';

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

describe(serveCommand, () => {
  const output = () => {
    const lines = { out: [] as string[], err: [] as string[] };
    return { lines, out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) };
  };

  it('--body-limit sets the largest body the server reads, and a larger one is 413 naming the flag', async () => {
    const path = file('limit.json', { models: { 'gpt-4.1-mini': [{ text: 'Hi' }] } });
    const started = await serveCommand(['serve', '--scripts', path, '--body-limit', '2000'], output());
    if (typeof started === 'number') throw new Error(`serve exited ${started}`);
    const server: FakeServer = started;
    try {
      const body = JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x'.repeat(3000) }] });
      const response = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain('standin serve --body-limit <bytes>');
    } finally {
      await server.close();
    }
  });

  it('--body-limit that is not a whole number of bytes exits 2 naming it', async () => {
    const said = output();
    expect(await serveCommand(['serve', '--scripts', 'x.json', '--body-limit', '1e3x'], said)).toBe(2);
    expect(said.lines.err.join('\n')).toContain(
      "W0009: --body-limit must be a whole number of bytes, 1024 or more; got '1e3x'.",
    );
  });

  it('an unknown option exits 2 naming it and pointing at --help, without advice about positionals', async () => {
    const said = output();
    expect(await serveCommand(['serve', '--bodylimit', '5'], said)).toBe(2);
    expect(said.lines.err).toEqual(["W0009: Unknown option '--bodylimit'. Run standin --help for the arguments."]);
  });
});

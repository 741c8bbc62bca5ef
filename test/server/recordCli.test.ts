import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeServer } from '../../src/server.js';
import type { FakeServer } from '../../src/server/FakeServer.js';
import { serveCommand } from '../../src/server/serveCommand.js';
import { startServe, stopServe, type ServeChild } from '../support/serveChild.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-record-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const serverKey = 'sk-cli-server-key-0123456789abcdef';

function file(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

/** A stdlib Python client: asks in two scopes at once (a thread each), printing each scope's answer. */
const python = `
import json, sys, threading, urllib.request
url = sys.argv[1]
asked = {"alpha": "Tell me about alpha.", "beta": "Tell me about beta."}
answers = {}
def ask(scope):
    body = json.dumps({"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": asked[scope]}]}).encode()
    request = urllib.request.Request(url + "/v1/chat/completions", data=body, headers={
        "content-type": "application/json",
        "authorization": "Bearer python-dummy-key",
        "x-standin-scope": scope,
    })
    with urllib.request.urlopen(request) as response:
        answers[scope] = json.load(response)["choices"][0]["message"]["content"]
threads = [threading.Thread(target=ask, args=(scope,)) for scope in ("beta", "alpha")]
for thread in threads: thread.start()
for thread in threads: thread.join()
print(json.dumps(answers, sort_keys=True))
`;

function runPython(url: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('python3', ['-c', python, url], (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : Number((error as { code?: number }).code ?? 1), stdout, stderr }),
    );
  });
}

/** Starts `standin serve <args>` with the server's key in its environment. */
function start(args: string[]): Promise<ServeChild> {
  return startServe(args, { ...process.env, OPENAI_API_KEY: serverKey, STANDIN_CASSETTES: '' });
}

describe('standin serve --record', { timeout: 60_000 }, () => {
  it('records a Python client in two scopes at once, then replays each its own answer with the upstream stopped', async () => {
    const upstream = await createFakeServer({
      scripts: {
        models: {
          'gpt-4.1-mini': [
            { when: { user: 'alpha' }, text: 'Alpha is the first letter.', pace: { firstMs: 150 } },
            { when: { user: 'beta' }, text: 'Beta is the second letter.', pace: { firstMs: 150 } },
          ],
        },
      },
    });
    const config = file('python-config.json', {
      models: { helpdesk: { provider: 'openai', model: 'gpt-4.1-mini' } },
      providers: { openai: { baseURL: `${upstream.url}/v1` } },
    });
    const cassette = join(dir, 'python.json');
    const recording = await start(['--record', cassette, '--config', config]);
    expect(recording.out).toContain(`recording to ${cassette} (mode record-missing)`);
    expect(recording.out).toContain(`openai requests of other models: provider openai at ${upstream.url}/v1`);
    expect(recording.out).toContain('the key in OPENAI_API_KEY');
    const recorded = await runPython(recording.url);
    expect(recorded.stderr).toBe('');
    const answers = { alpha: 'Alpha is the first letter.', beta: 'Beta is the second letter.' };
    expect(JSON.parse(recorded.stdout)).toEqual(answers);
    expect(await stopServe(recording.child)).toBe(0);
    await upstream.close();

    const text = readFileSync(cassette, 'utf8');
    expect(text).not.toContain(serverKey);
    expect(text).not.toContain('python-dummy-key');
    expect((JSON.parse(text) as { entries: unknown[] }).entries).toHaveLength(2);

    const replay = await start(['--record', cassette, '--config', config, '--mode', 'replay']);
    expect(replay.out).toContain('(mode replay)');
    const replayed = await runPython(replay.url);
    expect(replayed.stderr).toBe('');
    expect(JSON.parse(replayed.stdout)).toEqual(answers);
    expect(await stopServe(replay.child)).toBe(0);
    expect(readFileSync(cassette, 'utf8')).toBe(text);
  });
});

describe(serveCommand, () => {
  const lines: string[] = [];
  const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const cassette = join(dir, 'refused.json');

  async function refused(args: string[]): Promise<string> {
    lines.length = 0;
    const result = await serveCommand(['serve', ...args], output);
    if (typeof result !== 'number') await (result as FakeServer).close();
    expect(result).toBe(2);
    return lines.join('\n');
  }

  it("records through --redact <module>'s function, as app.cassette's redact, and refuses one that does not load", async () => {
    const upstream = await createFakeServer({
      scripts: { models: { 'gpt-4.1-mini': [{ text: 'Mail alice@example.com.' }] } },
    });
    const config = file('redact-config.json', {
      models: { helpdesk: { provider: 'openai', model: 'gpt-4.1-mini' } },
      providers: { openai: { baseURL: `${upstream.url}/v1`, apiKey: serverKey } },
    });
    const module = file('redact.mjs', "export default (text) => text.replaceAll('alice@example.com', '[email]');");
    const path = join(dir, 'redacted.json');
    lines.length = 0;
    const server = (await serveCommand(
      ['serve', '--record', path, '--config', config, '--redact', module],
      output,
    )) as FakeServer;
    const asked = { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Who is alice@example.com?' }] };
    const reply = await fetch(`${server.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify(asked) });
    expect(((await reply.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content).toBe(
      'Mail alice@example.com.',
    );
    await Promise.all([server.close(), upstream.close()]);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('alice@example.com');
    expect(text).toContain('Who is [email]?');
    expect(text).toContain('Mail [email].');
    expect(await refused(['--record', path, '--config', config, '--redact', join(dir, 'none.mjs')])).toMatch(
      /^W0009: --redact .*none\.mjs does not load/,
    );
    expect(await refused(['--redact', module])).toMatch(/^W0009: --redact goes with --record/);
  });

  it('exits 2 with W0071 for a --config file that does not exist', async () => {
    const said = await refused(['--record', cassette, '--config', join(dir, 'missing.json')]);
    expect(said).toMatch(/^W0071: .*missing\.json: cannot read the config: there is no such file\. Give a JSON file/);
  });

  it('exits 2 with W0071 for a --config file that is not JSON', async () => {
    const said = await refused(['--record', cassette, '--config', file('bad.json', '{"models": ')]);
    expect(said).toMatch(/^W0071: .*bad\.json: cannot read the config: it is not JSON\./);
  });

  it("exits 2 with the config's own code and fix for a config createApp refuses", async () => {
    const config = file('refused-config.json', { models: { helpdesk: { provider: 'openai' } } });
    const said = await refused(['--record', cassette, '--config', config]);
    expect(said).toMatch(new RegExp(`^C\\d{4}: ${config}: `));
    expect(said).toContain('models');
  });

  it('exits 2 with W0020 for a --record path that is not a regular file, rather than reading it forever', async () => {
    const config = file('fifo-config.json', {});
    expect(await refused(['--record', '/dev/zero', '--config', config])).toMatch(
      /^W0020: \/dev\/zero is a device, not a regular file/,
    );
  });

  it('exits 2 with W0009 for --record without --config', async () => {
    expect(await refused(['--record', cassette])).toMatch(/^W0009: --record needs --config <config.json>/);
  });

  it('exits 2 with W0009 for --record with --scripts or --cassette', async () => {
    const config = file('combo-config.json', {});
    expect(await refused(['--record', cassette, '--config', config, '--scripts', config])).toMatch(
      /^W0009: --record takes no --scripts/,
    );
    expect(await refused(['--record', cassette, '--config', config, '--cassette', config])).toMatch(
      /^W0009: --record takes no --cassette/,
    );
  });

  it('exits 2 with W0009 for --config or --mode without --record, and for an unknown --mode', async () => {
    const config = file('alone-config.json', {});
    expect(await refused(['--config', config])).toMatch(/^W0009: --config goes with --record/);
    expect(await refused(['--mode', 'replay'])).toMatch(/^W0009: --mode goes with --record/);
    expect(await refused(['--timing'])).toMatch(/^W0009: --timing goes with --record/);
    expect(await refused(['--record', cassette, '--config', config, '--mode', 'again'])).toBe(
      "W0009: --mode must be record, record-missing or replay; got 'again'.",
    );
  });

  it('--help names --record, --config and --mode, and record-missing as the default mode', async () => {
    lines.length = 0;
    expect(await serveCommand(['--help'], output)).toBe(0);
    expect(lines.join('\n')).toMatch(
      /--record <file>[\s\S]*--config <file>[\s\S]*--mode <mode>[\s\S]*record-missing \(the default/,
    );
  });
});

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';
import { startServe, stopServe } from '../support/serveChild.js';

const dir = mkdtempSync(join(tmpdir(), 'standin-wire-cassette-'));
const path = join(dir, 'helpdesk.json');
const ask = { model: 'gpt-4.1-mini', messages: [{ role: 'user' as const, content: 'How do I reset my password?' }] };

/** Records the cassette through a wire server: the real openai adapter calls a scripted upstream, and the cassette keeps the exchange. */
beforeAll(async () => {
  const upstream = await createFakeServer();
  upstream.fake('gpt-4.1-mini', [{ text: 'Open Settings, then Reset.' }]);
  const recording = createTestApp({
    models: { helpdesk: { provider: 'openai', model: 'gpt-4.1-mini' } },
    providers: { openai: { baseURL: `${upstream.url}/v1`, apiKey: 'sk-test' } },
  });
  const cassette = recording.cassette(path, { mode: 'record' });
  const front = await createFakeServer({ app: recording });
  const reply = await new OpenAI({ baseURL: `${front.url}/v1`, apiKey: 'test', maxRetries: 0 }).chat.completions.create(
    ask,
  );
  expect(reply.choices[0]!.message.content).toBe('Open Settings, then Reset.');
  await cassette.save();
  await Promise.all([front.close(), upstream.close()]);
  await recording.dispose();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('FakeServer', () => {
  describe('createFakeServer({ app })', () => {
    it("serves the app's cassette over the wire", async () => {
      const app = createTestApp({ models: { helpdesk: { provider: 'openai', model: 'gpt-4.1-mini' } } });
      app.cassette(path);
      const server = await createFakeServer({ app });
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      expect((await client.chat.completions.create(ask)).choices[0]!.message.content).toBe(
        'Open Settings, then Reset.',
      );
      const missed = await client.chat.completions
        .create({ ...ask, messages: [{ role: 'user', content: 'Something else' }] })
        .catch((error: unknown) => error);
      expect(missed).toMatchObject({ status: 400, message: expect.stringContaining('T0040') });
      await server.close();
      await app.dispose();
    });
  });
});

describe('standin serve --cassette', () => {
  it(
    'replays the cassette to the openai client by the model id it recorded, and stops on SIGINT',
    { timeout: 60_000 },
    async () => {
      const { child, out, url } = await startServe(['--cassette', path]);
      expect(out).toContain('models gpt-4.1-mini, helpdesk');
      const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'test', maxRetries: 0 });
      expect((await client.chat.completions.create(ask)).choices[0]!.message.content).toBe(
        'Open Settings, then Reset.',
      );
      expect(await stopServe(child)).toBe(0);
    },
  );

  it('a path with no cassette exits 2 saying so', { timeout: 60_000 }, async () => {
    const child = spawn(
      'node',
      ['--import', 'tsx', 'src/server/cli.ts', 'serve', '--cassette', join(dir, 'none.json')],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('W0017');
  });

  it(
    "a cassette entry with model '__proto__' exits 2 with the cassette's code V0001, not a config code",
    { timeout: 60_000 },
    async () => {
      const cassette = JSON.parse(readFileSync(path, 'utf8')) as { entries: { model?: string }[] };
      cassette.entries[0]!.model = '__proto__';
      const hostile = join(dir, 'proto.json');
      writeFileSync(hostile, JSON.stringify(cassette));
      const child = spawn('node', ['--import', 'tsx', 'src/server/cli.ts', 'serve', '--cassette', hostile], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(2);
      expect(err).toContain(`V0001: ${hostile}:`);
      expect(err).toContain("entries[0].model is '__proto__'");
    },
  );
});

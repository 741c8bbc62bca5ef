import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../src/testing.js';
import { LoopbackServer, stream } from '../../services/providers/loopback/LoopbackServer.js';
import { chatStream, textParts } from '../../support/openaiStreams.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { appOn, exercise, KEY, serveEverything, useFolder } from './support.js';

const folder = useFolder();

async function recordEverything(path: string): Promise<string> {
  const server = await LoopbackServer.start();
  try {
    serveEverything(server);
    const app = appOn(server.url());
    const cassette = app.cassette(path, { mode: 'record' });
    await exercise(app);
    await cassette.save();
  } finally {
    await server.close();
  }
  return readFileSync(path, 'utf8');
}

describe('Cassette', () => {
  describe('.save', () => {
    it('gives byte-identical files when the same exchanges are recorded twice', async () => {
      const first = await recordEverything(join(folder(), 'first.json'));
      const second = await recordEverything(join(folder(), 'second.json'));
      expect(second).toBe(first);
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
    });

    it('writes sorted keys, two-space indents and a trailing newline, and no request ids', async () => {
      const text = await recordEverything(join(folder(), 'c.json'));
      const parsed = JSON.parse(text) as { standin: string; version: number; entries: unknown[] };
      expect(parsed).toMatchObject({ standin: 'cassette', version: 1 });
      expect(text.startsWith('{\n  "entries": [\n')).toBe(true);
      expect(text.endsWith('\n}\n')).toBe(true);
      expect(text).not.toMatch(/requestId|request-|call:|"scope"|ticket-7/);
      expect(text).not.toMatch(/\d{4}-\d\d-\d\dT/);
    });

    it('never writes an API key, a piece of one, an auth header or credentials in a URL', async () => {
      const server = await LoopbackServer.start();
      const path = join(folder(), 'secrets.json');
      try {
        const echo = `Sent with Authorization: Bearer ${KEY} and x-api-key: ${KEY} to https://admin:hunter2pass@proxy.example.com/v1 (key ends ${KEY.slice(-12)})`;
        server.on('/v1/chat/completions', stream(chatStream(textParts([echo]))));
        const app = createTestApp({
          models: { backup: { provider: 'openai', model: 'gpt-test' } },
          providers: { openai: { baseURL: `${server.url('/v1')}`, apiKey: KEY } },
        });
        const cassette = app.cassette(path, { mode: 'record' });
        const reply = await app.reply('backup', { messages: `My key is ${KEY}, see https://me:secretpw@example.com` });
        expect(reply.text).toContain(KEY);
        await cassette.save();
      } finally {
        await server.close();
      }
      const text = readFileSync(path, 'utf8');
      expect(text).not.toContain(KEY);
      for (let at = 0; at + 8 <= KEY.length; at++) expect(text).not.toContain(KEY.slice(at, at + 8));
      expect(text).not.toContain('hunter2pass');
      expect(text).not.toContain('secretpw');
      expect(text).toContain('https://[redacted]@proxy.example.com/v1');
      expect(text).toContain('Authorization: [redacted]');
    });

    it("passes every string through the settings' redact, and a call with the same secret still replays", async () => {
      const path = join(folder(), 'redact.json');
      const redact = (text: string) => text.replaceAll('alice@example.com', '[email]');
      const provider = scripted((request) => says(`Hello ${JSON.stringify(request.messages)}`));
      const recording = appWith({ openai: provider }, { models: { backup: { provider: 'openai', model: 'm' } } });
      const cassette = recording.cassette(path, { mode: 'record', redact });
      const live = await recording.reply('backup', { messages: 'I am alice@example.com' });
      await cassette.save();
      expect(readFileSync(path, 'utf8')).not.toContain('alice@example.com');

      const replaying = createTestApp({ models: { backup: { provider: 'openai', model: 'm' } } });
      replaying.cassette(path, { redact });
      const replayed = await replaying.reply('backup', { messages: 'I am alice@example.com' });
      expect(replayed.text).toBe(redact(live.text));
    });

    it('makes the folder, and leaves no temporary file behind', async () => {
      const path = join(folder(), 'deep', 'er', 'c.json');
      const app = appWith(
        { openai: scripted([says('Hi')]) },
        { models: { backup: { provider: 'openai', model: 'm' } } },
      );
      const cassette = app.cassette(path, { mode: 'record' });
      await app.reply('backup', { messages: 'Hello' });
      await Promise.all([cassette.save(), cassette.save(), cassette.save()]);
      expect(readdirSync(join(folder(), 'deep', 'er'))).toEqual(['c.json']);
    });

    it('writes nothing in replay mode', async () => {
      const path = join(folder(), 'none.json');
      const app = createTestApp({ models: { backup: { provider: 'openai', model: 'm' } } });
      await app.cassette(path).save();
      expect(existsSync(path)).toBe(false);
    });

    it('throws V0003 when the file cannot be written', async () => {
      const path = join(folder(), 'c.json');
      const app = appWith(
        { openai: scripted([says('Hi')]) },
        { models: { backup: { provider: 'openai', model: 'm' } } },
      );
      const cassette = app.cassette(join(path, 'inside-a-file.json'), { mode: 'record' });
      await app.reply('backup', { messages: 'Hello' });
      const other = appWith(
        { openai: scripted([says('Hi')]) },
        { models: { backup: { provider: 'openai', model: 'm' } } },
      );
      const blocker = other.cassette(path, { mode: 'record' });
      await other.reply('backup', { messages: 'Hello' });
      await blocker.save();
      await expect(cassette.save()).rejects.toMatchObject({ code: 'V0003' });
    });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../src/testing.js';
import { appWith, says, scripted } from '../../support/providers.js';
import { useFolder } from './support.js';

const folder = useFolder();
const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };
/** A provider that answers after a delay that varies per request, so parallel scopes interleave. */
const echo = () =>
  scripted((request) => {
    const last = request.messages.at(-1);
    return says(`re: ${last?.role === 'user' ? last.content : '?'}`, {
      tokensIn: request.messages.length,
      tokensOut: 3,
    });
  });

/** Each scope asks two things of its own, the second after the first. */
async function conversation(app: ReturnType<typeof createTestApp>, i: number): Promise<string[]> {
  return app.scope(`user-${String(i).padStart(2, '0')}`, async () => {
    await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
    const first = await app.reply('writer', { messages: `question ${i}` });
    const second = await app.reply('writer', {
      messages: [
        { role: 'user', content: `question ${i}` },
        { role: 'assistant', content: first.text },
        { role: 'user', content: 'and then?' },
      ],
    });
    return [first.text, second.text];
  });
}

describe('Cassette', () => {
  describe('in parallel scopes', () => {
    it('records 50 scopes at once with every exchange in the file once, each scope in call order', async () => {
      const path = join(folder(), 'scopes.json');
      const app = appWith({ anthropic: echo() }, config);
      const cassette = app.cassette(path, { mode: 'record' });
      const live = await Promise.all(Array.from({ length: 50 }, (_, i) => conversation(app, i)));
      await cassette.save();
      const entries = (
        JSON.parse(readFileSync(path, 'utf8')) as { entries: { request: { messages: { content: string }[] } }[] }
      ).entries;
      expect(entries).toHaveLength(100);
      expect(new Set(entries.map((e) => JSON.stringify(e.request))).size).toBe(100);
      expect(entries.slice(0, 2).map((e) => e.request.messages.length)).toEqual([1, 3]);
      expect(entries[0]!.request.messages[0]!.content).toBe('question 0');

      const replaying = createTestApp(config);
      const tape = replaying.cassette(path);
      const replayed = await Promise.all(Array.from({ length: 50 }, (_, i) => conversation(replaying, 49 - i)));
      expect(replayed.reverse()).toEqual(live);
      await expect(tape.verify()).resolves.toBeUndefined();
    });

    it('keeps one recording of a request 50 scopes all ask, and replays it to each of them', async () => {
      const path = join(folder(), 'same.json');
      const app = appWith({ anthropic: echo() }, config);
      const cassette = app.cassette(path, { mode: 'record' });
      await Promise.all(
        Array.from({ length: 50 }, (_, i) => app.scope(`s${i}`, () => app.reply('writer', { messages: 'Hello' }))),
      );
      await cassette.save();
      expect(cassette.entries).toHaveLength(1);

      const replaying = createTestApp(config);
      replaying.cassette(path);
      const texts = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          replaying.scope(`s${i}`, async () => (await replaying.reply('writer', { messages: 'Hello' })).text),
        ),
      );
      expect(new Set(texts)).toEqual(new Set(['re: Hello']));
    });

    it('gives the nth asking of a request in a scope the nth recording of it', async () => {
      const path = join(folder(), 'nth.json');
      let n = 0;
      const app = appWith({ anthropic: scripted(() => says(`answer ${++n}`)) }, config);
      const cassette = app.cassette(path, { mode: 'record' });
      await app.scope('a', async () => {
        await app.reply('writer', { messages: 'Again?' });
        await app.reply('writer', { messages: 'Again?' });
      });
      await cassette.save();

      const replaying = createTestApp(config);
      replaying.cassette(path);
      const ask = (scope: string) =>
        replaying.scope(scope, async () => [
          (await replaying.reply('writer', { messages: 'Again?' })).text,
          (await replaying.reply('writer', { messages: 'Again?' })).text,
        ]);
      expect(await Promise.all([ask('x'), ask('y')])).toEqual([
        ['answer 1', 'answer 2'],
        ['answer 1', 'answer 2'],
      ]);
    });
  });
});

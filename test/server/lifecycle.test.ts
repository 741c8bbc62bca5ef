import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from 'standin';
import { createFakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the apps disposed while `fn` runs. */
function disposals(): App[] {
  const disposed: App[] = [];
  const original = App.prototype.dispose;
  vi.spyOn(App.prototype, 'dispose').mockImplementation(function (this: App) {
    disposed.push(this);
    return original.call(this);
  });
  return disposed;
}

const ask = (client: OpenAI, model: string): Promise<string | null> =>
  client.chat.completions
    .create({ model, messages: [{ role: 'user', content: 'Hi' }] })
    .then((reply) => reply.choices[0]!.message.content);

describe('FakeServer', () => {
  describe('.fake', () => {
    it('disposes the app it answered with once the scripted models change, and answers from a new one', async () => {
      const disposed = disposals();
      const server = await createFakeServer();
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      server.fake('gpt-4.1-mini', [{ text: 'one' }]);
      expect(await ask(client, 'gpt-4.1-mini')).toBe('one');
      server.fake('gpt-4.1', [{ text: 'two' }]);
      expect(await ask(client, 'gpt-4.1')).toBe('two');
      expect(disposed).toHaveLength(1);
      server.fake('o4-mini', [{ text: 'three' }]);
      expect(await ask(client, 'o4-mini')).toBe('three');
      expect(disposed).toHaveLength(2);
      await server.close();
      expect(disposed).toHaveLength(3);
    });

    it('keeps a replaced app until the call running on it ends', async () => {
      const disposed = disposals();
      const server = await createFakeServer();
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      server.fake('gpt-4.1-mini', [{ text: 'slow', delayMs: 300 }]);
      const slow = ask(client, 'gpt-4.1-mini');
      await vi.waitFor(() => expect(server.sent).toHaveLength(1));
      server.fake('gpt-4.1', [{ text: 'quick' }]);
      expect(await ask(client, 'gpt-4.1')).toBe('quick');
      expect(disposed).toHaveLength(0);
      expect(await slow).toBe('slow');
      await vi.waitFor(() => expect(disposed).toHaveLength(1));
      await server.close();
    });

    it('scripting the same models again keeps the app', async () => {
      const disposed = disposals();
      const server = await createFakeServer();
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      for (const text of ['a', 'b', 'c']) {
        server.fake('gpt-4.1-mini', [{ text }]);
        expect(await ask(client, 'gpt-4.1-mini')).toBe(text);
      }
      expect(disposed).toHaveLength(0);
      await server.close();
    });
  });

  describe('.close', () => {
    it('never disposes an app it was given', async () => {
      const disposed = disposals();
      const app = createTestApp({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
      const server = await createFakeServer({ app });
      server.fake('gpt-4.1-mini', [{ text: 'Hi' }]);
      expect(
        await ask(new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 }), 'gpt-4.1-mini'),
      ).toBe('Hi');
      await server.close();
      expect(disposed).toHaveLength(0);
    });
  });
});

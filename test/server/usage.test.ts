import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from 'standin/testing';
import { createFakeServer, type FakeServer } from 'standin/server';

/*
 * Units a fake states with their splits (cached input read and written, reasoning output), written by each dialect
 * where its provider reports them and read back by the adapters and the official clients.
 */

let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

const units = { tokensIn: 120, tokensOut: 40, cachedIn: 100, cacheWriteIn: 10, reasoningOut: 25 };

/** An app whose models are the server's, through the real adapters. */
function appOnServer() {
  const app = createTestApp({
    models: {
      chat: { provider: 'openai', model: 'usage-chat' },
      responses: { provider: 'responses', model: 'usage-responses' },
      anthropic: { provider: 'anthropic', model: 'usage-claude' },
      gemini: { provider: 'gemini', model: 'usage-gemini' },
    },
    providers: {
      openai: { baseURL: `${server.url}/v1`, apiKey: 'test' },
      responses: { adapter: 'openai', api: 'responses', baseURL: `${server.url}/v1`, apiKey: 'test' },
      anthropic: { baseURL: server.url, apiKey: 'test' },
      gemini: { baseURL: `${server.url}/v1beta`, apiKey: 'test' },
    },
  });
  app.allowRealCalls();
  return app;
}

describe('FakeServer', () => {
  describe('units with their splits', () => {
    const cases = [
      ['chat', 'usage-chat', { cachedIn: 100, reasoningOut: 25 }],
      ['responses', 'usage-responses', { cachedIn: 100, reasoningOut: 25 }],
      ['anthropic', 'usage-claude', { cachedIn: 100, cacheWriteIn: 10 }],
      ['gemini', 'usage-gemini', { cachedIn: 100, reasoningOut: 25 }],
    ] as const;
    for (const [model, id, splits] of cases) {
      it(`reach the ${model} adapter with the splits its provider reports`, async () => {
        server.fake(id, [{ text: 'Hi.', units }]);
        const reply = await appOnServer().reply(model, { messages: 'Hello' });
        expect(reply.units).toEqual({ tokensIn: 120, tokensOut: 40, ...splits });
      });
    }

    it("reach the openai client's streamed usage chunk as cached and reasoning token details", async () => {
      server.fake('usage-client', [{ text: 'Hi.', units }]);
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test' });
      const stream = await client.chat.completions.create({
        model: 'usage-client',
        messages: [{ role: 'user', content: 'Hello' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let usage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) usage = chunk.usage ?? usage;
      expect(usage).toMatchObject({
        prompt_tokens: 120,
        completion_tokens: 40,
        prompt_tokens_details: { cached_tokens: 100 },
        completion_tokens_details: { reasoning_tokens: 25 },
      });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tool } from 'standin';
import { createTestApp } from 'standin/testing';
import { createFakeServer, type FakeServer } from 'standin/server';

/*
 * Reasoning the wire server's fakes script, signed as each provider signs it, carried to a client in the provider's
 * bytes and read back from the client's next step.
 */

let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

const weather = tool({
  description: 'The weather in a city.',
  input: z.object({ city: z.string() }),
  run: ({ city }) => ({ city, sky: 'sunny' }),
});

/** An app whose three models are the server's, through the real adapters. */
function appOnServer() {
  const app = createTestApp({
    models: {
      anthropic: { provider: 'anthropic', model: 'claude-think' },
      gemini: { provider: 'gemini', model: 'gemini-think' },
      openai: { provider: 'openai', model: 'o-think' },
    },
    providers: {
      anthropic: { baseURL: server.url, apiKey: 'test' },
      gemini: { baseURL: `${server.url}/v1beta`, apiKey: 'test' },
      openai: { baseURL: `${server.url}/v1`, apiKey: 'test', api: 'responses', body: { reasoning: {} } },
    },
  });
  app.allowRealCalls();
  return app;
}

describe('FakeServer', () => {
  describe('scripted reasoning with its continuation', () => {
    const cases = [
      {
        model: 'anthropic',
        id: 'claude-think',
        reasoning: [
          { text: 'Weather first.', signature: 'sig-a' },
          { text: '', signature: 'enc-a', redacted: true },
        ],
      },
      { model: 'gemini', id: 'gemini-think', reasoning: [{ text: 'Weather first.', signature: 'sig-g' }] },
      { model: 'openai', id: 'o-think', reasoning: [{ text: 'Weather first.', signature: 'enc-o', id: 'rs_o' }] },
    ] as const;
    for (const { model, id, reasoning } of cases) {
      it(`reaches the ${model} adapter signed, and comes back in its next step as it was scripted`, async () => {
        const fake = server.fake(id, [
          { reasoning, calls: [{ tool: 'weather', with: { city: 'Paris' }, signature: 'sig-call' }] },
          { text: 'Sunny in Paris.' },
        ]);
        const result = await appOnServer().run({ model, tools: { weather } }, 'Weather in Paris?');
        expect(result.text).toBe('Sunny in Paris.');
        const second = fake.sent[1]!.input as { messages: { role: string; reasoning?: unknown }[] };
        expect(second.messages.find((message) => message.role === 'assistant')?.reasoning).toEqual(reasoning);
        fake.verify();
      });
    }
  });
});

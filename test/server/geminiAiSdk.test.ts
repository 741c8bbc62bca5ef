import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { embed, generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeServer, type FakeServer, type Scripts } from 'standin/server';
import { embedByHash } from 'standin/testing';

const getWeather = tool({
  description: 'The weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, sky: 'sunny' }),
});
const triage = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
const conversation = [{ calls: [{ tool: 'getWeather', with: { city: 'Paris' } }] }, { text: 'It is sunny in Paris.' }];

describe('FakeServer', () => {
  let server: FakeServer;
  let scopes = 0;

  beforeAll(async () => {
    server = await createFakeServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A fresh scope per test, named by the API key (sent as x-goog-api-key), with the model scripted there. */
  function scoped(
    model: string,
    answers: NonNullable<Scripts['models']>[string],
  ): { scope: string; google: ReturnType<typeof createGoogleGenerativeAI> } {
    const scope = `gemini-ai-sdk-${++scopes}`;
    server.load({ models: { [model]: answers } }, scope);
    return { scope, google: createGoogleGenerativeAI({ baseURL: `${server.url}/v1beta`, apiKey: `scope:${scope}` }) };
  }

  describe('@ai-sdk/google', () => {
    it('generateText drives a two-step tool conversation', async () => {
      const { scope, google } = scoped('gemini-test', conversation);
      const result = await generateText({
        model: google('gemini-test'),
        tools: { getWeather },
        stopWhen: stepCountIs(3),
        prompt: 'Weather in Paris?',
        maxRetries: 0,
      });
      expect(result.text).toBe('It is sunny in Paris.');
      expect(result.steps).toHaveLength(2);
      expect(result.steps[0]!.toolResults[0]!.output).toEqual({ city: 'Paris', sky: 'sunny' });
      const second = server.sent.filter((entry) => entry.scope === scope)[1]!.input as { messages: unknown[] };
      expect(second.messages.at(-1)).toMatchObject({
        role: 'tool',
        results: [{ tool: 'getWeather', output: { city: 'Paris', sky: 'sunny' } }],
      });
      await server.verify(scope);
    });

    it('streamText streams the same conversation', async () => {
      const { scope, google } = scoped('gemini-test', conversation);
      const result = streamText({
        model: google('gemini-test'),
        tools: { getWeather },
        stopWhen: stepCountIs(3),
        prompt: 'Weather in Paris?',
        maxRetries: 0,
      });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      expect(text).toBe('It is sunny in Paris.');
      expect(await result.steps).toHaveLength(2);
      expect((await result.totalUsage).inputTokens).toBeTypeOf('number');
      await server.verify(scope);
    });

    it('gives a typed value as structured output (responseJsonSchema)', async () => {
      const { google } = scoped('gemini-test', [{ value: { team: 'billing', urgent: true } }]);
      const result = await generateText({
        model: google('gemini-test'),
        output: Output.object({ schema: triage }),
        prompt: 'My card was charged twice.',
        maxRetries: 0,
      });
      expect(result.output).toEqual({ team: 'billing', urgent: true });
    });

    it('retries a scripted 429 and gets the answer, not streamed and streamed', async () => {
      const { scope, google } = scoped('gemini-test', [
        { fail: 'rate_limit' },
        { text: 'ok' },
        { fail: 'server' },
        { text: 'again' },
      ]);
      const result = await generateText({ model: google('gemini-test'), prompt: 'x', maxRetries: 2 });
      expect(result.text).toBe('ok');
      const streamed = streamText({ model: google('gemini-test'), prompt: 'y', maxRetries: 2 });
      let text = '';
      for await (const delta of streamed.textStream) text += delta;
      expect(text).toBe('again');
      expect(server.sent.filter((entry) => entry.scope === scope)).toHaveLength(4);
      await server.verify(scope);
    });

    it('finishes with content-filter on a blocked prompt', async () => {
      const { google } = scoped('gemini-test', [{ fail: 'content_filter' }]);
      const result = await generateText({ model: google('gemini-test'), prompt: 'x', maxRetries: 0 });
      expect(result.finishReason).toBe('content-filter');
    });

    it('embeds through embedContent', async () => {
      const { google } = scoped('gemini-embedding', { embed: { dimensions: 4 } });
      const { embedding } = await embed({
        model: google.embedding('gemini-embedding'),
        value: 'refund',
        maxRetries: 0,
      });
      expect(embedding).toEqual(embedByHash(4)('refund'));
    });
  });
});

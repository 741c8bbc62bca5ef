import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, Output, stepCountIs, streamText, tool, type LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeServer, type FakeServer } from 'standin/server';

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

  /** A fresh scope per test, named by the API key, with the model scripted there. */
  function scoped(model: string, answers: unknown[]): string {
    const scope = `ai-sdk-${++scopes}`;
    server.load({ models: { [model]: answers } }, scope);
    return `scope:${scope}`;
  }

  const providers: Record<string, { id: string; make: (apiKey: string) => { model: LanguageModel } }> = {
    '@ai-sdk/openai (responses)': {
      id: 'gpt-4.1-mini',
      make: (apiKey) => ({ model: createOpenAI({ baseURL: `${server.url}/v1`, apiKey })('gpt-4.1-mini') }),
    },
    '@ai-sdk/openai (chat)': {
      id: 'gpt-4.1-mini',
      make: (apiKey) => ({ model: createOpenAI({ baseURL: `${server.url}/v1`, apiKey }).chat('gpt-4.1-mini') }),
    },
    '@ai-sdk/anthropic': {
      id: 'claude-test-1',
      make: (apiKey) => ({ model: createAnthropic({ baseURL: `${server.url}/v1`, apiKey })('claude-test-1') }),
    },
  };

  for (const [name, { id, make }] of Object.entries(providers)) {
    describe(name, () => {
      it('generateText drives a two-step tool conversation', async () => {
        const scope = scoped(id, conversation);
        const { model } = make(scope);
        const result = await generateText({
          model,
          tools: { getWeather },
          stopWhen: stepCountIs(3),
          prompt: 'Weather in Paris?',
          maxRetries: 0,
          maxOutputTokens: 256,
        });
        expect(result.text).toBe('It is sunny in Paris.');
        expect(result.steps).toHaveLength(2);
        expect(result.steps[0]!.toolResults[0]!.output).toEqual({ city: 'Paris', sky: 'sunny' });
        await server.verify(scope.slice('scope:'.length));
      });

      it('streamText streams the same conversation', async () => {
        const scope = scoped(id, conversation);
        const { model } = make(scope);
        const result = streamText({
          model,
          tools: { getWeather },
          stopWhen: stepCountIs(3),
          prompt: 'Weather in Paris?',
          maxRetries: 0,
          maxOutputTokens: 256,
        });
        let text = '';
        for await (const delta of result.textStream) text += delta;
        expect(text).toBe('It is sunny in Paris.');
        expect(await result.steps).toHaveLength(2);
        await server.verify(scope.slice('scope:'.length));
      });

      it('gives a typed value as structured output', async () => {
        const scope = scoped(id, [{ value: { team: 'billing', urgent: true } }]);
        const { model } = make(scope);
        const result = await generateText({
          model,
          output: Output.object({ schema: triage }),
          prompt: 'My card was charged twice.',
          maxRetries: 0,
          maxOutputTokens: 256,
        });
        expect(result.output).toEqual({ team: 'billing', urgent: true });
      });
    });
  }
});

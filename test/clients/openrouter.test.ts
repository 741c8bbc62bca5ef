import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import type { LanguageModel } from 'ai';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { describe, expect } from 'vitest';
import type { FakeServer } from 'standin/server';
import {
  expected,
  expectRetried,
  expectToolResult,
  matrix,
  PROMPT,
  script,
  scoped,
  triage,
  twoScopes,
  weather,
  type Cells,
} from './matrix.js';
import { aiSdkCells } from './aiSdkCells.js';

const { cells } = matrix();
const MODEL = 'anthropic/claude-sonnet-4.5';
/** OpenRouter's own request fields, as an application sends them beside OpenAI's. */
const routing = { models: ['openai/gpt-4.1-mini'], provider: { order: ['anthropic'], allow_fallbacks: true } };

/** The `openai` client pointed at OpenRouter's API, as OpenRouter's guide has it: only its base URL and key. */
const openai = (server: FakeServer, headers: Record<string, string>): OpenAI =>
  new OpenAI({ baseURL: `${server.url}/api/v1`, apiKey: 'sk-or-v1-test', defaultHeaders: headers });

/** The AI SDK's OpenRouter provider, with its defaults. */
const aiSdk = (server: FakeServer, headers: Record<string, string>, settings = {}): LanguageModel =>
  createOpenRouter({ baseURL: `${server.url}/api/v1`, apiKey: 'sk-or-v1-test', headers }).chat(MODEL, settings);

const chatTool = {
  type: 'function' as const,
  function: { name: weather.name, description: weather.description, parameters: weather.schema },
};
const ask = { model: MODEL, messages: [{ role: 'user' as const, content: PROMPT }] };

describe('openai (OpenRouter)', () => {
  cells('OpenAI chat.completions on OpenRouter', {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      const completion = await openai(server, headers).chat.completions.create({ ...ask, ...routing });
      expect(completion.choices[0]!.message.content).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      const stream = await openai(server, headers).chat.completions.create({ ...ask, ...routing, stream: true });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const client = openai(server, headers);
      const first = await client.chat.completions.create({ ...ask, tools: [chatTool] });
      const asked = first.choices[0]!.message;
      const call = asked.tool_calls![0]!;
      expect(call.type === 'function' && call.function.name).toBe('weather');
      const input = call.type === 'function' ? (JSON.parse(call.function.arguments) as { city: string }) : undefined;
      const second = await client.chat.completions.create({
        ...ask,
        tools: [chatTool],
        messages: [
          ...ask.messages,
          asked,
          { role: 'tool', tool_call_id: call.id, content: JSON.stringify(weather.run(input!)) },
        ],
      });
      expect(second.choices[0]!.message.content).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const completion = await openai(server, headers).chat.completions.parse({
        ...ask,
        response_format: zodResponseFormat(triage, 'triage'),
      });
      expect(completion.choices[0]!.message.parsed).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      const completion = await openai(server, headers).chat.completions.create(ask);
      expect(completion.choices[0]!.message.content).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, MODEL, async (headers) => {
        const completion = await openai(server, headers).chat.completions.create(ask);
        return completion.choices[0]!.message.content ?? '';
      });
    },
    async 'models.list'(server) {
      const { headers } = scoped(server, MODEL, script.plain);
      const page = await openai(server, headers).models.list();
      expect(page.data.map((model) => model.id)).toContain(MODEL);
    },
    async "a refused model id, in OpenRouter's error body"(server) {
      const { headers } = scoped(server, MODEL, script.plain);
      const refused = await openai(server, headers)
        .chat.completions.create({ ...ask, model: 'openai/not-scripted' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
      expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({ code: 400 });
    },
  });
});

describe('@openrouter/ai-sdk-provider', () => {
  const jobs: Cells = {
    ...aiSdkCells((server, headers) => aiSdk(server, headers, routing), MODEL),
  };
  cells('createOpenRouter', jobs);
});

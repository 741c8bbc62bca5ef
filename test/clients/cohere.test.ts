import { createCohere } from '@ai-sdk/cohere';
import { embed, rerank, stepCountIs, streamText, tool } from 'ai';
import { CohereClientV2, type Cohere } from 'cohere-ai';
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
  triageSchema,
  twoScopes,
  weather,
} from './matrix.js';
import { aiSdkCells } from './aiSdkCells.js';

const { cells } = matrix();
const MODEL = 'command-test';
let fakes = 0;

/** The official client with its defaults: only where it goes, its key and its default headers. */
const client = (server: FakeServer, headers: Record<string, string>): CohereClientV2 =>
  new CohereClientV2({ token: 'co-key', environment: server.url, headers });

/** `@ai-sdk/cohere` with its defaults: only where it goes, its key and its headers. */
const aiSdk = (server: FakeServer, headers: Record<string, string>) =>
  createCohere({ baseURL: `${server.url}/v2`, apiKey: 'co-key', headers });

const ask = { model: MODEL, messages: [{ role: 'user' as const, content: PROMPT }] };
const tools: Cohere.ToolV2[] = [
  {
    type: 'function',
    function: { name: weather.name, description: weather.description, parameters: weather.schema },
  },
];

/** The text of a whole chat response. */
const textOf = (response: Cohere.V2ChatResponse): string =>
  (response.message.content ?? []).map((item) => (item.type === 'text' ? item.text : '')).join('');

/** A model of embed or rank answers, faked in a scope of its own; the scope header its client sends. */
function faked(server: FakeServer, model: string, answers: Parameters<FakeServer['fake']>[1]) {
  const scope = `cohere-${process.pid}-${++fakes}`;
  server.fake(model, answers, scope);
  return { scope, headers: { 'x-standin-scope': scope } };
}

const vectorOf = (text: string): number[] => [text.length, 0.5];
const scoreOf = (texts: readonly string[]): number[] => texts.map((text) => (text.includes('password') ? 0.9 : 0.1));
const documents = ['billing', 'reset a password', 'refunds'];

describe('cohere-ai', () => {
  cells('CohereClientV2', {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      expect(textOf(await client(server, headers).chat(ask))).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      let text = '';
      for await (const event of await client(server, headers).chatStream(ask))
        if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async 'tools (chatStream)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const co = client(server, headers);
      const messages: Cohere.ChatMessageV2[] = [{ role: 'user', content: PROMPT }];
      let args = '';
      let id = '';
      for await (const event of await co.chatStream({ model: MODEL, messages, tools })) {
        if (event.type === 'tool-call-start') id = event.delta?.message?.toolCalls?.id ?? '';
        if (event.type === 'tool-call-delta') args += event.delta?.message?.toolCalls?.function?.arguments ?? '';
      }
      expect(JSON.parse(args)).toEqual({ city: 'Paris' });
      messages.push(
        {
          role: 'assistant',
          toolCalls: [{ id, type: 'function', function: { name: 'weather', arguments: args } }],
        },
        { role: 'tool', toolCallId: id, content: JSON.stringify(weather.run({ city: 'Paris' })) },
      );
      let text = '';
      for await (const event of await co.chatStream({ model: MODEL, messages, tools }))
        if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
      expect(text).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const co = client(server, headers);
      const messages: Cohere.ChatMessageV2[] = [{ role: 'user', content: PROMPT }];
      const first = await co.chat({ model: MODEL, messages, tools });
      expect(first.finishReason).toBe('TOOL_CALL');
      const call = first.message.toolCalls![0]!;
      expect(call.function?.name).toBe('weather');
      messages.push(
        {
          role: 'assistant',
          toolCalls: first.message.toolCalls!,
          ...(first.message.toolPlan === undefined ? {} : { toolPlan: first.message.toolPlan }),
        },
        {
          role: 'tool',
          toolCallId: call.id!,
          content: JSON.stringify(weather.run(JSON.parse(call.function!.arguments!) as { city: string })),
        },
      );
      expect(textOf(await co.chat({ model: MODEL, messages, tools }))).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const response = await client(server, headers).chat({
        ...ask,
        responseFormat: { type: 'json_object', jsonSchema: triageSchema },
      });
      expect(JSON.parse(textOf(response))).toEqual(expected.structured);
      await server.verify(scope);
    },
    // The client retries a 429 by itself (twice by default), after the `retry-after` the server sends.
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      expect(textOf(await client(server, headers).chat(ask))).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, MODEL, async (headers) => textOf(await client(server, headers).chat(ask)));
    },
    async embed(server) {
      const { headers } = faked(server, 'embed-test', { embed: vectorOf });
      const response = await client(server, headers).embed({
        model: 'embed-test',
        texts: ['hi', 'hello'],
        inputType: 'search_document',
        embeddingTypes: ['float'],
      });
      expect(response.embeddings.float).toEqual([vectorOf('hi'), vectorOf('hello')]);
    },
    async rerank(server) {
      const { headers } = faked(server, 'rerank-test', { rank: (_query, texts) => scoreOf(texts) });
      const response = await client(server, headers).rerank({
        model: 'rerank-test',
        query: 'reset',
        documents,
        topN: 2,
      });
      expect(response.results).toEqual([
        { index: 1, relevanceScore: 0.9 },
        { index: 0, relevanceScore: 0.1 },
      ]);
    },
  });
});

const weatherTool = tool({ description: weather.description, inputSchema: weather.input, execute: weather.run });

describe('@ai-sdk/cohere', () => {
  cells('createCohere', {
    ...aiSdkCells((server, headers) => aiSdk(server, headers)(MODEL), MODEL),
    async 'tools (streamText)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const result = streamText({
        model: aiSdk(server, headers)(MODEL),
        tools: { weather: weatherTool },
        stopWhen: stepCountIs(3),
        prompt: PROMPT,
      });
      expect(await result.text).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async embed(server) {
      const { headers } = faked(server, 'embed-test', { embed: vectorOf });
      const result = await embed({ model: aiSdk(server, headers).embedding('embed-test'), value: 'hello' });
      expect(result.embedding).toEqual(vectorOf('hello'));
    },
    async rerank(server) {
      const { headers } = faked(server, 'rerank-test', { rank: (_query, texts) => scoreOf(texts) });
      const result = await rerank({
        model: aiSdk(server, headers).reranking('rerank-test'),
        documents,
        query: 'reset',
        topN: 1,
      });
      expect(result.ranking).toEqual([{ originalIndex: 1, score: 0.9, document: 'reset a password' }]);
    },
  });
});

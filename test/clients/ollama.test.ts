import { Ollama, type Message } from 'ollama';
import { createOllama } from 'ollama-ai-provider-v2';
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
const MODEL = 'llama3.2';

/** The official client with its defaults: only where it goes and its headers. */
const client = (server: FakeServer, headers: Record<string, string>): Ollama =>
  new Ollama({ host: server.url, headers });

const ask = { model: MODEL, messages: [{ role: 'user', content: PROMPT }] };
const tools = [
  {
    type: 'function',
    function: { name: weather.name, description: weather.description, parameters: weather.schema },
  },
];

describe('ollama (the official client)', () => {
  cells('Ollama chat', {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      const response = await client(server, headers).chat(ask);
      expect(response).toMatchObject({ done: true, done_reason: 'stop', message: { content: expected.plain } });
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      let text = '';
      let done = 0;
      for await (const chunk of await client(server, headers).chat({ ...ask, stream: true })) {
        text += chunk.message.content;
        if (chunk.done) done++;
      }
      expect({ text, done }).toEqual({ text: expected.stream, done: 1 });
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const ollama = client(server, headers);
      const messages: Message[] = [...ask.messages];
      const first = await ollama.chat({ model: MODEL, messages, tools });
      const call = first.message.tool_calls![0]!;
      expect(call.function).toEqual({ index: 0, name: 'weather', arguments: { city: 'Paris' } });
      messages.push(first.message, {
        role: 'tool',
        content: JSON.stringify(weather.run(call.function.arguments as { city: string })),
        tool_name: call.function.name,
      });
      const second = await ollama.chat({ model: MODEL, messages, tools });
      expect(second.message.content).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const response = await client(server, headers).chat({ ...ask, format: triageSchema });
      expect(JSON.parse(response.message.content)).toEqual(expected.structured);
      await server.verify(scope);
    },
    // The client does not retry: the 429 reaches the caller as its ResponseError, in Ollama's { error } body, and the
    // caller's own retry of the same request gets the step's answer.
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      const ollama = client(server, headers);
      const refused = await ollama.chat(ask).catch((error: unknown) => error);
      expect(refused).toMatchObject({ name: 'ResponseError', status_code: 429 });
      expect((refused as Error).message).toMatch(/^too many requests, retry after 1 second/);
      expect((await ollama.chat(ask)).message.content).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, MODEL, async (headers) => (await client(server, headers).chat(ask)).message.content);
    },
    async 'generate, streamed'(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      let text = '';
      for await (const chunk of await client(server, headers).generate({ model: MODEL, prompt: PROMPT, stream: true }))
        text += chunk.response;
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async embed(server) {
      const { scope, headers } = scoped(server, MODEL, { embed: { dimensions: 8 } });
      const ollama = client(server, headers);
      const both = await ollama.embed({ model: MODEL, input: ['first', 'second'] });
      const first = await ollama.embed({ model: MODEL, input: 'first' });
      expect(both.embeddings.map((vector) => vector.length)).toEqual([8, 8]);
      expect(both.embeddings[1]).not.toEqual(both.embeddings[0]);
      expect(first.embeddings).toEqual([both.embeddings[0]]);
      await server.verify(scope);
    },
    async 'a model no script serves'(server) {
      const refused = await client(server, {})
        .chat({ ...ask, model: 'not-scripted' })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ status_code: 404 });
      expect((refused as Error).message).toContain('model "not-scripted" not found');
    },
    async 'list and version'(server) {
      const { headers } = scoped(server, MODEL, script.plain);
      const ollama = client(server, headers);
      expect((await ollama.list()).models.map((model) => model.name)).toContain(MODEL);
      expect((await ollama.version()).version).toMatch(/^\d+\.\d+\.\d+$/);
    },
  });
});

/** The AI SDK's community provider with its defaults: only where it goes and its headers. */
const aiModel = (server: FakeServer, headers: Record<string, string>) =>
  createOllama({ baseURL: `${server.url}/api`, headers })(MODEL);

describe('ollama-ai-provider-v2 (the AI SDK)', () => {
  cells('createOllama', {
    ...aiSdkCells(aiModel, MODEL),
  });
});

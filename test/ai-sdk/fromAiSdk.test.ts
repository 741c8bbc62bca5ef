import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, JSONParseError, type LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromAiSdk } from '../../src/ai-sdk.js';
import { Tokens, type Provider } from '../../src/index.js';
import { createTestApp } from '../../src/testing.js';
import { messageDelta, messageStart, messageStop, textBlock, toolBlock } from '../support/anthropicStreams.js';
import { KEY } from '../services/providers/loopback/callContext.js';
import { json, type LoopbackServer, stream } from '../services/providers/loopback/LoopbackServer.js';
import { chatStream, textParts } from '../support/openaiStreams.js';
import { useLoopback } from '../services/providers/loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const usage = {
  inputTokens: { total: 9, noCache: 9, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 4, text: 4, reasoning: undefined },
};
const finish = (unified: 'stop' | 'tool-calls' | 'length' | 'content-filter' = 'stop'): LanguageModelV4StreamPart => ({
  type: 'finish',
  usage,
  finishReason: { unified, raw: unified },
});
const streamed = (...parts: LanguageModelV4StreamPart[]) => ({ stream: convertArrayToReadableStream(parts) });

/** A test app whose model 'writer' is served by `provider` under the provider name 'sdk'. */
function appOn(provider: Provider) {
  return createTestApp(
    { models: { writer: { provider: 'sdk', model: 'model-1' } }, retry: { attempts: 3 } },
    new ContainerModule(({ bind }) => {
      bind(Tokens.Provider).toConstantValue(provider).whenNamed('sdk');
    }),
  );
}

describe('fromAiSdk', () => {
  describe('on a MockLanguageModelV4', () => {
    it('replies with its text, reasoning, units and finish, and is not a real provider', async () => {
      const mock = new MockLanguageModelV4({
        doStream: streamed(
          { type: 'stream-start', warnings: [] },
          { type: 'reasoning-start', id: 'r' },
          { type: 'reasoning-delta', id: 'r', delta: 'Think.' },
          { type: 'reasoning-end', id: 'r' },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: 'Hel' },
          { type: 'text-delta', id: 't', delta: 'lo!' },
          { type: 'text-end', id: 't' },
          finish(),
        ),
      });
      const provider = fromAiSdk(mock);
      expect(provider.real).toBe(false);
      const reply = await appOn(provider).reply('writer', {
        instructions: 'Be brief.',
        messages: 'Hi',
        settings: { temperature: 0.2, toolChoice: 'none' },
      });
      expect(reply).toMatchObject({
        text: 'Hello!',
        reasoning: ['Think.'],
        units: { tokensIn: 9, tokensOut: 4 },
        finish: 'stop',
      });
      expect(mock.doStreamCalls[0]).toMatchObject({
        prompt: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        ],
        temperature: 0.2,
      });
    });

    it('gives tool calls with their JSON input parsed, and a typed value from its JSON text', async () => {
      const calls = new MockLanguageModelV4({
        doStream: streamed(
          { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: '{"words":"reset"}' },
          finish('tool-calls'),
        ),
      });
      const search = { input: z.object({ words: z.string() }), run: () => 'found' };
      const reply = await appOn(fromAiSdk(calls)).reply('writer', {
        messages: 'Find it.',
        tools: { search },
        settings: { toolChoice: { tool: 'search' } },
      });
      expect(reply.calls).toEqual([{ id: 'c1', tool: 'search', with: { words: 'reset' } }]);
      expect(reply.finish).toBe('calls');
      expect(calls.doStreamCalls[0]).toMatchObject({
        toolChoice: { type: 'tool', toolName: 'search' },
        tools: [{ type: 'function', name: 'search', inputSchema: { type: 'object' } }],
      });

      const typed = new MockLanguageModelV4({
        doStream: streamed(
          { type: 'text-delta', id: 't', delta: '{"team":' },
          { type: 'text-delta', id: 't', delta: '"billing"}' },
          finish(),
        ),
      });
      const value = await appOn(fromAiSdk(typed)).reply('writer', {
        messages: 'Triage.',
        output: z.object({ team: z.string() }),
      });
      expect(value.value).toEqual({ team: 'billing' });
      expect(typed.doStreamCalls[0]?.responseFormat).toMatchObject({ type: 'json', schema: { type: 'object' } });
    });

    it("retries a 429 on the app's clock, waiting what its retry-after header asks", async () => {
      let calls = 0;
      const mock = new MockLanguageModelV4({
        doStream: async () => {
          calls++;
          if (calls === 1) {
            throw new APICallError({
              message: 'Too many requests',
              url: 'https://api.example/v1',
              requestBodyValues: {},
              statusCode: 429,
              responseHeaders: { 'retry-after': '2' },
              isRetryable: true,
            });
          }
          return streamed({ type: 'text-delta', id: 't', delta: 'ok' }, finish());
        },
      });
      const app = appOn(fromAiSdk(mock));
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('ok');
      expect(calls).toBe(2);
      expect(app.clock.slept).toEqual([2000]);
    });

    it('does not retry a 401, and names the kind', async () => {
      const mock = new MockLanguageModelV4({
        doStream: async () => {
          throw new APICallError({
            message: 'Invalid key',
            url: 'https://api.example/v1',
            requestBodyValues: {},
            statusCode: 401,
          });
        },
      });
      const app = appOn(fromAiSdk(mock));
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({ code: 'E0005', kind: 'auth' });
      expect(mock.doStreamCalls).toHaveLength(1);
    });

    it('a content-filter finish is a content_filter failure, and a tool input that is not JSON is A0004', async () => {
      const filtered = new MockLanguageModelV4({
        doStream: streamed({ type: 'text-delta', id: 't', delta: 'I' }, finish('content-filter')),
      });
      await expect(appOn(fromAiSdk(filtered)).reply('writer', { messages: 'Hi' })).rejects.toMatchObject({
        code: 'E0005',
        kind: 'content_filter',
      });
      const broken = new MockLanguageModelV4({
        doStream: streamed(
          { type: 'tool-call', toolCallId: 'c', toolName: 'search', input: '{not json' },
          finish('tool-calls'),
        ),
      });
      await expect(appOn(fromAiSdk(broken)).reply('writer', { messages: 'Hi' })).rejects.toMatchObject({
        code: 'A0004',
      });
    });

    it("hands an agent's settings, with the run's over them, to every step's model call", async () => {
      let step = 0;
      const mock = new MockLanguageModelV4({
        doStream: async () =>
          step++ === 0
            ? streamed(
                { type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: '{"words":"reset"}' },
                finish('tool-calls'),
              )
            : streamed({ type: 'text-delta', id: 't', delta: 'Done.' }, finish()),
      });
      const search = { input: z.object({ words: z.string() }), run: () => 'found' };
      const agent = {
        model: 'writer',
        tools: { search },
        settings: {
          temperature: 0.3,
          topP: 0.7,
          maxOutputTokens: 40,
          stopSequences: ['END'],
          seed: 5,
          toolChoice: { tool: 'search' },
          providerOptions: { sdk: { user: 'u-1' } },
        },
      } as const;
      const run = await appOn(fromAiSdk(mock)).run(agent, 'Reset?', { settings: { seed: 6, toolChoice: 'auto' } });
      expect(run.text).toBe('Done.');
      expect(mock.doStreamCalls).toHaveLength(2);
      for (const call of mock.doStreamCalls) {
        expect(call).toMatchObject({
          temperature: 0.3,
          topP: 0.7,
          maxOutputTokens: 40,
          stopSequences: ['END'],
          seed: 6,
          toolChoice: { type: 'auto' },
          providerOptions: { sdk: { user: 'u-1' } },
        });
      }
    });

    it("reads a provider's error event in the stream by its type, and retries it as that kind", async () => {
      const mock = new MockLanguageModelV4({
        doStream: async () => streamed({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      });
      const app = appOn(fromAiSdk(mock));
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({ code: 'E0005', kind: 'server' });
      expect(mock.doStreamCalls).toHaveLength(3);
    });

    it('takes an answer the AI SDK could not parse as server on the first attempt, unknown after', async () => {
      const broken = new JSONParseError({
        text: '{"choices":',
        cause: new SyntaxError('Unexpected end of JSON input'),
      });
      const mock = new MockLanguageModelV4({ doStream: async () => streamed({ type: 'error', error: broken }) });
      const app = appOn(fromAiSdk(mock));
      const error = await app.reply('writer', { messages: 'Hi' }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'E0005',
        kind: 'unknown',
        message: expect.stringContaining('malformed answer'),
      });
      expect(mock.doStreamCalls).toHaveLength(2);
    });

    it('fails a reply that passes timeoutMs as a timeout, and aborts the model call', async () => {
      let signal: AbortSignal | undefined;
      const mock = new MockLanguageModelV4({
        doStream: async ({ abortSignal }) => {
          signal = abortSignal;
          return {
            stream: new ReadableStream<LanguageModelV4StreamPart>({ pull: () => new Promise<void>(() => undefined) }),
          };
        },
      });
      const provider = fromAiSdk(mock, { timeoutMs: 30 });
      const app = createTestApp(
        { models: { writer: { provider: 'sdk', model: 'model-1' } }, retry: { attempts: 1 } },
        new ContainerModule(({ bind }) => void bind(Tokens.Provider).toConstantValue(provider).whenNamed('sdk')),
      );
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({
        code: 'E0005',
        kind: 'timeout',
        message: expect.stringContaining('within 30 ms'),
      });
      expect(signal?.aborted).toBe(true);
    });

    it('offers no embed, hear, speak or rank for one language model', async () => {
      const provider = fromAiSdk(new MockLanguageModelV4());
      expect(provider.embed).toBeUndefined();
      await expect(appOn(provider).embed('writer', 'Hi')).rejects.toMatchObject({ code: 'E0004' });
    });
  });

  describe('making one', () => {
    it('throws A0008 for settings it cannot use', () => {
      const mock = new MockLanguageModelV4();
      for (const timeoutMs of [0, -1, 1.5, Number.NaN, 2 ** 31, '5' as never]) {
        expect(() => fromAiSdk(mock, { timeoutMs })).toThrow(
          expect.objectContaining({ code: 'A0008', message: expect.stringContaining('settings.timeoutMs') }),
        );
      }
      expect(() => fromAiSdk(mock, null as never)).toThrow(expect.objectContaining({ code: 'A0008' }));
    });

    it('throws A0005 for something that is neither a provider nor a language model', () => {
      expect(() => fromAiSdk({ nope: true } as never)).toThrow(
        expect.objectContaining({ code: 'A0005', message: expect.stringContaining('nope') }),
      );
    });
  });

  describe('on @ai-sdk/openai, against a loopback Chat Completions server', () => {
    const openai = () => createOpenAI({ baseURL: server.url('/v1'), apiKey: KEY });

    it('is a real provider: a test app blocks it until allowed', async () => {
      const app = appOn(fromAiSdk((id: string) => openai().chat(id)));
      await expect(app.reply('writer', { messages: 'Hi' })).rejects.toMatchObject({ code: 'E0008' });
      app.allowRealCalls('sdk');
      server.on('/v1/chat/completions', stream(chatStream(textParts(['Hi ', 'there']))));
      const reply = await app.reply('writer', {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe:' },
              { type: 'image', url: 'https://example.com/a.png' },
            ],
          },
        ],
        settings: { seed: 3, maxOutputTokens: 50 },
      });
      expect(reply.text).toBe('Hi there');
      const sent = JSON.parse(server.at('/v1/chat/completions')[0]!.body.toString());
      expect(sent).toMatchObject({
        model: 'model-1',
        seed: 3,
        max_tokens: 50,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Describe:' },
              { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
            ],
          },
        ],
      });
    });

    it("embeds through the provider's embedding model", async () => {
      const app = appOn(fromAiSdk(openai()));
      app.allowRealCalls('sdk');
      server.on(
        '/v1/embeddings',
        json(200, {
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: [0.5, -0.5, 0.25] }],
          model: 'model-1',
          usage: { prompt_tokens: 1, total_tokens: 1 },
        }),
      );
      expect(await app.embed('writer', 'Hello')).toEqual([0.5, -0.5, 0.25]);
    });

    it('retries a 503 from the wire, and keeps the API key it is told of out of the failure', async () => {
      const app = appOn(fromAiSdk((id: string) => openai().chat(id), { apiKey: KEY }));
      app.allowRealCalls('sdk');
      server.on(
        '/v1/chat/completions',
        json(503, { error: { message: `Overloaded for ${KEY}`, type: 'server_error' } }),
      );
      const error = await app.reply('writer', { messages: 'Hi' }).catch((caught: Error) => caught);
      expect(error).toMatchObject({ code: 'E0005', kind: 'server' });
      expect(server.at('/v1/chat/completions')).toHaveLength(3);
      expect(app.clock.slept).toHaveLength(2);
      expect(JSON.stringify(error)).not.toContain(KEY);
    });
  });

  describe('on @ai-sdk/anthropic, against a loopback Messages server', () => {
    const anthropic = () => createAnthropic({ baseURL: server.url('/v1'), apiKey: KEY });

    it('replies with text and tool calls, sending images and documents as blocks', async () => {
      const app = appOn(fromAiSdk(anthropic()));
      app.allowRealCalls('sdk');
      server.on(
        '/v1/messages',
        stream(
          messageStart(12) +
            textBlock(0, ['Let me ', 'look.']) +
            toolBlock(1, 'toolu_1', 'search', ['{"words":', '"reset"}']) +
            messageDelta('tool_use', 7) +
            messageStop,
        ),
      );
      const pdf = new Uint8Array([37, 80, 68, 70, 45]);
      const search = { description: 'Search the guide', input: z.object({ words: z.string() }), run: () => 'found' };
      const reply = await app.reply('writer', {
        instructions: 'Help.',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Read this.' },
              { type: 'file', bytes: pdf, mediaType: 'application/pdf', name: 'guide.pdf' },
            ],
          },
        ],
        tools: { search },
      });
      expect(reply).toMatchObject({
        text: 'Let me look.',
        calls: [{ id: 'toolu_1', tool: 'search', with: { words: 'reset' } }],
        finish: 'calls',
        units: { tokensIn: 12, tokensOut: 7 },
      });
      const sent = JSON.parse(server.at('/v1/messages')[0]!.body.toString());
      expect(sent).toMatchObject({
        model: 'model-1',
        system: [{ type: 'text', text: 'Help.' }],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Read this.' },
              {
                type: 'document',
                source: { type: 'base64', media_type: 'application/pdf', data: Buffer.from(pdf).toString('base64') },
              },
            ],
          },
        ],
        tools: [{ name: 'search', description: 'Search the guide' }],
      });
      expect(server.at('/v1/messages')[0]!.headers['x-api-key']).toBe(KEY);
    });

    it('offers no embed: the provider has no embedding model, A0003', async () => {
      const app = appOn(fromAiSdk(anthropic()));
      app.allowRealCalls('sdk');
      await expect(app.embed('writer', 'Hi')).rejects.toMatchObject({ code: 'A0003' });
    });
  });
});

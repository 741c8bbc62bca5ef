import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createAnthropicProvider, ProviderFailure, StandinError, type ReplyRequest } from '../../../../src/index.js';
import {
  event,
  messageDelta,
  messageStart,
  messageStop,
  ping,
  textBlock,
  textMessage,
  thinkingBlock,
  toolBlock,
} from '../../../support/anthropicStreams.js';
import { fixtureJson } from '../../../support/fixtures.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { hang, json, type LoopbackServer, raw, stream } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const MESSAGES = '/v1/messages';
const ask: ReplyRequest = { model: 'claude-test', messages: [{ role: 'user', content: 'Hello' }] };
const provider = (settings = {}) => createAnthropicProvider({ baseURL: server.url(), ...settings });
const callContext: typeof baseContext = (overrides = {}) => baseContext({ provider: 'anthropic', ...overrides });
const sentBody = (n = 0): Record<string, unknown> =>
  JSON.parse(server.at(MESSAGES)[n]!.body.toString('utf8')) as Record<string, unknown>;

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('AnthropicProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('sends the Messages request: system, tool_use and tool_result blocks, same-role turns joined, tools with input_schema, max_tokens, streamed', async () => {
      server.on(MESSAGES, stream(textMessage(['Hi'])));
      const input = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
      const request: ReplyRequest = {
        model: 'claude-test',
        instructions: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris and Oslo?' },
          {
            role: 'assistant',
            content: 'Looking.',
            calls: [
              { id: 'toolu_1', tool: 'weather', with: { city: 'Paris' } },
              { id: 'toolu_2', tool: 'weather', with: { city: 'Oslo' } },
            ],
          },
          {
            role: 'tool',
            results: [
              { id: 'toolu_1', tool: 'weather', output: { sky: 'clear' } },
              { id: 'toolu_2', tool: 'weather', error: 'Oslo is not covered.' },
            ],
          },
          { role: 'user', content: 'And tomorrow?' },
        ],
        tools: [{ name: 'weather', description: 'The weather in a city.', input }],
      };
      await parts(provider().reply(request, callContext()));
      expect(sentBody()).toEqual({
        model: 'claude-test',
        max_tokens: 4096,
        messages: [
          { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Oslo?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Looking.' },
              { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
              { type: 'tool_use', id: 'toolu_2', name: 'weather', input: { city: 'Oslo' } },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"sky":"clear"}' },
              { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Oslo is not covered.', is_error: true },
              { type: 'text', text: 'And tomorrow?' },
            ],
          },
        ],
        stream: true,
        system: 'Be brief.',
        tools: [{ name: 'weather', description: 'The weather in a city.', input_schema: input }],
      });
    });

    it('sends the key in x-api-key with anthropic-version 2023-06-01 by default, and only there', async () => {
      server.on(MESSAGES, stream(textMessage(['Hi'])));
      await parts(provider().reply(ask, callContext()));
      const { headers, body } = server.at(MESSAGES)[0]!;
      expect(headers).toMatchObject({
        'x-api-key': KEY,
        'anthropic-version': '2023-06-01',
        'content-type': 'application/json',
      });
      expect(headers.authorization).toBeUndefined();
      expect(body.toString()).not.toContain(KEY);
      expect(JSON.stringify(Object.entries(headers).filter(([name]) => name !== 'x-api-key'))).not.toContain(KEY);
    });

    it("sends authorization: Bearer with anthropic-version 2026-10-21 when auth is 'bearer'", async () => {
      server.on(MESSAGES, stream(textMessage(['Hi'])));
      await parts(provider({ auth: 'bearer' }).reply(ask, callContext()));
      const { headers } = server.at(MESSAGES)[0]!;
      expect(headers).toMatchObject({ authorization: `Bearer ${KEY}`, 'anthropic-version': '2026-10-21' });
      expect(headers['x-api-key']).toBeUndefined();
    });

    it('streams text parts, then usage as one units part, then the finish', async () => {
      server.on(MESSAGES, stream(textMessage(['Hel', 'lo'], [25, 42])));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'units', tokensIn: 25, tokensOut: 42 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('counts cached input tokens in and apart, and takes the cumulative usage of message_delta', async () => {
      const body =
        messageStart(10, { cache_creation_input_tokens: 5, cache_read_input_tokens: 100 }) +
        textBlock(0, ['x']) +
        event('message_delta', { delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } }) +
        messageStop;
      server.on(MESSAGES, stream(body));
      expect((await parts(provider().reply(ask, callContext()))).find((p) => p.type === 'units')).toEqual({
        type: 'units',
        tokensIn: 115,
        tokensOut: 9,
        cachedIn: 100,
        cacheWriteIn: 5,
      });
    });

    it('hands thinking blocks on as reasoning, one block index per thinking block, each signed, and ping anywhere', async () => {
      const body =
        messageStart(25) +
        ping +
        thinkingBlock(0, ['Let me ', 'think.']) +
        ping +
        thinkingBlock(1, ['Again.']) +
        toolBlock(2, 'toolu_1', 'weather', ['{"city": "Pa', 'ris"}']) +
        ping +
        messageDelta('tool_use', 42) +
        messageStop;
      server.on(MESSAGES, stream(body));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'Let me ', block: 0 },
        { type: 'reasoning', text: 'think.', block: 0 },
        { type: 'reasoning', text: '', block: 0, signature: 'sig==' },
        { type: 'reasoning', text: 'Again.', block: 1 },
        { type: 'reasoning', text: '', block: 1, signature: 'sig==' },
        { type: 'call', call: { id: 'toolu_1', tool: 'weather', with: { city: 'Paris' } } },
        { type: 'units', tokensIn: 25, tokensOut: 42 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('joins input_json_delta per block, and reads a tool_use without deltas as an empty input', async () => {
      const body =
        messageStart(1) +
        toolBlock(0, 'toolu_a', 'now', []) +
        toolBlock(1, 'toolu_b', 'echo', ['{"words"', ': ["a",', ' "b"]}']) +
        messageDelta('tool_use', 3) +
        messageStop;
      server.on(MESSAGES, stream(body));
      expect((await parts(provider().reply(ask, callContext()))).filter((p) => p.type === 'call')).toEqual([
        { type: 'call', call: { id: 'toolu_a', tool: 'now', with: {} } },
        { type: 'call', call: { id: 'toolu_b', tool: 'echo', with: { words: ['a', 'b'] } } },
      ]);
    });

    it('tool input that is not JSON is a malformed response', async () => {
      server.on(
        MESSAGES,
        stream(
          messageStart(1) +
            toolBlock(0, 'toolu_a', 'weather', ['{"city": Par']) +
            messageDelta('tool_use', 3) +
            messageStop,
        ),
      );
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('tool_use block 0 (weather)');
    });

    it('asks for a typed value with output_config.format json_schema, and hands the text on as value parts', async () => {
      server.on(MESSAGES, stream(textMessage(['{"answer":', '42}'])));
      const schema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
      const got = await parts(
        provider({ body: { output_config: { effort: 'low' } } }).reply(
          { ...ask, output: { name: 'value', schema } },
          callContext(),
        ),
      );
      expect(sentBody().output_config).toEqual({
        effort: 'low',
        format: { type: 'json_schema', schema: { ...schema, additionalProperties: false } },
      });
      expect(got.slice(0, 2)).toEqual([
        { type: 'value', json: '{"answer":' },
        { type: 'value', json: '42}' },
      ]);
    });

    it("maps stop_reason max_tokens and pause_turn to 'length'", async () => {
      for (const stop of ['max_tokens', 'pause_turn']) {
        server.on(MESSAGES, stream(textMessage(['cut'], [1, 1], stop)));
        expect((await parts(provider().reply(ask, callContext()))).at(-1)).toEqual({
          type: 'finish',
          reason: 'length',
        });
      }
    });

    it('stop_reason refusal fails with kind content_filter', async () => {
      server.on(MESSAGES, stream(textMessage(['I'], [1, 1], 'refusal')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('content_filter');
    });

    it('stop_reason model_context_window_exceeded fails with kind context_length', async () => {
      server.on(MESSAGES, stream(textMessage(['I'], [1, 1], 'model_context_window_exceeded')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it.each([
      ['overloaded_error', 'server'],
      ['rate_limit_error', 'rate_limit'],
      ['api_error', 'server'],
      ['invalid_request_error', 'bad_request'],
    ] as const)(
      'an error event mid-stream of type %s fails with kind %s, after the parts before it',
      async (type, kind) => {
        const body =
          messageStart(1) +
          event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
          event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Par' } }) +
          event('error', { error: { type, message: 'Overloaded' } });
        server.on(MESSAGES, stream(body, { headers: { 'request-id': 'req_stream' } }));
        const seen: unknown[] = [];
        const error = await failed(
          (async () => {
            for await (const part of provider().reply(ask, callContext())) seen.push(part);
          })(),
        );
        expect(seen).toEqual([{ type: 'text', text: 'Par' }]);
        expect(error).toMatchObject({ kind, requestId: 'req_stream', provider: 'anthropic' });
      },
    );

    it('a stream that ends before message_stop is a malformed response', async () => {
      const whole = textMessage(['Hello']);
      server.on(MESSAGES, stream(whole, { truncateAt: whole.indexOf('event: message_stop') }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.message).toContain('message_stop');
      expect(error.kind).toBe('server');
    });

    it('event data that is not JSON is a malformed response', async () => {
      server.on(MESSAGES, stream(`${messageStart(1)}event: content_block_start\ndata: {nope\n\n`));
      expect((await failed(parts(provider().reply(ask, callContext({ attempt: 3 }))))).kind).toBe('unknown');
    });

    it('a delta for a block that never started is a malformed response', async () => {
      server.on(
        MESSAGES,
        stream(messageStart(1) + event('content_block_delta', { index: 4, delta: { type: 'text_delta', text: 'x' } })),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('block 4');
    });

    it('hands a redacted_thinking block on whole, its data as the signature, to send back', async () => {
      const body =
        messageStart(1) +
        event('content_block_start', { index: 0, content_block: { type: 'redacted_thinking', data: 'xx' } }) +
        event('content_block_stop', { index: 0 }) +
        textBlock(1, ['ok']) +
        messageDelta('end_turn', 2) +
        messageStop;
      server.on(MESSAGES, stream(body));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: '', block: 0, signature: 'xx', redacted: true },
        { type: 'text', text: 'ok' },
        { type: 'units', tokensIn: 1, tokensOut: 2 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('skips block types it does not know, and their deltas', async () => {
      const body =
        messageStart(1) +
        event('content_block_start', { index: 0, content_block: { type: 'server_tool_use', id: 's', name: 'web' } }) +
        event('content_block_stop', { index: 0 }) +
        event('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }) +
        event('content_block_delta', { index: 1, delta: { type: 'citations_delta', citation: {} } }) +
        event('content_block_delta', { index: 1, delta: { type: 'text_delta', text: 'ok' } }) +
        event('content_block_stop', { index: 1 }) +
        event('some_future_event', { x: 1 }) +
        messageDelta('end_turn', 2) +
        messageStop;
      server.on(MESSAGES, stream(body));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'ok' },
        { type: 'units', tokensIn: 1, tokensOut: 2 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('reads a whole message a server gave in place of the stream', async () => {
      server.on(MESSAGES, json(200, fixtureJson('anthropic', 'message-tool-use.json')));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: "I'll check the current weather in San Francisco for you." },
        {
          type: 'call',
          call: {
            id: 'toolu_01A09q90qw90lq917835lq9',
            tool: 'get_weather',
            with: { location: 'San Francisco, CA', unit: 'celsius' },
          },
        },
        { type: 'units', tokensIn: 384, tokensOut: 94 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it.each([
      ['error-400-prompt-too-long.json', 'context_length'],
      ['error-401-authentication.json', 'auth'],
      ['error-429-rate-limit.json', 'rate_limit'],
      ['error-529-overloaded.json', 'server'],
    ] as const)('reads the documented error %s as kind %s, with its request id', async (name, kind) => {
      server.on(MESSAGES, json(Number(name.slice(6, 9)), fixtureJson('anthropic', name)));
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind,
        requestId: 'req_011CSHoEeqs5C35K2UUqR7Fy',
      });
    });

    it('reads the same parts wherever the TCP chunks split the stream, CRLF line ends included', async () => {
      const body = (
        messageStart(3) +
        thinkingBlock(0, ['Größe ', '😀']) +
        textBlock(1, ['Grüße', ' 世界']) +
        messageDelta('end_turn', 7) +
        messageStop
      ).replaceAll('\n', '\r\n');
      const expected = [
        { type: 'reasoning', text: 'Größe ', block: 0 },
        { type: 'reasoning', text: '😀', block: 0 },
        { type: 'reasoning', text: '', block: 0, signature: 'sig==' },
        { type: 'text', text: 'Grüße' },
        { type: 'text', text: ' 世界' },
        { type: 'units', tokensIn: 3, tokensOut: 7 },
        { type: 'finish', reason: 'stop' },
      ];
      const length = Buffer.byteLength(body);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: length - 1 }), { maxLength: 16 }), async (splits) => {
          server.on(MESSAGES, stream(body, { splits }));
          expect(await parts(provider().reply(ask, callContext()))).toEqual(expected);
        }),
        { numRuns: 25 },
      );
      server.on(MESSAGES, stream(body, { byteByByte: true }));
      expect(await parts(provider().reply(ask, callContext()))).toEqual(expected);
    });

    it("the caller's abort is the abort, not a provider failure", async () => {
      server.on(MESSAGES, hang());
      const controller = new AbortController();
      const pending = parts(provider().reply(ask, callContext({ signal: controller.signal })));
      setTimeout(() => controller.abort(new Error('user left')), 20);
      expect((await failure(pending)).message).toBe('user left');
    });

    it('uses the maxTokens setting for max_tokens', async () => {
      server.on(MESSAGES, stream(textMessage(['Hi'])));
      await parts(provider({ maxTokens: 1024 }).reply(ask, callContext()));
      expect(sentBody().max_tokens).toBe(1024);
    });

    it('adds the settings body fields, and keeps its own over them', async () => {
      server.on(MESSAGES, stream(textMessage(['Hi'])));
      await parts(
        provider({ body: { thinking: { type: 'enabled', budget_tokens: 2048 }, stream: false } }).reply(
          ask,
          callContext(),
        ),
      );
      expect(sentBody()).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2048 }, stream: true });
    });

    it('throws P0005 before any request when a call input is not an object', async () => {
      const request: ReplyRequest = {
        model: 'm',
        messages: [{ role: 'assistant', calls: [{ id: 'c', tool: 't', with: 'text' }] }],
      };
      const error = await failure(parts(provider().reply(request, callContext())));
      expect(error).toMatchObject({ code: 'P0005' });
      expect(error.message).toContain('request.messages[0].calls[0].with');
      expect(server.received).toHaveLength(0);
    });
  });

  describe('failures', () => {
    const anthropicError = (type: string, message: string) => ({
      type: 'error',
      error: { type, message },
      request_id: 'req_body',
    });

    it('401 authentication_error is auth, with status, provider and the request id from request-id', async () => {
      server.on(
        MESSAGES,
        json(401, anthropicError('authentication_error', 'invalid x-api-key'), { 'request-id': 'req_hdr' }),
      );
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'auth',
        status: 401,
        provider: 'anthropic',
        requestId: 'req_hdr',
      });
    });

    it("takes the request id from the body's request_id when no header carries one", async () => {
      server.on(MESSAGES, json(400, anthropicError('invalid_request_error', 'max_tokens: field required')));
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'bad_request',
        requestId: 'req_body',
      });
    });

    it('429 rate_limit_error is rate_limit with retry-after read', async () => {
      server.on(
        MESSAGES,
        json(
          429,
          anthropicError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'),
          { 'retry-after': '12' },
        ),
      );
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'rate_limit',
        retryAfterMs: 12000,
      });
    });

    it('529 overloaded_error is server', async () => {
      server.on(MESSAGES, json(529, anthropicError('overloaded_error', 'Overloaded')));
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'server',
        status: 529,
        retryable: true,
      });
    });

    it('a 400 "prompt is too long" is context_length', async () => {
      server.on(
        MESSAGES,
        json(400, anthropicError('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum')),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it('a 400 billing_error is auth, not retryable', async () => {
      server.on(MESSAGES, json(400, anthropicError('billing_error', 'Your credit balance is too low')));
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'auth',
        retryable: false,
      });
    });

    it('a 500 whose body is not JSON is server', async () => {
      server.on(MESSAGES, raw(500, 'upstream connect error', { 'content-type': 'text/plain' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('upstream connect error');
    });

    it("a server too slow for the provider's timeoutMs fails with kind timeout", async () => {
      server.on(MESSAGES, hang());
      expect((await failed(parts(provider({ timeoutMs: 50 }).reply(ask, callContext())))).kind).toBe('timeout');
    });

    it('takes the key out of an error body that echoes it back', async () => {
      server.on(MESSAGES, json(401, anthropicError('authentication_error', `invalid x-api-key: ${KEY}`)));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.message).not.toContain(KEY);
      expect(error.message).toContain('[redacted]');
    });

    it('throws P0003 at the first call when api.anthropic.com has no key', async () => {
      vi.stubEnv('ANTHROPIC_API_KEY', '');
      const fetch = vi.fn<typeof globalThis.fetch>();
      const error = await failure(
        parts(createAnthropicProvider({ fetch }).reply(ask, callContext({ apiKey: undefined }))),
      );
      expect(error).toBeInstanceOf(StandinError);
      expect(error).toMatchObject({ code: 'P0003' });
      expect(fetch).not.toHaveBeenCalled();
    });

    it('reads ANTHROPIC_API_KEY for api.anthropic.com and posts to /v1/messages', async () => {
      vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-env');
      const fetch = vi.fn<typeof globalThis.fetch>(
        async () => new Response(textMessage(['Hi']), { headers: { 'content-type': 'text/event-stream' } }),
      );
      await parts(createAnthropicProvider({ fetch }).reply(ask, callContext({ apiKey: undefined })));
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe('https://api.anthropic.com/v1/messages');
      expect((init!.headers as Record<string, string>)['x-api-key']).toBe('sk-ant-env');
    });
  });
});

describe('createAnthropicProvider', () => {
  it('throws P0004 naming a bad setting and its fix', () => {
    expect(() => createAnthropicProvider({ auth: 'basic' as never })).toThrow(
      expect.objectContaining({ code: 'P0004', message: expect.stringContaining('settings.auth') }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createOpenAIProvider, ProviderFailure, StandinError, type ReplyRequest } from '../../../../src/index.js';
import { callContext, failure, KEY, parts } from '../loopback/callContext.js';
import { hang, json, LoopbackServer, raw, stream } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';
import { eventStream, fixture } from '../../../support/fixtures.js';
import { chatStream, chunk, DONE, fragmentedCalls, textParts, usage } from '../../../support/openaiStreams.js';
import { pngImage } from '../../../../src/services/requests/pngImage.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const CHAT = '/v1/chat/completions';
const ask: ReplyRequest = { model: 'gpt-test', messages: [{ role: 'user', content: 'Hello' }] };
const provider = () => createOpenAIProvider({ baseURL: server.url('/v1') });
const sentBody = (path = CHAT, n = 0): Record<string, unknown> =>
  JSON.parse(server.at(path)[n]!.body.toString('utf8')) as Record<string, unknown>;

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('OpenAIProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('sends the chat completions request: system message, history with tool_calls, tool messages, tools, streamed with include_usage', async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
      const request: ReplyRequest = {
        model: 'gpt-test',
        instructions: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', calls: [{ id: 'call_1', tool: 'weather', with: { city: 'Paris' } }] },
          { role: 'tool', results: [{ id: 'call_1', tool: 'weather', output: { sky: 'clear' } }] },
          { role: 'assistant', content: 'Clear.', calls: [{ id: 'call_2', tool: 'weather', with: { city: 'Oslo' } }] },
          { role: 'tool', results: [{ id: 'call_2', tool: 'weather', error: 'Oslo is not covered.' }] },
        ],
        tools: [
          {
            name: 'weather',
            description: 'The weather in a city.',
            input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          },
        ],
      };
      await parts(provider().reply(request, callContext()));
      expect(sentBody()).toEqual({
        model: 'gpt-test',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_1', content: '{"sky":"clear"}' },
          {
            role: 'assistant',
            content: 'Clear.',
            tool_calls: [
              { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
            ],
          },
          { role: 'tool', tool_call_id: 'call_2', content: 'Oslo is not covered.' },
        ],
        stream: true,
        stream_options: { include_usage: true },
        tools: [
          {
            type: 'function',
            function: { name: 'weather', description: 'The weather in a city.', parameters: request.tools![0]!.input },
          },
        ],
      });
    });

    it('sends the key as a bearer token, and only in the auth header', async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
      await parts(provider().reply(ask, callContext()));
      const { headers, body } = server.at(CHAT)[0]!;
      expect(headers.authorization).toBe(`Bearer ${KEY}`);
      expect(headers['content-type']).toBe('application/json');
      expect(headers.accept).toBe('text/event-stream');
      expect(body.toString()).not.toContain(KEY);
      const others = Object.entries(headers).filter(([name]) => name !== 'authorization');
      expect(JSON.stringify(others)).not.toContain(KEY);
    });

    it('streams text parts, then the usage-only final chunk as one units part, then the finish', async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hel', 'lo', ' there'], [12, 3]))));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'text', text: ' there' },
        { type: 'units', tokensIn: 12, tokensOut: 3 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('joins streamed tool-call deltas by index: id and name from the first fragment, arguments concatenated then parsed', async () => {
      server.on(CHAT, stream(fragmentedCalls([{ id: 'call_a', name: 'weather', args: ['{"ci', 'ty":', '"Paris"}'] }])));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'call', call: { id: 'call_a', tool: 'weather', with: { city: 'Paris' } } },
        { type: 'units', tokensIn: 20, tokensOut: 8 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('keeps interleaved fragments of parallel calls apart by index, and hands the calls on in index order', async () => {
      const body = [
        chunk({ role: 'assistant' }),
        chunk({
          tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'time', arguments: '{"zone":' } }],
        }),
        chunk({
          tool_calls: [
            { index: 0, id: 'call_a', type: 'function', function: { name: 'weather', arguments: '{"city":' } },
          ],
        }),
        chunk({
          tool_calls: [
            { index: 1, function: { arguments: '"CET"}' } },
            { index: 0, function: { arguments: '"Oslo"}' } },
          ],
        }),
        chunk({}, 'tool_calls'),
        usage(5, 5),
        DONE,
      ].join('');
      server.on(CHAT, stream(body));
      const got = await parts(provider().reply(ask, callContext()));
      expect(got.filter((p) => p.type === 'call')).toEqual([
        { type: 'call', call: { id: 'call_a', tool: 'weather', with: { city: 'Oslo' } } },
        { type: 'call', call: { id: 'call_b', tool: 'time', with: { zone: 'CET' } } },
      ]);
    });

    it('reads a call whose arguments are empty as an empty input', async () => {
      server.on(CHAT, stream(fragmentedCalls([{ id: 'call_a', name: 'now', args: [] }])));
      const got = await parts(provider().reply(ask, callContext()));
      expect(got[0]).toEqual({ type: 'call', call: { id: 'call_a', tool: 'now', with: {} } });
    });

    it('unparseable tool arguments are a malformed response: server on the first attempt, unknown after', async () => {
      server.on(CHAT, stream(fragmentedCalls([{ id: 'call_a', name: 'weather', args: ['{"city": Par'] }])));
      const first = await failed(parts(provider().reply(ask, callContext())));
      expect(first.kind).toBe('server');
      expect(first.message).toContain('malformed response');
      expect(first.message).toContain('weather');
      const second = await failed(parts(provider().reply(ask, callContext({ attempt: 2 }))));
      expect(second.kind).toBe('unknown');
    });

    it('asks for a typed value with response_format json_schema, and hands the content on as value parts', async () => {
      server.on(CHAT, stream(chatStream(textParts(['{"answer":', '42}']))));
      const schema = { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] };
      const got = await parts(provider().reply({ ...ask, output: { name: 'value', schema } }, callContext()));
      expect(sentBody().response_format).toEqual({
        type: 'json_schema',
        json_schema: { name: 'value', schema: { ...schema, additionalProperties: false }, strict: true },
      });
      expect(got.slice(0, 2)).toEqual([
        { type: 'value', json: '{"answer":' },
        { type: 'value', json: '42}' },
      ]);
    });

    it('asks for strict: false when the schema has an optional property', async () => {
      server.on(CHAT, stream(chatStream(textParts(['{}']))));
      const schema = { type: 'object', properties: { note: { type: 'string' } } };
      await parts(provider().reply({ ...ask, output: { name: 'value', schema } }, callContext()));
      expect(sentBody().response_format).toMatchObject({ json_schema: { strict: false } });
    });

    it('hands reasoning_content and reasoning (compatible servers) on as reasoning parts of block 0', async () => {
      const body = [
        chunk({ role: 'assistant', reasoning_content: 'Let me ' }),
        chunk({ reasoning: 'think.' }),
        chunk({ content: 'Yes.' }),
        chunk({}, 'stop'),
        usage(3, 4),
        DONE,
      ].join('');
      server.on(CHAT, stream(body));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'Let me ', block: 0 },
        { type: 'reasoning', text: 'think.', block: 0 },
        { type: 'text', text: 'Yes.' },
        { type: 'units', tokensIn: 3, tokensOut: 4 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it("maps finish_reason length to 'length'", async () => {
      server.on(CHAT, stream(chatStream(textParts(['cut'], [1, 1], 'length'))));
      expect((await parts(provider().reply(ask, callContext()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    });

    it('sends no units part when the server sends no usage', async () => {
      server.on(CHAT, stream([chunk({ content: 'Hi' }), chunk({}, 'stop'), DONE].join('')));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hi' },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('finish_reason content_filter fails with kind content_filter', async () => {
      server.on(CHAT, stream([chunk({ content: 'Well' }), chunk({}, 'content_filter'), usage(1, 1), DONE].join('')));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('content_filter');
      expect(error.provider).toBe('openai');
    });

    it('a refusal fails with kind content_filter, saying what the model said', async () => {
      server.on(
        CHAT,
        stream(
          [chunk({ refusal: "I can't help " }), chunk({ refusal: 'with that.' }), chunk({}, 'stop'), DONE].join(''),
        ),
      );
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain("I can't help with that.");
    });

    it('a mid-stream error chunk fails with the kind its type names, after the parts before it', async () => {
      const body =
        chunk({ content: 'Hal' }) +
        `data: ${JSON.stringify({ error: { message: 'The server had an error', type: 'server_error', code: null } })}\n\n`;
      server.on(CHAT, stream(body, { headers: { 'x-request-id': 'req_mid' } }));
      const seen: unknown[] = [];
      const error = await failed(
        (async () => {
          for await (const part of provider().reply(ask, callContext())) seen.push(part);
        })(),
      );
      expect(seen).toEqual([{ type: 'text', text: 'Hal' }]);
      expect(error.kind).toBe('server');
      expect(error.requestId).toBe('req_mid');
      expect(error.status).toBe(200);
    });

    it('an `event: error` fails too, and a rate_limit_exceeded error event is a rate limit', async () => {
      server.on(
        CHAT,
        stream(
          `event: error\ndata: ${JSON.stringify({ error: { message: 'Slow down', type: 'requests', code: 'rate_limit_exceeded' } })}\n\n`,
        ),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('rate_limit');
    });

    it('a stream that ends before [DONE] is a malformed response', async () => {
      const whole = chatStream(textParts(['Hello', ' world']));
      server.on(CHAT, stream(whole, { truncateAt: whole.indexOf(DONE) }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('[DONE]');
    });

    it('a stream cut off inside a data line is a malformed response', async () => {
      const whole = chatStream(textParts(['Hello']));
      server.on(CHAT, stream(whole, { truncateAt: 40 }));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('malformed response');
    });

    it('a data line that is not JSON is a malformed response', async () => {
      server.on(CHAT, stream(`${chunk({ content: 'Hi' })}data: {"choices": [oops\n\n${DONE}`));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.message).toContain('not JSON');
    });

    it('reads a whole chat.completion a server answers in place of the stream (one that ignores stream: true)', async () => {
      server.on(CHAT, json(200, fixture('openai/chat/completion.json')));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hello! How can I assist you today?' },
        { type: 'units', tokensIn: 19, tokensOut: 10 },
        { type: 'finish', reason: 'stop' },
      ]);
      server.on(CHAT, json(200, fixture('openai/chat/completion.tool_calls.json')));
      expect((await parts(provider().reply(ask, callContext()))).slice(0, 1)).toEqual([
        { type: 'call', call: { id: 'call_abc123', tool: 'get_current_weather', with: { location: 'Boston, MA' } } },
      ]);
    });

    it('a JSON answer that is neither a completion nor an error is a malformed response', async () => {
      server.on(CHAT, json(200, { id: 'x', object: 'list' }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('malformed response: the completion');
    });

    it('a 200 JSON error instead of a stream fails with the kind its type names', async () => {
      server.on(CHAT, json(200, { error: { message: 'Upstream overloaded', type: 'server_error' } }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('Upstream overloaded');
    });

    it('a key the request cannot carry fails as bad_request, the key out of the message and no cause kept', async () => {
      const key = 'sk-abcdefgh\nijklmnop';
      const error = await failed(parts(provider().reply(ask, callContext({ apiKey: key }))));
      expect(error.kind).toBe('bad_request');
      expect(error.message).not.toContain('abcdefgh');
      expect(error.message).not.toContain('ijklmnop');
      expect(error.cause).toBeUndefined();
    });

    it('a connection reset mid-stream is a network failure', async () => {
      const whole = chatStream(textParts(['Hello', ' world']));
      server.on(CHAT, stream(whole, { resetAt: 200 }));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('network');
    });

    it('reads the same parts when the stream is written one byte at a time', async () => {
      const body = [
        chunk({ role: 'assistant', reasoning_content: 'Größe 😀' }),
        chunk({ content: 'Grüße, 世界 😀' }),
        chunk({}, 'stop'),
        usage(2, 3),
        DONE,
      ]
        .join('')
        .replaceAll('\n', '\r\n');
      server.on(CHAT, stream(body, { byteByByte: true }));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'Größe 😀', block: 0 },
        { type: 'text', text: 'Grüße, 世界 😀' },
        { type: 'units', tokensIn: 2, tokensOut: 3 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('reads the same parts wherever the TCP chunks split the stream', async () => {
      const body = chatStream(textParts(['Grüße', ' 😀', '中文'])) + '';
      const expected = [
        { type: 'text', text: 'Grüße' },
        { type: 'text', text: ' 😀' },
        { type: 'text', text: '中文' },
        { type: 'units', tokensIn: 10, tokensOut: 3 },
        { type: 'finish', reason: 'stop' },
      ];
      const length = Buffer.byteLength(body);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: length - 1 }), { maxLength: 12 }), async (splits) => {
          server.on(CHAT, stream(body, { splits }));
          expect(await parts(provider().reply(ask, callContext()))).toEqual(expected);
        }),
        { numRuns: 25 },
      );
    });

    it("the caller's abort is the abort, not a provider failure", async () => {
      server.on(CHAT, hang());
      const controller = new AbortController();
      const reason = new Error('stop now');
      const pending = parts(provider().reply(ask, callContext({ signal: controller.signal })));
      setTimeout(() => controller.abort(reason), 20);
      expect(await failure(pending)).toBe(reason);
    });

    it('adds the settings body fields, and keeps its own fields over them', async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
      const p = createOpenAIProvider({
        baseURL: server.url('/v1'),
        body: { reasoning_effort: 'low', model: 'not-this', stream_options: { include_obfuscation: false } },
        maxTokens: 256,
      });
      await parts(p.reply(ask, callContext()));
      expect(sentBody()).toMatchObject({
        reasoning_effort: 'low',
        model: 'gpt-test',
        stream_options: { include_obfuscation: false, include_usage: true },
        max_completion_tokens: 256,
      });
    });

    it('sends the settings headers; the auth header wins over one of the same name', async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
      const p = createOpenAIProvider({
        baseURL: server.url('/v1'),
        headers: { 'X-Team': 'help', Authorization: 'Bearer other' },
      });
      await parts(p.reply(ask, callContext()));
      expect(server.at(CHAT)[0]!.headers).toMatchObject({ 'x-team': 'help', authorization: `Bearer ${KEY}` });
    });

    it('throws P0005 before any request when a tool output is not JSON', async () => {
      const request: ReplyRequest = {
        model: 'm',
        messages: [{ role: 'tool', results: [{ id: 'c', tool: 't', output: { n: 10n } }] }],
      };
      const error = await failure(parts(provider().reply(request, callContext())));
      expect(error).toMatchObject({ code: 'P0005' });
      expect(error.message).toContain('request.messages[0].results[0].output');
      expect(server.received).toHaveLength(0);
    });
  });

  describe(".reply with api: 'responses'", () => {
    const RESPONSES = '/v1/responses';
    const responses = () => createOpenAIProvider({ baseURL: server.url('/v1'), api: 'responses' });
    const at = (name: string) => `openai/responses/${name}.json`;
    const completed = fixture<{ response: Record<string, unknown> }>(at('response.completed'));

    it('sends the Responses request: instructions, input items, flat function tools, streamed and not stored', async () => {
      server.on(RESPONSES, stream(eventStream(at('response.created'), at('response.completed'))));
      const request: ReplyRequest = {
        model: 'gpt-5-mini',
        instructions: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', calls: [{ id: 'call_1', tool: 'weather', with: { city: 'Paris' } }] },
          { role: 'tool', results: [{ id: 'call_1', tool: 'weather', output: { sky: 'clear' } }] },
        ],
        tools: [{ name: 'weather', input: { type: 'object', properties: { city: { type: 'string' } } } }],
        settings: { temperature: 0.2, maxOutputTokens: 64, toolChoice: { tool: 'weather' } },
      };
      await parts(responses().reply(request, callContext()));
      expect(sentBody(RESPONSES)).toEqual({
        store: false,
        model: 'gpt-5-mini',
        input: [
          { type: 'message', role: 'user', content: 'Weather in Paris?' },
          { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
          { type: 'function_call_output', call_id: 'call_1', output: '{"sky":"clear"}' },
        ],
        stream: true,
        instructions: 'Be brief.',
        tools: [{ type: 'function', name: 'weather', parameters: request.tools![0]!.input, strict: false }],
        temperature: 0.2,
        max_output_tokens: 64,
        tool_choice: { type: 'function', name: 'weather' },
      });
    });

    it('reads the documented events: a message streamed in deltas, a function call, the usage and the finish', async () => {
      const events = [
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
        'response.output_text.delta',
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.output_item.added.function_call',
        'response.function_call_arguments.delta',
        'response.function_call_arguments.done',
        'response.output_item.done.function_call',
        'response.completed',
      ];
      server.on(RESPONSES, stream(eventStream(...events.map(at))));
      expect(await parts(responses().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hi there! How can I help?' },
        { type: 'call', call: { id: 'call_12345xyz', tool: 'get_weather', with: { location: 'Paris, France' } } },
        { type: 'units', tokensIn: 328, tokensOut: 52 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('hands a reasoning summary on as reasoning parts', async () => {
      const events = [
        'response.created',
        'response.reasoning_summary_part.added',
        'response.reasoning_summary_text.delta',
      ];
      server.on(
        RESPONSES,
        stream(eventStream(...events.map(at), { ...completed, response: { ...completed.response, output: [] } })),
      );
      expect((await parts(responses().reply(ask, callContext()))).slice(0, 1)).toEqual([
        { type: 'reasoning', text: '**Answering a simple question**', block: 0 },
      ]);
    });

    it('reads response.incomplete for the output limit as the finish length', async () => {
      server.on(RESPONSES, stream(eventStream(at('response.created'), at('response.incomplete'))));
      expect((await parts(responses().reply(ask, callContext()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    });

    it('a refusal fails with kind content_filter, saying what the model said', async () => {
      server.on(RESPONSES, stream(eventStream(at('response.refusal.delta'), at('response.completed'))));
      const error = await failed(parts(responses().reply(ask, callContext())));
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain("I can't help with that.");
    });

    it('response.failed and an error event fail as the error they report', async () => {
      server.on(RESPONSES, stream(eventStream(at('response.created'), at('response.failed'))));
      const failedResponse = await failed(parts(responses().reply(ask, callContext())));
      expect(failedResponse).toMatchObject({ kind: 'server', status: 200 });
      expect(failedResponse.message).toContain('The model failed to generate a response.');
      server.on(RESPONSES, stream(eventStream(at('response.created'), at('error'))));
      expect((await failed(parts(responses().reply(ask, callContext())))).message).toContain('Something went wrong');
    });

    it('a stream that ends before response.completed is a malformed response', async () => {
      server.on(RESPONSES, stream(eventStream(at('response.created'), at('response.output_text.delta'))));
      const error = await failed(parts(responses().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('response.completed');
    });

    it('reads a whole response a server answers in place of the stream: reasoning, text and calls', async () => {
      server.on(RESPONSES, json(200, fixture(at('response'))));
      expect(await parts(responses().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: '**Answering a simple question**\n\nThe user greets me.', block: 0 },
        { type: 'text', text: 'Hi there! How can I help?' },
        { type: 'call', call: { id: 'call_12345xyz', tool: 'get_weather', with: { location: 'Paris, France' } } },
        { type: 'units', tokensIn: 328, tokensOut: 52 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('throws E0021 before any request for stop sequences, which the Responses API has none of', async () => {
      const error = await failure(
        parts(responses().reply({ ...ask, settings: { stopSequences: ['\n'] } }, callContext())),
      );
      expect(error).toMatchObject({ code: 'E0021' });
      expect(error.message).toContain('OpenAI responses');
      expect(server.received).toHaveLength(0);
    });
  });

  describe('failures', () => {
    it('401 is auth, with status, provider and the request id', async () => {
      server.on(CHAT, json(401, fixture('openai/errors/invalid_api_key.json'), { 'x-request-id': 'req_401' }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error).toMatchObject({
        kind: 'auth',
        status: 401,
        provider: 'openai',
        requestId: 'req_401',
        retryable: false,
      });
      expect(error.message).toContain('invalid_api_key');
    });

    it('403 is auth', async () => {
      server.on(CHAT, json(403, { error: { message: 'Country not supported', type: 'permission_error' } }));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('auth');
    });

    it('429 is rate_limit, with retry-after (seconds) read into retryAfterMs', async () => {
      server.on(CHAT, json(429, fixture('openai/errors/rate_limit_exceeded.json'), { 'retry-after': '3' }));
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'rate_limit',
        retryAfterMs: 3000,
        status: 429,
        retryable: true,
      });
    });

    it('429 with retry-after-ms reads the milliseconds', async () => {
      server.on(
        CHAT,
        json(
          429,
          { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } },
          { 'retry-after-ms': '250', 'retry-after': '1' },
        ),
      );
      expect((await failed(parts(provider().reply(ask, callContext())))).retryAfterMs).toBe(250);
    });

    it('an insufficient_quota 429 is not retryable', async () => {
      server.on(CHAT, json(429, fixture('openai/errors/insufficient_quota.json')));
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'auth',
        retryable: false,
        status: 429,
        retryAfterMs: undefined,
      });
    });

    it('500, 503 and 529 are server', async () => {
      for (const status of [500, 503, 529]) {
        server.on(CHAT, json(status, fixture('openai/errors/server_error.json')));
        expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({ kind: 'server', status });
      }
    });

    it('a 502 whose body is not JSON is server, quoting the body', async () => {
      server.on(CHAT, raw(502, '<html><body>Bad Gateway</body></html>', { 'content-type': 'text/html' }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('Bad Gateway');
    });

    it('a context-length 400 is context_length', async () => {
      server.on(CHAT, json(400, fixture('openai/errors/context_length_exceeded.json')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it("Azure's content_filter 400 is content_filter", async () => {
      server.on(CHAT, json(400, fixture('azure/errors/content_filter.json')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('content_filter');
    });

    it('a 404 for an unknown model is bad_request', async () => {
      server.on(CHAT, json(404, fixture('openai/errors/model_not_found.json')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('bad_request');
    });

    it('does not follow a redirect, so the key goes nowhere else; the failure names where it pointed', async () => {
      server.on(CHAT, raw(307, '', { location: server.url('/elsewhere/chat/completions') }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error).toMatchObject({ kind: 'unknown', status: 307, retryable: false });
      expect(error.message).toContain('/elsewhere/chat/completions');
      expect(server.at('/elsewhere/chat/completions')).toHaveLength(0);
    });

    it('a refused connection is network', async () => {
      const closed = await LoopbackServer.start();
      const url = closed.url('/v1');
      await closed.close();
      const error = await failed(parts(createOpenAIProvider({ baseURL: url }).reply(ask, callContext())));
      expect(error.kind).toBe('network');
      expect(error.message).toContain('ECONNREFUSED');
    });

    it("a server too slow for the provider's timeoutMs fails with kind timeout", async () => {
      server.on(CHAT, hang());
      const error = await failed(
        parts(createOpenAIProvider({ baseURL: server.url('/v1'), timeoutMs: 50 }).reply(ask, callContext())),
      );
      expect(error.kind).toBe('timeout');
      expect(error.message).toContain('50 ms');
    });

    it('the timeout covers the body too: a stream that stalls after its first chunk times out', async () => {
      server.on(CHAT, (_, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(chunk({ content: 'Hi' }));
      });
      const error = await failed(
        parts(createOpenAIProvider({ baseURL: server.url('/v1'), timeoutMs: 80 }).reply(ask, callContext())),
      );
      expect(error.kind).toBe('timeout');
    });

    it('takes the key out of an error body that echoes it back', async () => {
      server.on(
        CHAT,
        json(401, {
          error: {
            message: `Incorrect API key provided: ${KEY}. Also ${KEY.slice(0, 12)}***`,
            code: 'invalid_api_key',
          },
        }),
      );
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.message).not.toContain(KEY.slice(0, 8));
      expect(error.message).toContain('[redacted]');
    });

    it("throws P0003 at the first call when the vendor's own URL has no key, before any request", async () => {
      vi.stubEnv('OPENAI_API_KEY', '');
      const fetch = vi.fn<typeof globalThis.fetch>();
      const p = createOpenAIProvider({ fetch });
      const error = await failure(parts(p.reply(ask, callContext({ apiKey: undefined }))));
      expect(error).toBeInstanceOf(StandinError);
      expect(error).not.toBeInstanceOf(ProviderFailure);
      expect(error).toMatchObject({ code: 'P0003' });
      expect(fetch).not.toHaveBeenCalled();
    });

    it("reads OPENAI_API_KEY for the vendor's own URL", async () => {
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-env');
      const fetch = vi.fn<typeof globalThis.fetch>(
        async () => new Response(chatStream(textParts(['Hi'])), { headers: { 'content-type': 'text/event-stream' } }),
      );
      await parts(createOpenAIProvider({ fetch }).reply(ask, callContext({ apiKey: undefined })));
      const [url, init] = fetch.mock.calls[0]!;
      expect(url).toBe('https://api.openai.com/v1/chat/completions');
      expect((init!.headers as Record<string, string>).authorization).toBe('Bearer sk-from-env');
    });

    it('calls a custom baseURL without a key, and without reading OPENAI_API_KEY', async () => {
      vi.stubEnv('OPENAI_API_KEY', 'sk-from-env');
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
      await parts(provider().reply(ask, callContext({ apiKey: undefined, provider: 'local' })));
      expect(server.at(CHAT)[0]!.headers.authorization).toBeUndefined();
    });

    it('a 401 from a custom baseURL called without a key says how to give one', async () => {
      server.on(CHAT, json(401, { error: 'unauthorized' }));
      const error = await failed(parts(provider().reply(ask, callContext({ apiKey: undefined, provider: 'local' }))));
      expect(error.message).toContain('config.providers.local.apiKey');
    });
  });

  describe('.embed', () => {
    const EMB = '/v1/embeddings';
    const base64 = (values: number[]): string => Buffer.from(new Float32Array(values).buffer).toString('base64');

    it('asks for base64 and decodes little-endian float32', async () => {
      server.on(EMB, json(200, fixture('openai/media/embeddings.base64.json')));
      expect(await provider().embed('hello', callContext({ model: 'text-embedding-3-small' }))).toEqual([1, 2]);
      expect(sentBody(EMB)).toEqual({ model: 'text-embedding-3-small', input: 'hello', encoding_format: 'base64' });
    });

    it('reads floats from a server that answers float lists', async () => {
      server.on(EMB, json(200, fixture('openai/media/embeddings.json')));
      expect(await provider().embed('hello', callContext())).toEqual([0.0023064255, -0.009327292, -0.0028842222]);
    });

    it('gives back every float32 exactly, whatever the values', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.float({ noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 64 }),
          async (values) => {
            server.on(EMB, json(200, { data: [{ index: 0, embedding: base64(values) }] }));
            expect(await provider().embed('x', callContext())).toEqual(values.map((v) => (Object.is(v, -0) ? -0 : v)));
          },
        ),
        { numRuns: 15 },
      );
    });

    it('base64 that is not float32 values is a malformed response', async () => {
      server.on(EMB, json(200, { data: [{ index: 0, embedding: 'AAA' }] }));
      expect((await failed(provider().embed('x', callContext()))).message).toContain('malformed response');
    });

    it('a body that is not JSON is a malformed response', async () => {
      server.on(EMB, raw(200, 'not json at all', { 'content-type': 'application/json' }));
      const error = await failed(provider().embed('x', callContext()));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('not JSON');
    });

    it('an answer without data is a malformed response', async () => {
      server.on(EMB, json(200, { object: 'list' }));
      expect((await failed(provider().embed('x', callContext()))).message).toContain(
        'has data that breaks the protocol',
      );
    });
  });

  describe('.hear', () => {
    const HEAR = '/v1/audio/transcriptions';

    it('posts multipart with file, model, language and the hint as prompt', async () => {
      server.on(
        HEAR,
        json(200, { ...fixture<object>('openai/media/transcription.json'), text: 'please call me back' }),
      );
      const audio = new Uint8Array([82, 73, 70, 70, 0, 1, 2, 3]);
      const heard = await provider().hear(
        { audio, kind: 'wav', language: 'en', hint: 'callback' },
        callContext({ model: 'whisper-1' }),
      );
      expect(heard).toEqual({ text: 'please call me back' });
      const { headers, body } = server.at(HEAR)[0]!;
      expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      expect(headers.authorization).toBe(`Bearer ${KEY}`);
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': headers['content-type']! },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file') as File;
      expect(file.name).toBe('audio.wav');
      expect(file.type).toBe('audio/wav');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(audio);
      expect(form.get('model')).toBe('whisper-1');
      expect(form.get('language')).toBe('en');
      expect(form.get('prompt')).toBe('callback');
      expect(form.get('response_format')).toBe('json');
    });

    it('sends no language or prompt when the input has none, and names mp3 audio/mpeg', async () => {
      server.on(HEAR, json(200, { text: 'hi' }));
      await provider().hear({ audio: new Uint8Array([1]), kind: 'mp3' }, callContext());
      const { headers, body } = server.at(HEAR)[0]!;
      const form = await new Request('http://x', {
        method: 'POST',
        headers: { 'content-type': headers['content-type']! },
        body: new Uint8Array(body),
      }).formData();
      expect(form.has('language')).toBe(false);
      expect(form.has('prompt')).toBe(false);
      expect((form.get('file') as File).type).toBe('audio/mpeg');
    });

    it('an answer without text is a malformed response', async () => {
      server.on(HEAR, json(200, { transcript: 'hi' }));
      expect(
        (await failed(provider().hear({ audio: new Uint8Array([1]), kind: 'wav' }, callContext()))).message,
      ).toContain('has text that breaks the protocol');
    });
  });

  describe('.speak', () => {
    const SPEAK = '/v1/audio/speech';

    it('posts the text and the voice, and answers the bytes', async () => {
      const audio = Buffer.from([0xff, 0xfb, 0x90, 0x00, 0x01]);
      server.on(SPEAK, raw(200, audio, { 'content-type': 'audio/mpeg' }));
      expect(
        await createOpenAIProvider({ baseURL: server.url('/v1'), voice: 'nova' }).speak(
          'Hello',
          callContext({ model: 'tts-1' }),
        ),
      ).toEqual(new Uint8Array(audio));
      expect(sentBody(SPEAK)).toEqual({ model: 'tts-1', input: 'Hello', voice: 'nova' });
    });

    it("uses the voice 'alloy' by default", async () => {
      server.on(SPEAK, raw(200, Buffer.from([1]), { 'content-type': 'audio/mpeg' }));
      await provider().speak('Hello', callContext());
      expect(sentBody(SPEAK).voice).toBe('alloy');
    });

    it('a 200 JSON error body is the failure it reports, never audio', async () => {
      server.on(SPEAK, json(200, { error: { message: 'Rate limit reached', type: 'rate_limit_exceeded' } }));
      const error = await failed(provider().speak('Hello', callContext()));
      expect(error).toBeInstanceOf(ProviderFailure);
      expect(error.message).toContain('Rate limit reached');
    });

    it('a 200 JSON body that is no error, or a text page, is a malformed response', async () => {
      server.on(SPEAK, json(200, { audio: 'none' }));
      expect((await failed(provider().speak('Hello', callContext()))).message).toContain('JSON, not audio');
      server.on(SPEAK, raw(200, '<html>down</html>', { 'content-type': 'text/html; charset=utf-8' }));
      expect((await failed(provider().speak('Hello', callContext()))).message).toContain('text/html, not audio');
    });

    it('an empty answer is a malformed response', async () => {
      server.on(SPEAK, raw(200, Buffer.alloc(0)));
      expect((await failed(provider().speak('Hello', callContext()))).message).toContain('no audio');
    });
  });

  describe('.image', () => {
    const IMAGES = '/v1/images/generations';
    const png = pngImage(4, 3, 'lighthouse');
    const b64 = Buffer.from(png).toString('base64');

    it('posts the prompt, count, size and format, and answers the decoded images with their media types', async () => {
      server.on(IMAGES, json(200, { created: 1, data: [{ b64_json: b64 }, { b64_json: b64 }], output_format: 'png' }));
      const images = await provider().image(
        'A lighthouse',
        { size: '1024x1024', count: 2, format: 'png' },
        callContext({ model: 'gpt-image-1' }),
      );
      expect(images).toEqual([
        { bytes: png, mediaType: 'image/png' },
        { bytes: png, mediaType: 'image/png' },
      ]);
      expect(sentBody(IMAGES)).toEqual({
        model: 'gpt-image-1',
        prompt: 'A lighthouse',
        n: 2,
        size: '1024x1024',
        output_format: 'png',
      });
    });

    it('asks a model other than GPT Image for b64_json, and sends no size or format it was not given', async () => {
      server.on(IMAGES, json(200, { created: 1, data: [{ b64_json: b64 }] }));
      await provider().image('A lighthouse', {}, callContext({ model: 'dall-e-3' }));
      expect(sentBody(IMAGES)).toEqual({
        model: 'dall-e-3',
        prompt: 'A lighthouse',
        n: 1,
        response_format: 'b64_json',
      });
    });

    it('labels bytes it cannot recognise by the format the answer states, else the one asked', async () => {
      const odd = Buffer.from([1, 2, 3]).toString('base64');
      server.on(IMAGES, json(200, { data: [{ b64_json: odd }], output_format: 'webp' }));
      expect((await provider().image('x', {}, callContext()))[0]!.mediaType).toBe('image/webp');
      server.on(IMAGES, json(200, { data: [{ b64_json: odd }] }));
      expect((await provider().image('x', { format: 'jpeg' }, callContext()))[0]!.mediaType).toBe('image/jpeg');
    });

    it('an image given by URL only, or no data list, is a malformed response', async () => {
      server.on(IMAGES, json(200, { data: [{ url: 'https://example.com/a.png' }] }));
      expect((await failed(provider().image('x', {}, callContext()))).message).toContain('it gave a URL');
      server.on(IMAGES, json(200, { images: [] }));
      expect((await failed(provider().image('x', {}, callContext()))).message).toContain('has data that breaks');
    });

    it('a content policy refusal is a content_filter failure with its message, and the key never shows', async () => {
      server.on(
        IMAGES,
        json(400, {
          error: {
            message: `Your request was rejected by the safety system (${KEY})`,
            type: 'image_generation_user_error',
            code: 'content_policy_violation',
          },
        }),
      );
      const error = await failed(provider().image('x', {}, callContext()));
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain('safety system');
      expect(error.message).not.toContain(KEY);
    });
  });

  describe('.rank', () => {
    const RANK = '/v1/rerank';

    it('posts { model, query, documents } and maps results[{ index, relevance_score }] back to the texts in order', async () => {
      server.on(RANK, json(200, fixture('openai/media/rerank.json')));
      expect(await provider().rank('reset password', ['a', 'b', 'c'], callContext({ model: 'rerank-v3.5' }))).toEqual([
        0.4, 0.01, 0.9,
      ]);
      expect(sentBody(RANK)).toEqual({ model: 'rerank-v3.5', query: 'reset password', documents: ['a', 'b', 'c'] });
    });

    it("reads Voyage's `data` list too", async () => {
      server.on(RANK, json(200, { data: [{ index: 0, relevance_score: 0.3 }] }));
      expect(await provider().rank('q', ['a'], callContext())).toEqual([0.3]);
    });

    it('a text left without a score is a malformed response', async () => {
      server.on(RANK, json(200, { results: [{ index: 0, relevance_score: 0.3 }] }));
      expect((await failed(provider().rank('q', ['a', 'b'], callContext()))).message).toContain('scored 1 of 2');
    });

    it('an index out of range, or scored twice, is a malformed response', async () => {
      server.on(
        RANK,
        json(200, { results: [{ index: 5, relevance_score: 0.3 }] }),
        json(200, {
          results: [
            { index: 0, relevance_score: 0.3 },
            { index: 0, relevance_score: 0.2 },
          ],
        }),
      );
      expect((await failed(provider().rank('q', ['a'], callContext()))).message).toContain('index 5');
      expect((await failed(provider().rank('q', ['a'], callContext()))).message).toContain('twice');
    });

    it('answers [] for no texts without a request', async () => {
      expect(await provider().rank('q', [], callContext())).toEqual([]);
      expect(server.received).toHaveLength(0);
    });
  });
});

describe('createOpenAIProvider', () => {
  it('throws P0004 naming a bad setting and its fix', () => {
    expect(() => createOpenAIProvider({ baseURL: 'ftp://example.com', timeoutMs: -1 })).toThrow(
      expect.objectContaining({
        code: 'P0004',
        message: expect.stringMatching(/settings\.baseURL[\s\S]*settings\.timeoutMs/),
      }),
    );
  });

  it('throws P0004 for an unknown setting, with the allowed ones', () => {
    expect(() => createOpenAIProvider({ voise: 'nova' } as never)).toThrow(
      expect.objectContaining({ code: 'P0004', message: expect.stringContaining("Did you mean 'voice'") }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createApp,
  createGeminiProvider,
  ProviderFailure,
  StandinError,
  tool,
  type ReplyPart,
  type ReplyRequest,
} from '../../../../src/index.js';
import { geminiErrorBody } from '../../../../src/protocols/gemini/geminiErrors.js';
import { GenerateChunkWriter } from '../../../../src/protocols/gemini/generateWriter.js';
import { fixtureJson, fixtureText } from '../../../support/fixtures.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, raw, stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const paths = (model = 'test-model') => ({
  stream: `/v1beta/models/${model}:streamGenerateContent?alt=sse`,
  embed: `/v1beta/models/${model}:embedContent`,
});
const { stream: STREAM, embed: EMBED } = paths();
const ask: ReplyRequest = { model: 'test-model', messages: [{ role: 'user', content: 'Hello' }] };
const provider = (settings = {}) => createGeminiProvider({ baseURL: server.url('/v1beta'), ...settings });
const callContext: typeof baseContext = (overrides = {}) => baseContext({ provider: 'gemini', ...overrides });
const sentBody = (n = 0, path = STREAM): Record<string, unknown> =>
  JSON.parse(server.at(path)[n]!.body.toString('utf8')) as Record<string, unknown>;
const fixture = (name: string): Handler => stream(fixtureText('gemini', name));

/** A stream the Gemini protocol's writer writes for `reply`'s parts, finished as they say. */
function written(reply: readonly ReplyPart[]): Handler {
  const writer = new GenerateChunkWriter({ id: 'resp_1', model: 'gemini-test' });
  return stream([...reply.flatMap((part) => writer.part(part)), ...writer.end()].join(''));
}
const hi = written([
  { type: 'text', text: 'Hi' },
  { type: 'finish', reason: 'stop' },
]);

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('GeminiProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('sends the generateContent request: systemInstruction, calls and their results by id, same-role turns joined, functionDeclarations', async () => {
      server.on(STREAM, hi);
      const input = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
      const request: ReplyRequest = {
        model: 'test-model',
        instructions: 'Be brief.',
        messages: [
          { role: 'user', content: 'Weather in Paris and Oslo?' },
          {
            role: 'assistant',
            content: 'Looking.',
            calls: [
              { id: 'call_0', tool: 'weather', with: { city: 'Paris' } },
              { id: 'call_1', tool: 'weather', with: { city: 'Oslo' } },
            ],
          },
          {
            role: 'tool',
            results: [
              { id: 'call_0', tool: 'weather', output: { sky: 'clear' } },
              { id: 'call_1', tool: 'weather', error: 'Oslo is not covered.' },
            ],
          },
          { role: 'user', content: 'And tomorrow?' },
        ],
        tools: [{ name: 'weather', description: 'The weather in a city.', input }],
      };
      await parts(provider({ maxTokens: 256 }).reply(request, callContext()));
      expect(sentBody()).toEqual({
        contents: [
          { role: 'user', parts: [{ text: 'Weather in Paris and Oslo?' }] },
          {
            role: 'model',
            parts: [
              { text: 'Looking.' },
              {
                functionCall: { id: 'call_0', name: 'weather', args: { city: 'Paris' } },
                thoughtSignature: 'skip_thought_signature_validator',
              },
              { functionCall: { id: 'call_1', name: 'weather', args: { city: 'Oslo' } } },
            ],
          },
          {
            role: 'user',
            parts: [
              { functionResponse: { id: 'call_0', name: 'weather', response: { output: { sky: 'clear' } } } },
              { functionResponse: { id: 'call_1', name: 'weather', response: { error: 'Oslo is not covered.' } } },
              { text: 'And tomorrow?' },
            ],
          },
        ],
        systemInstruction: { parts: [{ text: 'Be brief.' }] },
        tools: [
          {
            functionDeclarations: [
              { name: 'weather', description: 'The weather in a city.', parametersJsonSchema: input },
            ],
          },
        ],
        generationConfig: { maxOutputTokens: 256 },
      });
    });

    it('posts to /models/{model}:streamGenerateContent?alt=sse, the model id encoded', async () => {
      server.on(paths('a%2Fb%3Fc').stream, hi);
      await parts(provider().reply({ ...ask, model: 'a/b?c' }, callContext()));
      expect(server.at(paths('a%2Fb%3Fc').stream)).toHaveLength(1);
    });

    it('sends the key in x-goog-api-key by default, and only there', async () => {
      server.on(STREAM, hi);
      await parts(provider().reply(ask, callContext()));
      const { headers, body, path } = server.at(STREAM)[0]!;
      expect(headers).toMatchObject({
        'x-goog-api-key': KEY,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      });
      expect(headers.authorization).toBeUndefined();
      expect(path).not.toContain(KEY);
      expect(body.toString()).not.toContain(KEY);
    });

    it("sends authorization: Bearer when auth is 'bearer'", async () => {
      server.on(STREAM, hi);
      await parts(provider({ auth: 'bearer' }).reply(ask, callContext()));
      const { headers } = server.at(STREAM)[0]!;
      expect(headers.authorization).toBe(`Bearer ${KEY}`);
      expect(headers['x-goog-api-key']).toBeUndefined();
    });

    it("streams a documented stream's text parts, then its last usage as one units part, then the finish", async () => {
      server.on(STREAM, fixture('stream-text.sse'));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Refunds reach' },
        { type: 'text', text: ' your card within five' },
        { type: 'text', text: ' working days.' },
        { type: 'units', tokensIn: 12, tokensOut: 10 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('reads the same events cut at every byte', async () => {
      server.on(
        STREAM,
        stream(fixtureText('gemini', 'stream-text.sse').replace('Refunds reach', 'Grüße 👋'), { byteByByte: true }),
      );
      const text = (await parts(provider().reply(ask, callContext())))
        .flatMap((p) => (p.type === 'text' ? [p.text] : []))
        .join('');
      expect(text).toBe('Grüße 👋 your card within five working days.');
    });

    it('hands on thought parts as reasoning, and counts thought tokens out and apart', async () => {
      server.on(STREAM, fixture('stream-thought.sse'));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: '**Weighing the request**', block: 0 },
        { type: 'text', text: 'About five working days.' },
        { type: 'units', tokensIn: 9, tokensOut: 132, reasoningOut: 127 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('hands on each functionCall as a call with its id and its thoughtSignature, and finishes with calls', async () => {
      server.on(STREAM, fixture('stream-function-call.sse'));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        {
          type: 'call',
          call: {
            id: 'fc_8k2n',
            tool: 'lookup',
            with: { query: 'refund policy' },
            signature: 'CiIBVKhc7oDr4kmt5qkDPiW0GRk0y8P9xmXoHQX6yF+Kc1Nx',
          },
        },
        { type: 'call', call: { id: 'fc_9q7d', tool: 'escalate', with: { team: 'billing', reason: 'unsure' } } },
        { type: 'units', tokensIn: 61, tokensOut: 24 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('gives a functionCall without an id call_{n}', async () => {
      server.on(
        STREAM,
        stream(
          'data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"lookup","args":{"q":"a"}}}],' +
            '"role":"model"},"finishReason":"STOP"}]}\r\n\r\n',
        ),
      );
      expect((await parts(provider().reply(ask, callContext())))[0]).toEqual({
        type: 'call',
        call: { id: 'call_0', tool: 'lookup', with: { q: 'a' } },
      });
    });

    it('finishes with length on MAX_TOKENS', async () => {
      server.on(
        STREAM,
        written([
          { type: 'text', text: 'Once' },
          { type: 'finish', reason: 'length' },
        ]),
      );
      expect((await parts(provider().reply(ask, callContext()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    });

    it('asks for a typed value with responseMimeType and responseJsonSchema (const as enum), and streams value parts', async () => {
      server.on(
        STREAM,
        written([
          { type: 'value', json: '{"team":' },
          { type: 'value', json: '"billing"}' },
        ]),
      );
      const schema = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { team: { type: 'string' }, kind: { const: 'ticket' } },
        required: ['team'],
      };
      const got = await parts(provider().reply({ ...ask, output: { name: 'Ticket', schema } }, callContext()));
      expect(sentBody().generationConfig).toEqual({
        responseMimeType: 'application/json',
        responseJsonSchema: {
          type: 'object',
          properties: { team: { type: 'string' }, kind: { enum: ['ticket'] } },
          required: ['team'],
        },
      });
      expect(got.slice(0, 2)).toEqual([
        { type: 'value', json: '{"team":' },
        { type: 'value', json: '"billing"}' },
      ]);
    });

    it('writes the call settings into generationConfig and toolConfig', async () => {
      server.on(STREAM, hi);
      const settings = {
        temperature: 0.5,
        topP: 0.9,
        maxOutputTokens: 64,
        stopSequences: ['END'],
        seed: 7,
        toolChoice: { tool: 'lookup' },
      };
      await parts(provider({ maxTokens: 512 }).reply({ ...ask, settings }, callContext()));
      expect(sentBody()).toMatchObject({
        generationConfig: { temperature: 0.5, topP: 0.9, maxOutputTokens: 64, stopSequences: ['END'], seed: 7 },
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup'] } },
      });
    });

    it('refuses a temperature over 2 with E0021, and a call input that is no object with E0020, before sending', async () => {
      const hot = await failure(parts(provider().reply({ ...ask, settings: { temperature: 2.5 } }, callContext())));
      expect(hot).toBeInstanceOf(StandinError);
      expect(hot).toMatchObject({ code: 'E0021', message: expect.stringContaining('Gemini generateContent') });
      const listed: ReplyRequest = {
        ...ask,
        messages: [...ask.messages, { role: 'assistant', calls: [{ id: 'c', tool: 't', with: [1] }] }],
      };
      expect(await failure(parts(provider().reply(listed, callContext())))).toMatchObject({ code: 'E0020' });
      expect(server.at(STREAM)).toHaveLength(0);
    });

    it('sends image bytes as inlineData and a file URL as fileData', async () => {
      server.on(STREAM, hi);
      const request: ReplyRequest = {
        ...ask,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', bytes: new Uint8Array([1, 2, 3]), mediaType: 'image/PNG' },
              { type: 'file', url: 'https://example.com/guide.pdf', mediaType: 'application/pdf' },
            ],
          },
        ],
      };
      await parts(provider().reply(request, callContext()));
      expect(sentBody().contents).toEqual([
        {
          role: 'user',
          parts: [
            { text: 'What is this?' },
            { inlineData: { mimeType: 'image/png', data: 'AQID' } },
            { fileData: { mimeType: 'application/pdf', fileUri: 'https://example.com/guide.pdf' } },
          ],
        },
      ]);
    });

    it("merges providerOptions.gemini into the body, its generationConfig under the adapter's", async () => {
      server.on(STREAM, hi);
      const settings = {
        providerOptions: {
          gemini: {
            safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
            generationConfig: { topK: 3, maxOutputTokens: 9 },
          },
        },
      };
      await parts(provider({ maxTokens: 100 }).reply({ ...ask, settings }, callContext()));
      expect(sentBody()).toMatchObject({
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
        generationConfig: { topK: 3, maxOutputTokens: 100 },
      });
    });

    it('fails with content_filter when the prompt is blocked (promptFeedback.blockReason)', async () => {
      server.on(STREAM, fixture('stream-blocked-prompt.sse'));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error).toMatchObject({ kind: 'content_filter', provider: 'gemini' });
      expect(error.message).toContain('PROHIBITED_CONTENT');
    });

    it('fails with content_filter when the reply stops for SAFETY, after the text sent before it', async () => {
      server.on(STREAM, fixture('stream-safety-finish.sse'));
      const got: unknown[] = [];
      const error = await failed(
        (async () => {
          for await (const part of provider().reply(ask, callContext())) got.push(part);
        })(),
      );
      expect(got).toEqual([{ type: 'text', text: 'Well,' }]);
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain('finishReason: SAFETY');
    });

    it('fails with the kind of the status a mid-stream error names', async () => {
      server.on(STREAM, fixture('stream-error.sse'));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('UNAVAILABLE');
    });

    it.each([
      ['error-429-resource-exhausted.json', 429, 'rate_limit'],
      ['error-503-unavailable.json', 503, 'server'],
      ['error-500-internal.json', 500, 'server'],
      ['error-504-deadline-exceeded.json', 504, 'timeout'],
      ['error-400-api-key-invalid.json', 400, 'auth'],
      ['error-403-permission-denied.json', 403, 'auth'],
      ['error-400-context-length.json', 400, 'context_length'],
      ['error-400-invalid-argument.json', 400, 'bad_request'],
      ['error-400-failed-precondition.json', 400, 'bad_request'],
      ['error-404-not-found.json', 404, 'bad_request'],
    ])('reads the error body %s (%i) as kind %s', async (name, code, kind) => {
      server.on(STREAM, json(code, fixtureJson('gemini', name), { 'retry-after': '2' }));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect({ kind: error.kind, status: error.status }).toEqual({ kind, status: code });
      expect(error.message).toContain((fixtureJson('gemini', name) as { error: { status: string } }).error.status);
      if (kind === 'rate_limit') expect(error.retryAfterMs).toBe(2000);
    });

    it('keeps the key out of a failure whose body echoes it', async () => {
      server.on(STREAM, json(400, geminiErrorBody(400, 'INVALID_ARGUMENT', `API key not valid: ${KEY}`)));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.message).not.toContain(KEY);
      expect(JSON.stringify(error)).not.toContain(KEY);
    });

    it('is a malformed response when the stream ends without a finishReason, or its data is not JSON', async () => {
      server.on(STREAM, stream('data: {"candidates":[{"content":{"parts":[{"text":"Hi"}]}}]}\r\n\r\n'));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('before a `finishReason`');
      server.on(STREAM, stream('data: {not json\r\n\r\n'));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('not JSON');
    });

    it('is a malformed response when a functionCall has no name or args that are not an object', async () => {
      const call = (functionCall: unknown) =>
        stream(`data: ${JSON.stringify({ candidates: [{ content: { parts: [{ functionCall }] } }] })}\r\n\r\n`);
      server.on(STREAM, call({ args: {} }));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('no name');
      server.on(STREAM, call({ name: 'f', args: [1] }));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('not an object');
    });

    it('fails on a redirect, which it does not follow', async () => {
      server.on(STREAM, raw(302, '', { location: 'http://127.0.0.1:1/elsewhere' }));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('unknown');
    });

    it('fails past maxLineBytes, naming the setting, and closes the connection', async () => {
      server.on(
        STREAM,
        written([
          { type: 'text', text: 'x'.repeat(5000) },
          { type: 'finish', reason: 'stop' },
        ]),
      );
      const error = await failed(parts(provider({ maxLineBytes: 1024 }).reply(ask, callContext())));
      expect(error.kind).toBe('unknown');
      expect(error.message).toContain('maxLineBytes');
    });

    it('fails past maxBodyBytes on a whole body', async () => {
      server.on(EMBED, json(200, { embedding: { values: new Array(4000).fill(0.5) } }));
      const error = await failed(provider({ maxBodyBytes: 1000 }).embed('hi', callContext({ model: 'test-model' })));
      expect(error.message).toContain('maxBodyBytes');
    });

    it('answers P0003 with no key for the vendor URL, and calls a custom baseURL without one', async () => {
      const vendor = createGeminiProvider();
      const error = await failure(parts(vendor.reply(ask, callContext({ apiKey: undefined }))));
      expect(error).toMatchObject({ code: 'P0003' });
      expect(error.message).toContain('GEMINI_API_KEY');
      server.on(STREAM, hi);
      await parts(provider().reply(ask, callContext({ apiKey: undefined })));
      expect(server.at(STREAM)[0]!.headers['x-goog-api-key']).toBeUndefined();
    });

    it('ends a run against a server that matches function responses to calls by id', async () => {
      // Such a server asks for the call again until a functionResponse answers its id.
      const byId: Handler = (request, response) => {
        const body = JSON.parse(request.body.toString('utf8')) as {
          contents: { parts: { functionResponse?: { id?: string } }[] }[];
        };
        const answered = body.contents.at(-1)!.parts.some((part) => part.functionResponse?.id === 'fc_42');
        const reply: ReplyPart[] = answered
          ? [{ type: 'text', text: 'Sunny.' }]
          : [{ type: 'call', call: { id: 'fc_42', tool: 'weather', with: { city: 'Paris' } } }];
        return written(reply)(request, response);
      };
      server.on(paths('gemini-2.5-flash').stream, byId);
      const app = createApp({
        models: { writer: { provider: 'gemini', model: 'gemini-2.5-flash' } },
        providers: { gemini: { baseURL: server.url('/v1beta'), apiKey: KEY } },
      });
      const weather = tool({ input: z.object({ city: z.string() }), run: () => ({ sky: 'clear' }) });
      const run = await app.run({ model: 'writer', tools: { weather }, maxSteps: 3 }, 'Weather in Paris?');
      expect(run.text).toBe('Sunny.');
      expect(run.steps).toHaveLength(2);
      expect(server.at(paths('gemini-2.5-flash').stream)).toHaveLength(2);
    });
  });

  describe('.embed', () => {
    it('posts embedContent with the model path and the text as a part, and answers embedding.values', async () => {
      server.on(EMBED, json(200, fixtureJson('gemini', 'embed-content.json')));
      expect(await provider().embed('refund', callContext({ model: 'test-model' }))).toEqual(
        (fixtureJson('gemini', 'embed-content.json') as { embedding: { values: number[] } }).embedding.values,
      );
      expect(sentBody(0, EMBED)).toEqual({ model: 'models/test-model', content: { parts: [{ text: 'refund' }] } });
      expect(server.at(EMBED)[0]!.headers['x-goog-api-key']).toBe(KEY);
    });

    it('is a malformed response without a list of finite numbers', async () => {
      server.on(EMBED, json(200, { embedding: { values: [1, 'x'] } }));
      expect((await failed(provider().embed('a', callContext({ model: 'test-model' })))).message).toContain(
        'finite numbers',
      );
      server.on(EMBED, json(200, { embeddings: [] }));
      expect((await failed(provider().embed('a', callContext({ model: 'test-model' })))).message).toContain(
        'embedding',
      );
    });

    it('fails with the kind of a Gemini error body', async () => {
      server.on(EMBED, json(429, fixtureJson('gemini', 'error-429-resource-exhausted.json')));
      expect((await failed(provider().embed('a', callContext({ model: 'test-model' })))).kind).toBe('rate_limit');
    });
  });

  describe('createGeminiProvider', () => {
    it('refuses a setting it does not take, and an auth it does not know, with P0004', () => {
      expect(() => createGeminiProvider({ voice: 'x' } as never)).toThrow(expect.objectContaining({ code: 'P0004' }));
      expect(() => createGeminiProvider({ auth: 'x-api-key' } as never)).toThrow(
        expect.objectContaining({ code: 'P0004', message: expect.stringContaining("'x-goog-api-key'") }),
      );
    });

    it("is what the config binds for a provider with adapter: 'gemini'", async () => {
      server.on(paths('gemini-2.5-flash').stream, written([{ type: 'text', text: 'Hi from Gemini' }]));
      const app = createApp({
        models: { writer: { provider: 'google', model: 'gemini-2.5-flash' } },
        providers: {
          google: { adapter: 'gemini', baseURL: server.url('/v1beta'), apiKey: KEY, auth: 'x-goog-api-key' },
        },
      });
      expect((await app.reply('writer', { messages: 'Hello' })).text).toBe('Hi from Gemini');
    });
  });
});

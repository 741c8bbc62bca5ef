import { describe, expect, it } from 'vitest';
import {
  createApp,
  createGeminiProvider,
  ProviderFailure,
  StandinError,
  type ReplyRequest,
} from '../../../../src/index.js';
import { providerConformance, type MakeProvider, type ProviderScenario } from '../../../../src/testing.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, raw, stream, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';
import { callReply, chunk, errorBody, event, geminiScenario, paths, textReply, usage } from './geminiWire.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const { stream: STREAM, embed: EMBED } = paths();
const ask: ReplyRequest = { model: 'test-model', messages: [{ role: 'user', content: 'Hello' }] };
const provider = (settings = {}) => createGeminiProvider({ baseURL: server.url('/v1beta'), ...settings });
const callContext: typeof baseContext = (overrides = {}) => baseContext({ provider: 'gemini', ...overrides });
const sentBody = (n = 0, path = STREAM): Record<string, unknown> =>
  JSON.parse(server.at(path)[n]!.body.toString('utf8')) as Record<string, unknown>;

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
    it('sends the generateContent request: systemInstruction, functionCall and functionResponse parts, same-role turns joined, functionDeclarations', async () => {
      server.on(STREAM, stream(textReply(['Hi'])));
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
      server.on(paths('a%2Fb%3Fc').stream, stream(textReply(['Hi'])));
      await parts(provider().reply({ ...ask, model: 'a/b?c' }, callContext()));
      expect(server.at(paths('a%2Fb%3Fc').stream)).toHaveLength(1);
    });

    it('sends the key in x-goog-api-key by default, and only there', async () => {
      server.on(STREAM, stream(textReply(['Hi'])));
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
      server.on(STREAM, stream(textReply(['Hi'])));
      await parts(provider({ auth: 'bearer' }).reply(ask, callContext()));
      const { headers } = server.at(STREAM)[0]!;
      expect(headers.authorization).toBe(`Bearer ${KEY}`);
      expect(headers['x-goog-api-key']).toBeUndefined();
    });

    it('streams text parts, then usage as one units part, then the finish', async () => {
      server.on(STREAM, stream(textReply(['Hel', 'lo'], [25, 42])));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hel' },
        { type: 'text', text: 'lo' },
        { type: 'units', tokensIn: 25, tokensOut: 42 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('reads the same events cut at every byte', async () => {
      server.on(STREAM, stream(textReply(['Grüße', ' 👋']), { byteByByte: true }));
      const text = (await parts(provider().reply(ask, callContext())))
        .flatMap((p) => (p.type === 'text' ? [p.text] : []))
        .join('');
      expect(text).toBe('Grüße 👋');
    });

    it('hands on thought parts as reasoning, and counts thought and tool-use prompt tokens', async () => {
      const body =
        chunk([{ text: 'Weighing it.', thought: true }], undefined, usage(10)) +
        chunk([{ text: 'Yes.' }], 'STOP', usage(10, 3, { thoughtsTokenCount: 7, toolUsePromptTokenCount: 2 }));
      server.on(STREAM, stream(body));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'Weighing it.', block: 0 },
        { type: 'text', text: 'Yes.' },
        { type: 'units', tokensIn: 12, tokensOut: 10 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('hands on each functionCall as a call, its id or call_{n}, and finishes with calls', async () => {
      server.on(
        STREAM,
        stream(
          callReply([
            { name: 'lookup', args: { q: 'a' } },
            { name: 'escalate', args: {}, id: 'fc_9' },
          ]),
        ),
      );
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'call', call: { id: 'call_0', tool: 'lookup', with: { q: 'a' } } },
        { type: 'call', call: { id: 'fc_9', tool: 'escalate', with: {} } },
        { type: 'units', tokensIn: 30, tokensOut: 12 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('finishes with length on MAX_TOKENS', async () => {
      server.on(STREAM, stream(textReply(['Once'], [5, 1], 'MAX_TOKENS')));
      expect((await parts(provider().reply(ask, callContext()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
    });

    it('asks for a typed value with responseMimeType and responseJsonSchema (const as enum), and streams value parts', async () => {
      server.on(STREAM, stream(textReply(['{"team":', '"billing"}'])));
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
      server.on(STREAM, stream(textReply(['Hi'])));
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

    it('refuses a temperature over 2 with E0021 before sending', async () => {
      const error = await failure(parts(provider().reply({ ...ask, settings: { temperature: 2.5 } }, callContext())));
      expect(error).toBeInstanceOf(StandinError);
      expect(error).toMatchObject({ code: 'E0021' });
      expect(server.at(STREAM)).toHaveLength(0);
    });

    it('sends image bytes as inlineData and a file URL as fileData', async () => {
      server.on(STREAM, stream(textReply(['A cat.'])));
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
      server.on(STREAM, stream(textReply(['Hi'])));
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
      server.on(
        STREAM,
        stream(event({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: usage(4) })),
      );
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error).toMatchObject({ kind: 'content_filter', provider: 'gemini' });
      expect(error.message).toContain('PROHIBITED_CONTENT');
    });

    it('fails with content_filter when the reply stops for SAFETY, after the text sent before it', async () => {
      server.on(STREAM, stream(chunk([{ text: 'Well' }]) + chunk([], 'SAFETY')));
      const got: unknown[] = [];
      const error = await failed(
        (async () => {
          for await (const part of provider().reply(ask, callContext())) got.push(part);
        })(),
      );
      expect(got).toEqual([{ type: 'text', text: 'Well' }]);
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain('finishReason: SAFETY');
    });

    it('fails with the kind the status of a mid-stream error names', async () => {
      server.on(
        STREAM,
        stream(chunk([{ text: 'Hi' }]) + event(errorBody(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.'))),
      );
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('rate_limit');
      expect(error.message).toContain('RESOURCE_EXHAUSTED');
    });

    it('maps Gemini error bodies to kinds: 429 rate_limit with retry-after, 503 server, 504 timeout, API key not valid auth, token count context_length', async () => {
      const cases: [number, string, string, string][] = [
        [429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted.', 'rate_limit'],
        [503, 'UNAVAILABLE', 'The model is overloaded.', 'server'],
        [504, 'DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.', 'timeout'],
        [400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'auth'],
        [
          400,
          'INVALID_ARGUMENT',
          'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
          'context_length',
        ],
        [400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.', 'bad_request'],
        [403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers.", 'auth'],
      ];
      for (const [code, status, message, kind] of cases) {
        server.on(STREAM, json(code, errorBody(code, status, message), { 'retry-after': '2' }));
        const error = await failed(parts(provider().reply(ask, callContext())));
        expect({ kind: error.kind, status: error.status }).toEqual({ kind, status: code });
        expect(error.message).toContain(status);
        if (kind === 'rate_limit') expect(error.retryAfterMs).toBe(2000);
      }
    });

    it('keeps the key out of a failure whose body echoes it', async () => {
      server.on(STREAM, json(400, errorBody(400, 'INVALID_ARGUMENT', `API key not valid: ${KEY}`)));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.message).not.toContain(KEY);
      expect(JSON.stringify(error)).not.toContain(KEY);
    });

    it('is a malformed response when the stream ends without a finishReason, or its data is not JSON', async () => {
      server.on(STREAM, stream(chunk([{ text: 'Hi' }])));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('before a `finishReason`');
      server.on(STREAM, stream('data: {not json\r\n\r\n'));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('not JSON');
    });

    it('is a malformed response when a functionCall has no name or args that are not an object', async () => {
      server.on(STREAM, stream(chunk([{ functionCall: { args: {} } }], 'STOP')));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('no name');
      server.on(STREAM, stream(chunk([{ functionCall: { name: 'f', args: [1] } }], 'STOP')));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('not an object');
    });

    it('fails past maxLineBytes, naming the setting, and closes the connection', async () => {
      server.on(STREAM, stream(chunk([{ text: 'x'.repeat(5000) }], 'STOP')));
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
      server.on(STREAM, stream(textReply(['Hi'])));
      await parts(provider().reply(ask, callContext({ apiKey: undefined })));
      expect(server.at(STREAM)[0]!.headers['x-goog-api-key']).toBeUndefined();
    });
  });

  describe('.embed', () => {
    it('posts embedContent with the model path and the text as a part, and answers embedding.values', async () => {
      server.on(EMBED, json(200, { embedding: { values: [0.5, -1, 0.25] } }));
      expect(await provider().embed('refund', callContext({ model: 'test-model' }))).toEqual([0.5, -1, 0.25]);
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
        'embedding.values',
      );
    });

    it('fails with the kind of a Gemini error body', async () => {
      server.on(EMBED, json(429, errorBody(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded.')));
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
      server.on(paths('gemini-2.5-flash').stream, stream(textReply(['Hi from Gemini'])));
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

const redirect = raw(302, '', { location: 'http://127.0.0.1:1/elsewhere' });

/** The Gemini adapter on the loopback server, the server scripted for each scenario. */
const gemini: MakeProvider = (scenario) => {
  const made = createGeminiProvider({
    baseURL: server.url('/v1beta'),
    timeoutMs: scenario === 'fail:timeout' ? 50 : 5000,
  });
  const slow = geminiScenario(server, scenario, redirect);
  return slow === undefined ? made : { provider: made, ...slow };
};

const claims: ProviderScenario[] = [
  'text',
  'value',
  'calls',
  'length',
  'slow',
  'embed',
  'image',
  'fail:rate_limit',
  'fail:server',
  'fail:auth',
  'fail:bad_request',
  'fail:context_length',
  'fail:content_filter',
  'fail:timeout',
  'fail:network',
  'fail:unknown',
];

providerConformance(gemini, {
  describe,
  it,
  claims,
  apiKey: KEY,
  provider: 'gemini',
  name: 'the Gemini adapter on a loopback server conforms',
});

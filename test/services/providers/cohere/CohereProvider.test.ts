import { describe, expect, it } from 'vitest';
import {
  createApp,
  createCohereProvider,
  ProviderFailure,
  type ReplyPart,
  type ReplyRequest,
} from '../../../../src/index.js';
import { cohereErrorBody, cohereFailures } from '../../../../src/protocols/cohere/cohereErrors.js';
import { ChatEventWriter } from '../../../../src/protocols/cohere/chatStream.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const CHAT = '/v2/chat';
const EMBED = '/v2/embed';
const RERANK = '/v2/rerank';
const ask: ReplyRequest = { model: 'command-test', messages: [{ role: 'user', content: 'Hello' }] };
const provider = (settings = {}) => createCohereProvider({ baseURL: server.url(), ...settings });
const callContext: typeof baseContext = (overrides = {}) =>
  baseContext({ provider: 'cohere', model: 'command-test', ...overrides });
const sentBody = (path = CHAT, n = 0): Record<string, unknown> =>
  JSON.parse(server.at(path)[n]!.body.toString('utf8')) as Record<string, unknown>;

/** A stream the Cohere protocol's writer writes for `reply`'s parts. */
function written(reply: readonly ReplyPart[]): Handler {
  const writer = new ChatEventWriter('msg_1');
  return stream([...reply.flatMap((part) => writer.part(part)), ...writer.end()].join(''));
}
const hi = written([
  { type: 'text', text: 'Hi' },
  { type: 'finish', reason: 'stop' },
]);

/** Cohere's events as its API reference shows a tool call's stream, `event:` lines and all. */
const documented = [
  [
    'message-start',
    { id: 'a1', delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [] } } },
  ],
  ['tool-plan-delta', { delta: { message: { tool_plan: 'I will check the weather.' } } }],
  [
    'tool-call-start',
    {
      index: 0,
      delta: {
        message: {
          tool_calls: { id: 'weather_1', type: 'function', function: { name: 'weather', arguments: '' } },
        },
      },
    },
  ],
  ['tool-call-delta', { index: 0, delta: { message: { tool_calls: { function: { arguments: '{"city":' } } } } }],
  ['tool-call-delta', { index: 0, delta: { message: { tool_calls: { function: { arguments: '"Paris"}' } } } } }],
  ['tool-call-end', { index: 0 }],
  [
    'message-end',
    {
      delta: {
        finish_reason: 'TOOL_CALL',
        usage: {
          billed_units: { input_tokens: 20, output_tokens: 9 },
          tokens: { input_tokens: 950, output_tokens: 40 },
        },
      },
    },
  ],
]
  .map(([type, body]) => `event: ${type as string}\ndata: ${JSON.stringify({ type, ...(body as object) })}\n\n`)
  .join('');

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('CohereProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('sends the /v2/chat request: system, calls with JSON arguments, one tool message per result, tools', async () => {
      server.on(CHAT, hi);
      await parts(
        provider({ maxTokens: 300 }).reply(
          {
            model: 'command-test',
            instructions: 'Be brief.',
            messages: [
              { role: 'user', content: 'Weather in Paris?' },
              { role: 'assistant', calls: [{ id: 'c1', tool: 'weather', with: { city: 'Paris' } }] },
              { role: 'tool', results: [{ id: 'c1', tool: 'weather', output: { sky: 'clear' } }] },
            ],
            tools: [{ name: 'weather', description: 'The weather.', input: { type: 'object' } }],
          },
          callContext(),
        ),
      );
      expect(sentBody()).toEqual({
        model: 'command-test',
        stream: true,
        max_tokens: 300,
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
          {
            role: 'assistant',
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
          },
          { role: 'tool', tool_call_id: 'c1', content: '{"sky":"clear"}' },
        ],
        tools: [
          {
            type: 'function',
            function: { name: 'weather', description: 'The weather.', parameters: { type: 'object' } },
          },
        ],
      });
    });

    it('sends the key in authorization: Bearer, and only there', async () => {
      server.on(CHAT, hi);
      await parts(provider().reply(ask, callContext()));
      const { headers, body, path } = server.at(CHAT)[0]!;
      expect(headers).toMatchObject({ authorization: `Bearer ${KEY}`, accept: 'text/event-stream' });
      expect(path).not.toContain(KEY);
      expect(body.toString()).not.toContain(KEY);
    });

    it("streams a documented tool call's events: the plan as reasoning, the call whole, usage tokens, the finish", async () => {
      server.on(CHAT, stream(documented));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'reasoning', text: 'I will check the weather.', block: 0 },
        { type: 'call', call: { id: 'weather_1', tool: 'weather', with: { city: 'Paris' } } },
        { type: 'units', tokensIn: 950, tokensOut: 40 },
        { type: 'finish', reason: 'calls' },
      ]);
    });

    it('asks for a typed value with response_format json_object and its json_schema, and streams value parts', async () => {
      server.on(CHAT, written([{ type: 'text', text: '{"team":"billing"}' }]));
      const schema = { type: 'object', properties: { team: { type: 'string' } } };
      const got = await parts(provider().reply({ ...ask, output: { name: 'triage', schema } }, callContext()));
      expect(sentBody().response_format).toEqual({ type: 'json_object', json_schema: schema });
      expect(got[0]).toEqual({ type: 'value', json: '{"team":"billing"}' });
    });

    it('writes the call settings as Cohere names them', async () => {
      server.on(CHAT, hi);
      const settings = { temperature: 0.3, topP: 0.9, maxOutputTokens: 50, stopSequences: ['END'], seed: 7 };
      await parts(provider().reply({ ...ask, settings: { ...settings, toolChoice: 'none' } }, callContext()));
      expect(sentBody()).toMatchObject({
        temperature: 0.3,
        p: 0.9,
        max_tokens: 50,
        stop_sequences: ['END'],
        seed: 7,
        tool_choice: 'NONE',
      });
    });

    it('refuses more than 5 stop sequences with E0021, and a file with E0020, before sending', async () => {
      const stops = { ...ask, settings: { stopSequences: ['a', 'b', 'c', 'd', 'e', 'f'] } };
      expect(await failure(parts(provider().reply(stops, callContext())))).toMatchObject({ code: 'E0021' });
      const file: ReplyRequest = {
        ...ask,
        messages: [
          { role: 'user', content: [{ type: 'file', url: 'https://x.test/a.pdf', mediaType: 'application/pdf' }] },
        ],
      };
      expect(await failure(parts(provider().reply(file, callContext())))).toMatchObject({ code: 'E0020' });
      expect(server.at(CHAT)).toHaveLength(0);
    });

    it.each(Object.keys(cohereFailures) as (keyof typeof cohereFailures)[])(
      "reads Cohere's %s answer as that kind",
      async (kind) => {
        const row = cohereFailures[kind];
        server.on(CHAT, json(row.status, cohereErrorBody(row.message, 'req_1')));
        const error = await failed(parts(provider().reply(ask, callContext())));
        expect({ kind: error.kind, status: error.status }).toEqual({ kind, status: row.status });
      },
    );

    it.each([
      { status: 500, message: 'internal server error, this has been reported to our developers', kind: 'server' },
      { status: 502, message: 'bad gateway', kind: 'server' },
      { status: 422, message: "invalid request: 'messages' must not be empty", kind: 'bad_request' },
      { status: 403, message: 'forbidden', kind: 'auth' },
    ])('reads a $status in other words by its status: kind $kind', async ({ status, message, kind }) => {
      server.on(CHAT, json(status, cohereErrorBody(message, 'req_1')));
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe(kind);
    });

    it('fails with content_filter when the stream ends ERROR in blocked words, after the text sent before it', async () => {
      const writer = new ChatEventWriter('msg_1');
      const events = [...writer.part({ type: 'text', text: 'Well' }), ...writer.stop({ kind: 'content_filter' })];
      server.on(CHAT, stream([...events, ...writer.end()].join('')));
      const got: ReplyPart[] = [];
      const error = await failed(
        (async () => {
          for await (const part of provider().reply(ask, callContext())) got.push(part);
        })(),
      );
      expect(error.kind).toBe('content_filter');
      expect(got).toEqual([{ type: 'text', text: 'Well' }]);
    });

    it('keeps the key out of a failure whose body echoes it', async () => {
      server.on(CHAT, json(401, cohereErrorBody(`invalid api token ${KEY}`, 'req_1')));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('auth');
      expect(JSON.stringify({ message: error.message, error })).not.toContain(KEY);
    });

    it('is a malformed response when the stream ends without message-end', async () => {
      server.on(CHAT, stream('event: message-start\ndata: {"type":"message-start","id":"a"}\n\n'));
      expect((await failed(parts(provider().reply(ask, callContext())))).message).toContain('message-end');
    });

    it('answers P0003 with no key for the vendor URL, naming CO_API_KEY', async () => {
      const error = await failure(parts(createCohereProvider().reply(ask, callContext({ apiKey: undefined }))));
      expect(error).toMatchObject({ code: 'P0003' });
      expect(error.message).toContain('CO_API_KEY');
    });
  });

  describe('.embed', () => {
    it('posts /v2/embed with the text, its input_type and float embeddings, and answers the vector', async () => {
      server.on(EMBED, json(200, { id: 'e1', embeddings: { float: [[0.25, -0.5]] }, texts: ['refund'] }));
      expect(
        await provider({ inputType: 'search_document' }).embed('refund', callContext({ model: 'embed-test' })),
      ).toEqual([0.25, -0.5]);
      expect(sentBody(EMBED)).toEqual({
        model: 'embed-test',
        texts: ['refund'],
        input_type: 'search_document',
        embedding_types: ['float'],
      });
    });

    it('is a malformed response without float embeddings', async () => {
      server.on(EMBED, json(200, { id: 'e1', embeddings: { int8: [[1]] } }));
      expect((await failed(provider().embed('a', callContext()))).message).toContain('float');
    });
  });

  describe('.rank', () => {
    it('posts /v2/rerank with every text and answers one score per text, in order', async () => {
      server.on(
        RERANK,
        json(200, {
          id: 'r1',
          results: [
            { index: 1, relevance_score: 0.9 },
            { index: 0, relevance_score: 0.2 },
          ],
        }),
      );
      expect(await provider().rank('reset', ['billing', 'password'], callContext({ model: 'rerank-test' }))).toEqual([
        0.2, 0.9,
      ]);
      expect(sentBody(RERANK)).toEqual({ model: 'rerank-test', query: 'reset', documents: ['billing', 'password'] });
    });

    it('answers no scores for no texts, without a request', async () => {
      expect(await provider().rank('reset', [], callContext())).toEqual([]);
      expect(server.at(RERANK)).toHaveLength(0);
    });
  });

  describe('createCohereProvider', () => {
    it('refuses a setting it does not take, and an inputType it does not know, with P0004', () => {
      expect(() => createCohereProvider({ voice: 'x' } as never)).toThrow(expect.objectContaining({ code: 'P0004' }));
      expect(() => createCohereProvider({ inputType: 'image' } as never)).toThrow(
        expect.objectContaining({ code: 'P0004', message: expect.stringContaining("'search_query'") }),
      );
    });

    it("is what the config binds for a provider with adapter: 'cohere'", async () => {
      server.on(CHAT, written([{ type: 'text', text: 'Hi from Cohere' }]));
      const app = createApp({
        models: { writer: { provider: 'co', model: 'command-a-03-2025' } },
        providers: { co: { adapter: 'cohere', baseURL: server.url(), apiKey: KEY, inputType: 'search_query' } },
      });
      expect((await app.reply('writer', { messages: 'Hello' })).text).toBe('Hi from Cohere');
    });
  });
});

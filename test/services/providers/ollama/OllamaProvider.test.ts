import { describe, expect, it } from 'vitest';
import {
  createApp,
  createOllamaProvider,
  ProviderFailure,
  StandinError,
  type ReplyPart,
  type ReplyRequest,
} from '../../../../src/index.js';
import { OllamaReplyWriter } from '../../../../src/protocols/ollama/replyWriter.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, raw, stream, type Handler, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const CHAT = '/api/chat';
const EMBED = '/api/embed';
const ask: ReplyRequest = { model: 'llama3.2', messages: [{ role: 'user', content: 'Hello' }] };
const provider = (settings = {}) => createOllamaProvider({ baseURL: server.url(), ...settings });
const callContext: typeof baseContext = (overrides = {}) =>
  baseContext({ provider: 'ollama', model: 'llama3.2', apiKey: undefined, ...overrides });
const sentBody = (path = CHAT, n = 0): Record<string, unknown> =>
  JSON.parse(server.at(path)[n]!.body.toString('utf8')) as Record<string, unknown>;

/** The NDJSON the Ollama protocol's writer writes for `reply`'s parts. */
function ndjson(reply: readonly ReplyPart[]): string {
  const writer = new OllamaReplyWriter('chat', { model: 'llama3.2', created: 1_700_000_000 });
  return [...reply.flatMap((part) => writer.part(part)), ...writer.end()].join('');
}
const lines = (body: string, options: Parameters<typeof stream>[1] = {}): Handler =>
  stream(body, { headers: { 'content-type': 'application/x-ndjson' }, ...options });
const hi = ndjson([
  { type: 'text', text: 'Hi ' },
  { type: 'text', text: 'there.' },
  { type: 'units', tokensIn: 5, tokensOut: 2 },
  { type: 'finish', reason: 'stop' },
]);

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('OllamaProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('posts a streamed /api/chat: the instructions as a system message, the settings as options', async () => {
      server.on(CHAT, lines(hi));
      await parts(
        provider({ maxTokens: 64 }).reply(
          { ...ask, instructions: 'Be brief.', settings: { temperature: 0.2, stopSequences: ['\n\n'] } },
          callContext(),
        ),
      );
      expect(sentBody()).toEqual({
        model: 'llama3.2',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello' },
        ],
        stream: true,
        options: { temperature: 0.2, num_predict: 64, stop: ['\n\n'] },
      });
    });

    it('sends no authorization without a key, and a bearer key when one is given', async () => {
      server.on(CHAT, lines(hi));
      await parts(provider().reply(ask, callContext()));
      await parts(provider({ apiKey: KEY }).reply(ask, callContext()));
      const [bare, keyed] = server.at(CHAT);
      expect(bare!.headers.authorization).toBeUndefined();
      expect(keyed!.headers.authorization).toBe(`Bearer ${KEY}`);
    });

    it('calls http://127.0.0.1:11434 when no baseURL is given, reading no key from the environment', async () => {
      const seen: string[] = [];
      const fetch: typeof globalThis.fetch = async (input, init) => {
        seen.push(String(input), new Headers(init?.headers).get('authorization') ?? 'none');
        return new Response(hi, { headers: { 'content-type': 'application/x-ndjson' } });
      };
      process.env.OLLAMA_API_KEY = 'from-the-environment';
      try {
        await parts(createOllamaProvider({ fetch }).reply(ask, callContext()));
      } finally {
        delete process.env.OLLAMA_API_KEY;
      }
      expect(seen).toEqual(['http://127.0.0.1:11434/api/chat', 'none']);
    });

    it('reads the lines however the bytes arrive: text, then units and finish from the done line', async () => {
      server.on(CHAT, lines(hi, { byteByByte: true }));
      expect(await parts(provider().reply(ask, callContext()))).toEqual([
        { type: 'text', text: 'Hi ' },
        { type: 'text', text: 'there.' },
        { type: 'units', tokensIn: 5, tokensOut: 2 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it('asks for the reply whole with stream: false, and reads its one body', async () => {
      server.on(
        CHAT,
        json(200, {
          model: 'llama3.2',
          message: {
            role: 'assistant',
            content: '',
            tool_calls: [{ function: { name: 'weather', arguments: { city: 'Oslo' } } }],
          },
          done: true,
          done_reason: 'stop',
          prompt_eval_count: 3,
          eval_count: 1,
        }),
      );
      expect(await parts(provider({ stream: false }).reply(ask, callContext()))).toEqual([
        { type: 'call', call: { id: 'call_0', tool: 'weather', with: { city: 'Oslo' } } },
        { type: 'units', tokensIn: 3, tokensOut: 1 },
        { type: 'finish', reason: 'calls' },
      ]);
      expect(sentBody()).toMatchObject({ stream: false });
    });

    it('fails with kind unknown, naming maxLineBytes, at a line past the bound', async () => {
      server.on(
        CHAT,
        lines(
          ndjson([
            { type: 'text', text: 'x'.repeat(400) },
            { type: 'finish', reason: 'stop' },
          ]),
        ),
      );
      const error = await failed(parts(provider({ maxLineBytes: 256 }).reply(ask, callContext())));
      expect(error.kind).toBe('unknown');
      expect(error.message).toContain('maxLineBytes');
    });

    it('fails as an error line says, after the parts before it', async () => {
      const first = ndjson([{ type: 'text', text: 'Hi' }]).split('\n')[0]!;
      server.on(CHAT, lines(`${first}\n{"error":"model runner has unexpectedly stopped"}\n`));
      const got: ReplyPart[] = [];
      const error = await failed(
        (async () => {
          for await (const part of provider().reply(ask, callContext())) got.push(part);
        })(),
      );
      expect(got).toEqual([{ type: 'text', text: 'Hi' }]);
      expect(error.message).toContain('model runner has unexpectedly stopped');
    });

    it('fails as malformed, retried once, when the answer ends before done: true', async () => {
      server.on(CHAT, lines(ndjson([{ type: 'text', text: 'Hi' }]).split('\n')[0]!));
      const error = await failed(parts(provider().reply(ask, callContext())));
      expect(error.kind).toBe('server');
      expect(error.message).toContain('done: true');
    });

    it("reads Ollama's { error } bodies by status and words: 404, 429, 400 about the context", async () => {
      server.on(
        CHAT,
        json(404, { error: 'model "llama9" not found, try pulling it first' }),
        json(429, { error: 'too many requests' }, { 'retry-after': '2' }),
        json(400, { error: 'the input length exceeds the context length' }),
      );
      const first = await failed(parts(provider().reply(ask, callContext())));
      expect(first).toMatchObject({ kind: 'bad_request', status: 404 });
      expect(first.message).toContain('model "llama9" not found');
      expect(await failed(parts(provider().reply(ask, callContext())))).toMatchObject({
        kind: 'rate_limit',
        retryAfterMs: 2000,
      });
      expect((await failed(parts(provider().reply(ask, callContext())))).kind).toBe('context_length');
    });

    it('cannot send an image by URL (E0020), nor honour a required tool choice (E0021)', async () => {
      const image: ReplyRequest = {
        model: 'llama3.2',
        messages: [{ role: 'user', content: [{ type: 'image', url: 'https://example.test/cat.png' }] }],
      };
      expect(await failure(parts(provider().reply(image, callContext())))).toMatchObject({ code: 'E0020' });
      const forced: ReplyRequest = {
        ...ask,
        tools: [{ name: 't', input: { type: 'object' } }],
        settings: { toolChoice: 'required' },
      };
      const error = await failure(parts(provider().reply(forced, callContext())));
      expect(error).toBeInstanceOf(StandinError);
      expect(error).toMatchObject({ code: 'E0021' });
      expect(server.at(CHAT)).toHaveLength(0);
    });
  });

  describe('.embed', () => {
    it("posts /api/embed with the model and the text, and answers the first of the answer's embeddings", async () => {
      server.on(EMBED, json(200, { model: 'llama3.2', embeddings: [[0.5, -1, 2]] }));
      expect(await provider().embed('refund policy', callContext())).toEqual([0.5, -1, 2]);
      expect(sentBody(EMBED)).toEqual({ model: 'llama3.2', input: 'refund policy' });
    });

    it('fails as malformed when the answer holds no vectors of numbers', async () => {
      server.on(EMBED, raw(200, '{"embeddings":[["a"]]}', { 'content-type': 'application/json' }));
      expect((await failed(provider().embed('x', callContext()))).message).toContain('malformed');
    });
  });

  describe('in a config', () => {
    it("serves a provider named ollama, or one with adapter: 'ollama', keyless, with its stream setting", async () => {
      server.on(CHAT, lines(hi));
      const app = createApp({
        models: { writer: { provider: 'ollama', model: 'llama3.2' }, local: { provider: 'box', model: 'llama3.2' } },
        providers: {
          ollama: { baseURL: server.url() },
          box: { adapter: 'ollama', baseURL: server.url(), stream: true },
        },
      });
      expect((await app.reply('writer', { messages: 'Hello' })).text).toBe('Hi there.');
      expect((await app.reply('local', { messages: 'Hello' })).text).toBe('Hi there.');
      expect(server.at(CHAT).map((request) => request.headers.authorization)).toEqual([undefined, undefined]);
    });
  });
});

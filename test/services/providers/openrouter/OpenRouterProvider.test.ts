import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createApp,
  createOpenRouterProvider,
  ProviderFailure,
  type StandinError,
  type ReplyRequest,
} from '../../../../src/index.js';
import { callContext as baseContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, raw, stream, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { useLoopback } from '../loopback/useLoopback.js';
import { chatStream, textParts } from '../../../support/openaiStreams.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));
afterEach(() => {
  vi.unstubAllEnvs();
});

const CHAT = '/api/v1/chat/completions';
const MODEL = 'anthropic/claude-sonnet-4.5';
const ask: ReplyRequest = { model: MODEL, messages: [{ role: 'user', content: 'Hello' }] };
const context = (overrides = {}) => baseContext({ provider: 'openrouter', model: MODEL, ...overrides });
const provider = (settings = {}) => createOpenRouterProvider({ baseURL: server.url('/api/v1'), ...settings });
const sentBody = (n = 0): Record<string, unknown> =>
  JSON.parse(server.at(CHAT)[n]!.body.toString('utf8')) as Record<string, unknown>;
const hi = () => stream(chatStream(textParts(['Hi'])));

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('OpenRouterProvider', () => {
  it('is a real adapter', () => {
    expect(provider().real).toBe(true);
  });

  describe('.reply', () => {
    it('streams chat completions from /chat/completions, the key as a bearer', async () => {
      server.on(CHAT, hi());
      const got = await parts(provider().reply(ask, context()));
      expect(got.filter((part) => part.type === 'text')).toEqual([{ type: 'text', text: 'Hi' }]);
      expect(server.at(CHAT)[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sentBody()).toMatchObject({ model: MODEL, stream: true });
    });

    it("sends the settings' models fallbacks and provider routing in the body", async () => {
      server.on(CHAT, hi());
      const routing = { order: ['anthropic', 'amazon-bedrock'], allow_fallbacks: false };
      await parts(provider({ models: ['openai/gpt-4.1-mini'], provider: routing }).reply(ask, context()));
      expect(sentBody()).toMatchObject({ models: ['openai/gpt-4.1-mini'], provider: routing });
    });

    it("lays a call's providerOptions over the settings' routing", async () => {
      server.on(CHAT, hi());
      const request: ReplyRequest = {
        ...ask,
        settings: {
          providerOptions: { openrouter: { provider: { sort: 'price' }, models: ['mistralai/mistral-large'] } },
        },
      };
      await parts(
        provider({ models: ['openai/gpt-4.1-mini'], provider: { order: ['openai'] } }).reply(request, context()),
      );
      expect(sentBody()).toMatchObject({ models: ['mistralai/mistral-large'], provider: { sort: 'price' } });
    });

    it('reads OPENROUTER_API_KEY for its own URL', async () => {
      vi.stubEnv('OPENROUTER_API_KEY', KEY);
      const seen: string[] = [];
      const fetch: typeof globalThis.fetch = async (input, init) => {
        seen.push(`${String(input)} ${new Headers(init?.headers).get('authorization')}`);
        return new Response(chatStream(textParts(['Hi'])), { headers: { 'content-type': 'text/event-stream' } });
      };
      await parts(createOpenRouterProvider({ fetch }).reply(ask, context({ apiKey: undefined })));
      expect(seen).toEqual([`https://openrouter.ai/api/v1/chat/completions Bearer ${KEY}`]);
    });

    it('reads no OPENROUTER_API_KEY for a custom base URL', async () => {
      vi.stubEnv('OPENROUTER_API_KEY', KEY);
      server.on(CHAT, hi());
      await parts(provider().reply(ask, context({ apiKey: undefined })));
      expect(server.at(CHAT)[0]!.headers.authorization).toBeUndefined();
    });
  });

  describe(".reply failures, read from OpenRouter's error body", () => {
    const answered = async (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) => {
      server.on(CHAT, json(status, { error }, headers));
      return failed(parts(provider().reply(ask, context())));
    };

    it('reads 402 (no credits left) as auth, not retried', async () => {
      const error = await answered(402, {
        code: 402,
        message: 'Insufficient credits. Add more using https://openrouter.ai/credits',
      });
      expect([error.kind, error.retryable]).toEqual(['auth', false]);
      expect(error.message).toContain('Insufficient credits');
    });

    it('reads 408 as timeout, retried', async () => {
      const error = await answered(408, { code: 408, message: 'Request timed out' });
      expect([error.kind, error.retryable]).toEqual(['timeout', true]);
    });

    it('reads 429 as rate_limit with its retry-after', async () => {
      const error = await answered(429, { code: 429, message: 'Rate limit exceeded' }, { 'retry-after': '2' });
      expect([error.kind, error.retryAfterMs]).toEqual(['rate_limit', 2000]);
    });

    it("reads 502 (the model's provider down) and 503 (no provider available) as server", async () => {
      const down = await answered(502, {
        code: 502,
        message: 'Provider returned error',
        metadata: { provider_name: 'Anthropic', raw: 'overloaded' },
      });
      const none = await answered(503, { code: 503, message: 'No endpoints found matching your data policy' });
      expect([down.kind, none.kind]).toEqual(['server', 'server']);
    });

    it('reads a moderation 403, its reasons in the metadata, as content_filter', async () => {
      const error = await answered(403, {
        code: 403,
        message: 'openai/gpt-4o requires moderation on OpenAI. Your input was flagged for "harassment".',
        metadata: {
          reasons: ['harassment'],
          flagged_input: 'you…',
          provider_name: 'OpenAI',
          model_slug: 'openai/gpt-4o',
        },
      });
      expect(error.kind).toBe('content_filter');
    });

    it('reads a 403 without moderation reasons as auth', async () => {
      expect((await answered(403, { code: 403, message: 'Key disabled' })).kind).toBe('auth');
    });

    it('reads an error chunk inside the stream by its code', async () => {
      const chunk = {
        id: 'gen-1',
        object: 'chat.completion.chunk',
        choices: [],
        error: { code: 429, message: 'Rate limit exceeded' },
      };
      server.on(CHAT, raw(200, `data: ${JSON.stringify(chunk)}\n\n`, { 'content-type': 'text/event-stream' }));
      expect((await failed(parts(provider().reply(ask, context())))).kind).toBe('rate_limit');
    });

    it('keeps the key out of the failure', async () => {
      const error = await answered(401, { code: 401, message: `No auth credentials found for ${KEY}` });
      expect(error.kind).toBe('auth');
      expect(error.message).not.toContain(KEY);
    });
  });
});

describe('createOpenRouterProvider', () => {
  it('rejects a models list that is no list of ids with P0004, naming the field', () => {
    const error = (() => {
      try {
        createOpenRouterProvider({ models: 'openai/gpt-4.1-mini' as never });
      } catch (caught) {
        return caught as StandinError;
      }
      throw new Error('expected P0004');
    })();
    expect(error.code).toBe('P0004');
    expect(error.message).toContain('settings.models');
  });

  it('rejects provider routing whose order is no list with P0004', () => {
    expect(() => createOpenRouterProvider({ provider: { order: 'anthropic' as never } })).toThrow(/settings\.provider/);
  });
});

describe('the config of an openrouter provider', () => {
  it('takes models and provider, and sends them with every reply', async () => {
    server.on(CHAT, hi());
    const app = createApp({
      models: { writer: { provider: 'openrouter', model: MODEL } },
      providers: {
        openrouter: {
          baseURL: server.url('/api/v1'),
          apiKey: KEY,
          models: ['openai/gpt-4.1-mini'],
          provider: { only: ['anthropic'] },
        },
      },
    });
    expect((await app.reply('writer', { messages: [{ role: 'user', content: 'Hello' }] })).text).toBe('Hi');
    expect(sentBody()).toMatchObject({ models: ['openai/gpt-4.1-mini'], provider: { only: ['anthropic'] } });
  });
});

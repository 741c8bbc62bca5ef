import { describe, expect, it, vi } from 'vitest';
import {
  createApp,
  createAzureOpenAIProvider,
  ProviderFailure,
  StandinError,
  type ReplyRequest,
} from '../../../../src/index.js';
import { providerConformance, type MakeProvider, type ProviderScenario } from '../../../../src/testing.js';
import { callContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, stream, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { textReply } from '../loopback/openaiWire.js';
import { useLoopback } from '../loopback/useLoopback.js';
import { azureScenario, completionFiltered, deploymentPath, promptFiltered } from './azureWire.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const CHAT = deploymentPath('/chat/completions', 'gpt-4o-prod');
const ask: ReplyRequest = { model: 'gpt-4o-prod', messages: [{ role: 'user', content: 'Hello' }] };
const context = (overrides = {}) => callContext({ provider: 'azure', model: 'gpt-4o-prod', ...overrides });
const sent = (path = CHAT) => server.at(path)[0]!;

async function failed(promise: Promise<unknown>): Promise<ProviderFailure> {
  const error = await failure(promise);
  expect(error).toBeInstanceOf(ProviderFailure);
  return error as ProviderFailure;
}

describe('AzureOpenAIProvider', () => {
  describe('.reply', () => {
    it("posts the OpenAI chat body to the deployment's URL with api-version, the key as api-key", async () => {
      server.on(CHAT, stream(textReply(['Hel', 'lo.'])));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const got = await parts(provider.reply(ask, context()));
      expect(got.filter((part) => part.type === 'text').map((part) => part.text)).toEqual(['Hel', 'lo.']);
      const request = sent();
      expect(request.headers['api-key']).toBe(KEY);
      expect(request.headers.authorization).toBeUndefined();
      const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
      expect(body).toMatchObject({ model: 'gpt-4o-prod', stream: true, stream_options: { include_usage: true } });
      expect(body.messages).toEqual([{ role: 'user', content: 'Hello' }]);
    });

    it('takes an endpoint that already ends in /openai, and the api-version the settings name', async () => {
      const path = deploymentPath('/chat/completions', 'gpt-4o-prod', '2025-04-01-preview');
      server.on(path, stream(textReply(['Hi'])));
      const provider = createAzureOpenAIProvider({ baseURL: server.url('/openai/'), apiVersion: '2025-04-01-preview' });
      await parts(provider.reply(ask, context()));
      expect(server.at(path)).toHaveLength(1);
    });

    it("sends the key as a bearer token with auth: 'bearer'", async () => {
      server.on(CHAT, stream(textReply(['Hi'])));
      const provider = createAzureOpenAIProvider({ baseURL: server.url(), auth: 'bearer' });
      await parts(provider.reply(ask, context()));
      expect(sent().headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sent().headers['api-key']).toBeUndefined();
    });

    it("sends a fresh Entra ID token from the token function on each call, over the config's key", async () => {
      server.on(CHAT, stream(textReply(['Hi'])));
      let issued = 0;
      const provider = createAzureOpenAIProvider({ baseURL: server.url(), token: async () => `entra-${++issued}` });
      await parts(provider.reply(ask, context()));
      await parts(provider.reply(ask, context()));
      expect(server.at(CHAT).map((request) => request.headers.authorization)).toEqual([
        'Bearer entra-1',
        'Bearer entra-2',
      ]);
    });

    it('fails with kind auth when the token function throws, without the token or key in the message', async () => {
      const provider = createAzureOpenAIProvider({
        baseURL: server.url(),
        apiKey: KEY,
        token: () => {
          throw new Error(`credential ${KEY} expired`);
        },
      });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error.kind).toBe('auth');
      expect(error.message).toContain('the token function failed');
      expect(error.message).not.toContain(KEY);
      expect(server.received).toHaveLength(0);
    });

    it('fails with kind timeout when the token function gives nothing within timeoutMs', async () => {
      const provider = createAzureOpenAIProvider({
        baseURL: server.url(),
        timeoutMs: 20,
        token: () => new Promise<string>(() => undefined),
      });
      expect((await failed(parts(provider.reply(ask, context())))).kind).toBe('timeout');
    });

    it("fails with kind content_filter, naming the categories, when Azure's filter stops the stream", async () => {
      server.on(CHAT, completionFiltered);
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain('filtered: violence (high)');
    });

    it("fails with kind content_filter on Azure's 400 for a filtered prompt, not retried", async () => {
      server.on(CHAT, promptFiltered);
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error).toMatchObject({ kind: 'content_filter', status: 400, retryable: false });
      expect(error.message).toContain("Azure OpenAI's content management policy");
    });

    it("reads Azure's request id (apim-request-id) onto a failure", async () => {
      server.on(CHAT, json(429, { error: { code: '429', message: 'Slow down.' } }, { 'apim-request-id': 'apim-7' }));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error).toMatchObject({ kind: 'rate_limit', requestId: 'apim-7' });
    });
  });

  describe('.embed', () => {
    it("posts to the deployment's embeddings URL", async () => {
      const path = deploymentPath('/embeddings', 'embed-prod');
      server.on(path, json(200, { object: 'list', data: [{ index: 0, embedding: [0.5, -1] }] }));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      expect(await provider.embed('refund', context({ model: 'embed-prod' }))).toEqual([0.5, -1]);
      expect(JSON.parse(sent(path).body.toString('utf8'))).toMatchObject({ model: 'embed-prod', input: 'refund' });
    });
  });

  describe('keys and endpoints', () => {
    it('reads AZURE_OPENAI_ENDPOINT when no baseURL is given', async () => {
      vi.stubEnv('AZURE_OPENAI_ENDPOINT', server.url());
      server.on(CHAT, stream(textReply(['Hi'])));
      await parts(createAzureOpenAIProvider().reply(ask, context()));
      expect(server.at(CHAT)).toHaveLength(1);
    });

    it('throws C0030 at the first call when no endpoint is given anywhere', async () => {
      vi.stubEnv('AZURE_OPENAI_ENDPOINT', '');
      const error = await failure(parts(createAzureOpenAIProvider().reply(ask, context())));
      expect(error).toBeInstanceOf(StandinError);
      expect((error as StandinError).code).toBe('C0030');
    });

    it('throws C0031 when AZURE_OPENAI_ENDPOINT carries credentials', async () => {
      vi.stubEnv('AZURE_OPENAI_ENDPOINT', 'https://me:secret@help.openai.azure.com');
      const error = await failure(parts(createAzureOpenAIProvider().reply(ask, context())));
      expect((error as StandinError).code).toBe('C0031');
      expect(error.message).not.toContain('secret');
    });

    it('reads no AZURE_OPENAI_API_KEY for a host that is not Azure', async () => {
      vi.stubEnv('AZURE_OPENAI_API_KEY', 'env-key-never-sent');
      server.on(CHAT, stream(textReply(['Hi'])));
      await parts(createAzureOpenAIProvider({ baseURL: server.url() }).reply(ask, context({ apiKey: undefined })));
      expect(sent().headers['api-key']).toBeUndefined();
    });

    it('throws P0004 for a setting it does not take', () => {
      expect(() => createAzureOpenAIProvider({ auth: 'x-api-key' } as never)).toThrow(/P0004[\s\S]*auth/);
    });
  });

  describe('through the config', () => {
    it("serves a provider with adapter: 'azure-openai', its apiVersion from the config", async () => {
      const path = deploymentPath('/chat/completions', 'gpt-4o-prod', '2025-01-01-preview');
      server.on(path, stream(textReply(['From Azure.'])));
      const app = createApp({
        models: { writer: { provider: 'azure', model: 'gpt-4o-prod' } },
        providers: {
          azure: { adapter: 'azure-openai', baseURL: server.url(), apiKey: KEY, apiVersion: '2025-01-01-preview' },
        },
      });
      expect((await app.reply('writer', { messages: [{ role: 'user', content: 'Hi' }] })).text).toBe('From Azure.');
      expect(server.at(path)[0]!.headers['api-key']).toBe(KEY);
    });
  });
});

/** The Azure adapter on the loopback server, the server scripted as Azure for each scenario. */
const azure: MakeProvider = (scenario) => {
  const provider = createAzureOpenAIProvider({
    baseURL: server.url(),
    timeoutMs: scenario === 'fail:timeout' ? 50 : 5000,
  });
  const slow = azureScenario(server, scenario);
  return slow === undefined ? provider : { provider, ...slow };
};

const claims: ProviderScenario[] = [
  'text',
  'value',
  'calls',
  'length',
  'slow',
  'fail:rate_limit',
  'fail:server',
  'fail:auth',
  'fail:bad_request',
  'fail:context_length',
  'fail:content_filter',
  'fail:timeout',
  'fail:network',
  'fail:unknown',
  'embed',
  'hear',
  'speak',
];

providerConformance(azure, {
  describe,
  it,
  claims,
  apiKey: KEY,
  provider: 'azure',
  name: 'the Azure OpenAI adapter on a loopback server conforms',
});

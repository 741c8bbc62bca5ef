import { describe, expect, it, vi } from 'vitest';
import {
  createApp,
  createAzureOpenAIProvider,
  ProviderFailure,
  StandinError,
  type ReplyRequest,
} from '../../../../src/index.js';
import { callContext, failure, KEY, parts } from '../loopback/callContext.js';
import { json, stream, type LoopbackServer } from '../loopback/LoopbackServer.js';
import { chunkStream, fixture } from '../../../support/fixtures.js';
import { chatStream, responsesStream, textParts } from '../../../support/openaiStreams.js';
import { useLoopback } from '../loopback/useLoopback.js';

/** The path the adapter calls for `path` on deployment `deployment`, at the API version it sends. */
const deploymentPath = (path: string, deployment: string, version = '2024-10-21'): string =>
  `/openai/deployments/${deployment}${path}?api-version=${version}`;

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
      server.on(CHAT, stream(chatStream(textParts(['Hel', 'lo.']))));
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
      server.on(path, stream(chatStream(textParts(['Hi']))));
      const provider = createAzureOpenAIProvider({ baseURL: server.url('/openai/'), apiVersion: '2025-04-01-preview' });
      await parts(provider.reply(ask, context()));
      expect(server.at(path)).toHaveLength(1);
    });

    it("sends the key as a bearer token with auth: 'bearer'", async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
      const provider = createAzureOpenAIProvider({ baseURL: server.url(), auth: 'bearer' });
      await parts(provider.reply(ask, context()));
      expect(sent().headers.authorization).toBe(`Bearer ${KEY}`);
      expect(sent().headers['api-key']).toBeUndefined();
    });

    it("sends a fresh Entra ID token from the token function on each call, over the config's key", async () => {
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
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
      server.on(
        CHAT,
        stream(
          chunkStream(
            'azure/chat/chunk.prompt_filter_results.json',
            'azure/chat/chunk.content.json',
            'azure/chat/chunk.content_filter.json',
          ),
        ),
      );
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error.kind).toBe('content_filter');
      expect(error.message).toContain('filtered: violence (high)');
    });

    it("fails with kind content_filter on Azure's 400 for a filtered prompt, not retried", async () => {
      server.on(CHAT, json(400, fixture('azure/errors/content_filter.json')));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error).toMatchObject({ kind: 'content_filter', status: 400, retryable: false });
      expect(error.message).toContain("Azure OpenAI's content management policy");
    });

    it("reads Azure's request id (apim-request-id) onto a failure, and its rate limit's wait", async () => {
      server.on(
        CHAT,
        json(429, fixture('azure/errors/rate_limit.json'), { 'apim-request-id': 'apim-7', 'retry-after': '1' }),
      );
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const error = await failed(parts(provider.reply(ask, context())));
      expect(error).toMatchObject({ kind: 'rate_limit', requestId: 'apim-7', retryAfterMs: 1000 });
    });

    it("reads Azure's documented errors as their kinds: 401 auth, DeploymentNotFound bad_request, 500 server", async () => {
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const kinds: [number, string, string][] = [
        [401, 'unauthorized', 'auth'],
        [404, 'deployment_not_found', 'bad_request'],
        [404, 'resource_not_found', 'bad_request'],
        [400, 'api_version_not_supported', 'bad_request'],
        [500, 'internal_server_error', 'server'],
      ];
      for (const [status, name, kind] of kinds) {
        server.on(CHAT, json(status, fixture(`azure/errors/${name}.json`)));
        expect(await failed(parts(provider.reply(ask, context())))).toMatchObject({ kind, status });
      }
    });

    it('reads a whole completion, its filter verdicts beside it, that a server answers in place of the stream', async () => {
      server.on(CHAT, json(200, fixture('azure/chat/completion.json')));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      expect(await parts(provider.reply(ask, context()))).toEqual([
        { type: 'text', text: 'Hello! How can I help you today?' },
        { type: 'units', tokensIn: 18, tokensOut: 9 },
        { type: 'finish', reason: 'stop' },
      ]);
    });

    it("calls the v1 paths with apiVersion: 'v1': the deployment as the body's model, no api-version", async () => {
      server.on('/openai/v1/chat/completions', stream(chatStream(textParts(['Hi']))));
      const provider = createAzureOpenAIProvider({ baseURL: server.url(), apiVersion: 'v1' });
      await parts(provider.reply(ask, context()));
      const request = sent('/openai/v1/chat/completions');
      expect(JSON.parse(request.body.toString('utf8'))).toMatchObject({ model: 'gpt-4o-prod' });
      expect(request.headers['api-key']).toBe(KEY);
    });

    it("speaks the Responses API with api: 'responses', at /openai/responses with its api-version", async () => {
      const path = '/openai/responses?api-version=2025-04-01-preview';
      server.on(path, stream(responsesStream(textParts(['Hi']))));
      const provider = createAzureOpenAIProvider({
        baseURL: server.url(),
        apiVersion: '2025-04-01-preview',
        api: 'responses',
      });
      expect((await parts(provider.reply(ask, context()))).at(0)).toEqual({ type: 'text', text: 'Hi' });
      expect(JSON.parse(sent(path).body.toString('utf8'))).toMatchObject({ model: 'gpt-4o-prod', store: false });
    });
  });

  describe('.embed', () => {
    it("posts to the deployment's embeddings URL", async () => {
      const path = deploymentPath('/embeddings', 'embed-prod');
      server.on(path, json(200, fixture('openai/media/embeddings.base64.json')));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      expect(await provider.embed('refund', context({ model: 'embed-prod' }))).toEqual([1, 2]);
      expect(JSON.parse(sent(path).body.toString('utf8'))).toMatchObject({ model: 'embed-prod', input: 'refund' });
    });
  });

  describe('.image', () => {
    it("posts to the deployment's images URL, and reads the images back", async () => {
      const path = deploymentPath('/images/generations', 'image-prod');
      server.on(path, json(200, fixture('openai/media/images.json')));
      const provider = createAzureOpenAIProvider({ baseURL: server.url() });
      const [image] = await provider.image('a lighthouse', {}, context({ model: 'image-prod' }));
      expect(image!.mediaType).toBe('image/png');
      expect(JSON.parse(sent(path).body.toString('utf8'))).toMatchObject({
        model: 'image-prod',
        prompt: 'a lighthouse',
      });
    });
  });

  describe('keys and endpoints', () => {
    it('reads AZURE_OPENAI_ENDPOINT when no baseURL is given', async () => {
      vi.stubEnv('AZURE_OPENAI_ENDPOINT', server.url());
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
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
      server.on(CHAT, stream(chatStream(textParts(['Hi']))));
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
      server.on(path, stream(chatStream(textParts(['From Azure.']))));
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

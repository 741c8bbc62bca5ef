import { createAzure } from '@ai-sdk/azure';
import { embed, generateText, streamText } from 'ai';
import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, ProviderFailure } from 'standin';
import { createFakeServer, type FakeServer } from 'standin/server';

const VERSION = '2024-10-21';
let server: FakeServer;
let scopes = 0;

beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

/** A fresh scope per test, named by the API key, with the deployment scripted there. */
function scoped(deployment: string, answers: unknown[]): string {
  const scope = `azure-${++scopes}`;
  server.load({ models: { [deployment]: answers } }, scope);
  return scope;
}

const client = (scope: string, maxRetries = 0) =>
  new AzureOpenAI({
    endpoint: server.url,
    apiKey: `scope:${scope}`,
    apiVersion: VERSION,
    deployment: 'gpt-4o-prod',
    maxRetries,
  });

const aiSdk = (scope: string) =>
  createAzure({
    baseURL: `${server.url}/openai`,
    apiKey: `scope:${scope}`,
    useDeploymentBasedUrls: true,
    apiVersion: VERSION,
  });

describe('the wire server as Azure OpenAI', () => {
  describe("the openai package's AzureOpenAI", () => {
    it('gets a chat completion from the deployment', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Hello from Azure.' }]);
      const completion = await client(scope).chat.completions.create({
        model: 'ignored-by-azure',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(completion.choices[0]!.message.content).toBe('Hello from Azure.');
      await server.verify(scope);
    });

    it('streams a chat completion', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Streamed from Azure.' }]);
      const stream = await client(scope).chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('Streamed from Azure.');
    });

    it('retries a scripted rate limit and gets the answer', async () => {
      const scope = scoped('gpt-4o-prod', [{ fail: 'rate_limit', retryAfterMs: 1, times: 1, text: 'after the wait' }]);
      const completion = await client(scope, 2).chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(completion.choices[0]!.message.content).toBe('after the wait');
      await server.verify(scope);
    });

    it("gets Azure's content filter 400, innererror included, for a scripted content_filter", async () => {
      const scope = scoped('gpt-4o-prod', [{ fail: 'content_filter' }]);
      const error = (await client(scope)
        .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] })
        .catch((caught: unknown) => caught)) as { status: number; code: string; error: Record<string, unknown> };
      expect(error.status).toBe(400);
      expect(error.code).toBe('content_filter');
      expect(error.error).toMatchObject({
        param: 'prompt',
        innererror: { code: 'ResponsibleAIPolicyViolation', content_filter_result: { violence: { filtered: true } } },
      });
    });

    it("gets Azure's 404 DeploymentNotFound for a deployment no script serves", async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'unused' }]);
      const other = new AzureOpenAI({
        endpoint: server.url,
        apiKey: `scope:${scope}`,
        apiVersion: VERSION,
        deployment: 'missing',
        maxRetries: 0,
      });
      const error = (await other.chat.completions
        .create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] })
        .catch((caught: unknown) => caught)) as { status: number; code: string };
      expect(error).toMatchObject({ status: 404, code: 'DeploymentNotFound' });
    });

    it('embeds with the embeddings deployment', async () => {
      const scope = `azure-${++scopes}`;
      server.fake('embed-prod', { embed: () => [0.25, -0.5] }, scope);
      const embeddings = new AzureOpenAI({
        endpoint: server.url,
        apiKey: `scope:${scope}`,
        apiVersion: VERSION,
        deployment: 'embed-prod',
      });
      const result = await embeddings.embeddings.create({ model: 'text-embedding-3-small', input: 'refund' });
      expect(result.data[0]!.embedding).toEqual([0.25, -0.5]);
    });
  });

  describe('@ai-sdk/azure with deployment-based URLs', () => {
    it('generateText through the responses API', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Responses from Azure.' }]);
      const { text } = await generateText({ model: aiSdk(scope)('gpt-4o-prod'), prompt: 'Hi', maxRetries: 0 });
      expect(text).toBe('Responses from Azure.');
    });

    it('streamText through the responses API', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Streamed responses.' }]);
      const result = streamText({ model: aiSdk(scope)('gpt-4o-prod'), prompt: 'Hi', maxRetries: 0 });
      expect(await result.text).toBe('Streamed responses.');
    });

    it('generateText and streamText through chat completions', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Chat one.' }, { text: 'Chat two.' }]);
      const model = aiSdk(scope).chat('gpt-4o-prod');
      expect((await generateText({ model, prompt: 'Hi', maxRetries: 0 })).text).toBe('Chat one.');
      expect(await streamText({ model, prompt: 'Again', maxRetries: 0 }).text).toBe('Chat two.');
    });

    it('retries a scripted rate limit and gets the answer', async () => {
      const scope = scoped('gpt-4o-prod', [
        { fail: 'rate_limit', retryAfterMs: 1, times: 1, text: 'after the failure' },
      ]);
      // The AI SDK marks no retry: the same idempotency key on every attempt makes them one step.
      const { text } = await generateText({
        model: aiSdk(scope).chat('gpt-4o-prod'),
        prompt: 'Hi',
        maxRetries: 2,
        headers: { 'idempotency-key': 'ask-1' },
      });
      expect(text).toBe('after the failure');
      await server.verify(scope);
    });

    it('embeds with the embeddings deployment', async () => {
      const scope = `azure-${++scopes}`;
      server.fake('embed-prod', { embed: () => [1, 2] }, scope);
      const { embedding } = await embed({
        model: aiSdk(scope).embedding('embed-prod'),
        value: 'refund',
        maxRetries: 0,
      });
      expect(embedding).toEqual([1, 2]);
    });
  });

  describe('the v1 paths', () => {
    it('answers the openai client with base URL …/openai/v1/: chat, streamed chat, responses, embeddings', async () => {
      const scope = `azure-${++scopes}`;
      server.load({ models: { 'gpt-4o-prod': [{ text: 'One.' }, { text: 'Two.' }, { text: 'Three.' }] } }, scope);
      server.fake('embed-prod', { embed: () => [0.5] }, scope);
      const v1 = new OpenAI({ baseURL: `${server.url}/openai/v1/`, apiKey: `scope:${scope}`, maxRetries: 0 });
      const chat = await v1.chat.completions.create({
        model: 'gpt-4o-prod',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(chat.choices[0]!.message.content).toBe('One.');
      const stream = await v1.chat.completions.create({
        model: 'gpt-4o-prod',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('Two.');
      expect((await v1.responses.create({ model: 'gpt-4o-prod', input: 'Hi' })).output_text).toBe('Three.');
      expect((await v1.embeddings.create({ model: 'embed-prod', input: 'x' })).data[0]!.embedding).toEqual([0.5]);
      await server.verify(scope);
    });

    it('answers @ai-sdk/azure with its default URLs (the v1 paths), responses and chat', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Responses on v1.' }, { text: 'Chat on v1.' }]);
      const azure = createAzure({ baseURL: `${server.url}/openai/v1`, apiKey: `scope:${scope}` });
      expect((await generateText({ model: azure('gpt-4o-prod'), prompt: 'Hi', maxRetries: 0 })).text).toBe(
        'Responses on v1.',
      );
      expect(await streamText({ model: azure.chat('gpt-4o-prod'), prompt: 'Hi', maxRetries: 0 }).text).toBe(
        'Chat on v1.',
      );
    });

    it('answers DeploymentNotFound for a model no script serves', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'unused' }]);
      const v1 = new OpenAI({ baseURL: `${server.url}/openai/v1/`, apiKey: `scope:${scope}`, maxRetries: 0 });
      const error = (await v1.chat.completions
        .create({ model: 'missing', messages: [{ role: 'user', content: 'Hi' }] })
        .catch((caught: unknown) => caught)) as { status: number; code: string };
      expect(error).toMatchObject({ status: 404, code: 'DeploymentNotFound' });
    });
  });

  describe('api-version', () => {
    const post = (path: string, scope: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'api-key': `scope:${scope}` },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }] }),
      });

    it("answers a deployment path without one as Azure does: 404, code '404', Resource not found", async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'unused' }]);
      const response = await post('/openai/deployments/gpt-4o-prod/chat/completions', scope);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: '404', message: expect.stringContaining('Resource not found. ') },
      });
    });

    it('refuses one that is not a dated version, a CR and LF in it included: 400 BadRequest, never echoed', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'unused' }]);
      for (const version of ['banana', '2024-10-21%0D%0ASet-Cookie:%20x=1']) {
        const response = await post(`/openai/deployments/gpt-4o-prod/chat/completions?api-version=${version}`, scope);
        expect(response.status).toBe(400);
        expect(response.headers.get('set-cookie')).toBeNull();
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('BadRequest');
        expect(body.error.message).toContain('API version not supported. ');
        expect(body.error.message).not.toContain('Set-Cookie');
      }
    });

    it('takes none, v1, preview or latest on the v1 paths, and refuses a dated one there', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'a' }, { text: 'b' }]);
      const body = JSON.stringify({ model: 'gpt-4o-prod', messages: [{ role: 'user', content: 'Hi' }] });
      const ask = (query: string) =>
        fetch(`${server.url}/openai/v1/chat/completions${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'api-key': `scope:${scope}` },
          body,
        });
      expect((await ask('')).status).toBe(200);
      expect((await ask('?api-version=preview')).status).toBe(200);
      expect((await ask('?api-version=2024-10-21')).status).toBe(400);
    });
  });

  describe('the content filter', () => {
    it("streams Azure's verdicts: the prompt's first, the filtered reply's with finish_reason content_filter", async () => {
      const scope = scoped('gpt-4o-prod', [{ misbehave: 'content_filter' }]);
      const stream = await client(scope).chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
      });
      const chunks: Record<string, unknown>[] = [];
      for await (const chunk of stream) chunks.push(chunk as unknown as Record<string, unknown>);
      expect(chunks[0]).toMatchObject({ choices: [], prompt_filter_results: [{ prompt_index: 0 }] });
      const last = chunks.find((chunk) => (chunk.choices as { finish_reason?: string }[])[0]?.finish_reason)!;
      expect(last).toMatchObject({
        choices: [{ finish_reason: 'content_filter', content_filter_results: { violence: { filtered: true } } }],
      });
    });
  });

  describe("standin's own azure-openai adapter", () => {
    const app = (scope: string) =>
      createApp({
        models: { writer: { provider: 'azure', model: 'gpt-4o-prod' } },
        providers: { azure: { adapter: 'azure-openai', baseURL: server.url, apiKey: `scope:${scope}` } },
        retry: { attempts: 2, baseDelayMs: 0 },
      });

    it('streams the reply the wire server scripts for the deployment', async () => {
      const scope = scoped('gpt-4o-prod', [{ text: 'Round trip.' }]);
      const reply = await app(scope).reply('writer', { messages: [{ role: 'user', content: 'Hi' }] });
      expect(reply.text).toBe('Round trip.');
    });

    it("reads the wire server's Azure content filter as kind content_filter", async () => {
      const scope = scoped('gpt-4o-prod', [{ fail: 'content_filter' }]);
      const error = (await app(scope)
        .reply('writer', { messages: [{ role: 'user', content: 'Hi' }] })
        .catch((caught: unknown) => caught)) as { cause: unknown };
      expect(error.cause).toBeInstanceOf(ProviderFailure);
      expect(error.cause).toMatchObject({ kind: 'content_filter', status: 400 });
    });
  });
});

import { createAzure } from '@ai-sdk/azure';
import { embed, generateText, streamText } from 'ai';
import { AzureOpenAI } from 'openai';
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

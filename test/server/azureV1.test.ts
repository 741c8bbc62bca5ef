import OpenAI, { AzureOpenAI } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer({
    scripts: {
      models: {
        'gpt-4o-prod': [{ text: 'From the chat.' }, { text: 'From the responses.' }],
        'embed-prod': { embed: { dimensions: 8 } },
      },
    },
  });
});
afterAll(async () => {
  await server.close();
});

describe('FakeServer', () => {
  describe("Azure OpenAI's v1 API", () => {
    it('answers /openai/v1/chat/completions, /responses, /embeddings and /models, the deployment as the model', async () => {
      const azure = new OpenAI({
        baseURL: `${server.url}/openai/v1/`,
        apiKey: 'azure-key',
        defaultHeaders: { 'x-standin-scope': 'v1' },
      });
      const chat = await azure.chat.completions.create({
        model: 'gpt-4o-prod',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(chat.choices[0]!.message.content).toBe('From the chat.');
      expect((await azure.responses.create({ model: 'gpt-4o-prod', input: 'Hi' })).output_text).toBe(
        'From the responses.',
      );
      const embedding = await azure.embeddings.create({ model: 'embed-prod', input: 'Hi' });
      expect(embedding.data[0]!.embedding).toHaveLength(8);
      const models = await azure.models.list();
      expect(models.data.map((model) => model.id)).toContain('gpt-4o-prod');
      expect(server.sent.filter((entry) => entry.scope === 'v1').map((entry) => entry.path)).toEqual([
        '/openai/v1/chat/completions',
        '/openai/v1/responses',
        '/openai/v1/embeddings',
      ]);
      await server.verify('v1');
    });

    it("answers a failure there in Azure's error shape", async () => {
      const response = await fetch(`${server.url}/openai/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'no-such-deployment', messages: [{ role: 'user', content: 'Hi' }] }),
      });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('DeploymentNotFound');
    });
  });

  describe("AzureOpenAI's responses", () => {
    it('answers /openai/responses, where the AzureOpenAI client sends them', async () => {
      const azure = new AzureOpenAI({
        endpoint: server.url,
        apiKey: 'azure-key',
        apiVersion: '2025-03-01-preview',
        defaultHeaders: { 'x-standin-scope': 'preview' },
      });
      server.fake('gpt-4o-prod', [{ text: 'From the preview path.' }], 'preview');
      expect((await azure.responses.create({ model: 'gpt-4o-prod', input: 'Hi' })).output_text).toBe(
        'From the preview path.',
      );
      expect(server.sent.filter((entry) => entry.scope === 'preview')[0]!.path).toBe('/openai/responses');
    });
  });
});

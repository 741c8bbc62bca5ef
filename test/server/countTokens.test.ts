import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

describe('FakeServer', () => {
  let server: FakeServer;

  beforeEach(async () => {
    server = await createFakeServer();
  });
  afterEach(async () => {
    await server.close();
  });

  describe('POST /v1/messages/count_tokens', () => {
    it("answers the Anthropic client's count with a faked model's estimate, the same as its reply's units", async () => {
      server.fake('claude-test', [{ text: 'Five days.' }]);
      const client = new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 });
      const asked = {
        model: 'claude-test',
        system: 'Answer refund questions.',
        messages: [{ role: 'user' as const, content: 'What is the refund policy?' }],
      };
      const counted = await client.messages.countTokens(asked);
      const reply = await client.messages.create({ ...asked, max_tokens: 64 });
      expect(counted.input_tokens).toBe(reply.usage.input_tokens);
      expect(counted.input_tokens).toBeGreaterThan(0);
      expect(server.sent.map((entry) => entry.call)).toEqual(['countTokens', 'reply']);
    });

    it('answers the count a record of calls gives', async () => {
      server.fake('claude-test', { countTokens: (request) => request.messages.length * 40 + 2 });
      const client = new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 });
      const counted = await client.messages.countTokens({
        model: 'claude-test',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(counted.input_tokens).toBe(42);
    });

    it('refuses a request with no messages with a 400', async () => {
      server.fake('claude-test', [{ text: 'Five days.' }]);
      const client = new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 });
      await expect(client.messages.countTokens({ model: 'claude-test', messages: [] })).rejects.toMatchObject({
        status: 400,
      });
    });
  });

  describe('POST /v1beta/models/{model}:countTokens', () => {
    it("answers the Google client's count with a faked model's estimate, the same as its reply's units", async () => {
      server.fake('gemini-test', [{ text: 'Five days.' }]);
      const ai = new GoogleGenAI({ apiKey: 'gemini-secret-key', httpOptions: { baseUrl: server.url } });
      const counted = await ai.models.countTokens({ model: 'gemini-test', contents: 'What is the refund policy?' });
      const reply = await ai.models.generateContent({ model: 'gemini-test', contents: 'What is the refund policy?' });
      expect(counted.totalTokens).toBe(reply.usageMetadata?.promptTokenCount);
      expect(counted.totalTokens).toBeGreaterThan(0);
      expect(server.sent[0]).toMatchObject({
        call: 'countTokens',
        input: { messages: [{ role: 'user', content: 'What is the refund policy?' }] },
      });
    });

    it('answers the count a record of calls gives', async () => {
      server.fake('gemini-test', { countTokens: () => 42 });
      const ai = new GoogleGenAI({ apiKey: 'gemini-secret-key', httpOptions: { baseUrl: server.url } });
      expect((await ai.models.countTokens({ model: 'gemini-test', contents: 'Hi' })).totalTokens).toBe(42);
    });
  });
});

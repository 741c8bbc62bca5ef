import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createFakeServer } from 'standin/server';

describe('FakeServer', () => {
  describe('.sent', () => {
    it('keeps the last sentLimit requests in order, and so does the fake it scripted', async () => {
      const server = await createFakeServer({ sentLimit: 3 });
      const fake = server.fake('gpt-4.1-mini', () => ({ text: 'ok' }));
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 0 });
      for (let i = 1; i <= 8; i++) await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: `m${i}` }] });
      const said = (input: unknown): unknown => (input as { messages: { content: string }[] }).messages[0]!.content;
      expect(server.sent.map((entry) => said(entry.input))).toEqual(['m6', 'm7', 'm8']);
      expect(fake.sent.map((call) => said(call.input))).toEqual(['m6', 'm7', 'm8']);
      await server.reset();
      expect(server.sent).toEqual([]);
      await server.close();
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

/** A whole (not streamed) answer's body, as the client reads it. */
async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-standin-scope': path },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('FakeServer', () => {
  describe('a whole answer', () => {
    it("leaves out of an Anthropic message's text block the fields the real API leaves out (no citations: null)", async () => {
      server.fake('claude-test-1', [{ text: 'Hello.' }], '/v1/messages');
      const message = await post('/v1/messages', {
        model: 'claude-test-1',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(message.content).toEqual([{ type: 'text', text: 'Hello.' }]);
    });
  });
});

import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';

const servers: FakeServer[] = [];

afterEach(async () => {
  while (servers.length > 0) await servers.pop()!.close();
});

/** A server whose gpt-4.1-mini asks for a tool, then answers; and a client that talks to it in `scope`. */
async function conversation(answer: string, scope = 'ticket-7'): Promise<FakeServer> {
  const server = await createFakeServer();
  servers.push(server);
  server.fake('gpt-4.1-mini', [
    { calls: [{ tool: 'findInGuide', with: { words: 'refund' } }] },
    { fail: 'server', times: 1, text: answer },
  ]);
  const client = new OpenAI({
    baseURL: `${server.url}/v1`,
    apiKey: 'sk-test-secret-key',
    maxRetries: 2,
    defaultHeaders: { 'x-standin-scope': scope },
  });
  const tools = [
    {
      type: 'function' as const,
      function: { name: 'findInGuide', parameters: { type: 'object', properties: { words: { type: 'string' } } } },
    },
  ];
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'How are refunds paid?' }];
  const first = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools });
  const call = first.choices[0]!.message.tool_calls![0]!;
  messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '[{"page":3}]' });
  await client.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools });
  return server;
}

async function control(server: FakeServer, path: string, token = server.token): Promise<Response> {
  return fetch(`${server.url}/__standin/${path}`, { headers: { authorization: `Bearer ${token}` } });
}

describe('FakeServer', () => {
  describe('.transcript', () => {
    it("shows each request of a scope, what it answered, the client's retry of a failed one, and no id", async () => {
      const server = await conversation('Refunds go back to the card.');
      const text = server.transcript('ticket-7');

      expect(text).toBe(
        [
          "scope 'ticket-7'",
          '  call 1 · gpt-4.1-mini reply',
          '    > tools: findInGuide',
          '    > user: How are refunds paid?',
          '    < call findInGuide {"words":"refund"}',
          '  call 2 · gpt-4.1-mini reply',
          '    > tool findInGuide: [{"page":3}]',
          '    ! server failure',
          '  call 2 · gpt-4.1-mini reply',
          '    > tool findInGuide: [{"page":3}]',
          '    < text: Refunds go back to the card.',
          '',
        ].join('\n'),
      );
    });

    it('is the same for the same conversation, and differs when an answer does', async () => {
      const one = (await conversation('Refunds go back to the card.')).transcript();
      const two = (await conversation('Refunds go back to the card.')).transcript();
      const other = (await conversation('Refunds are paid in cash.')).transcript();

      expect(two).toBe(one);
      expect(other).not.toBe(one);
    });
  });

  describe('.transcript of a served app', () => {
    it('scrubs what a cassette scrubs: a configured key a client typed into a message', async () => {
      const key = 'sk-typed-into-a-message-7734';
      const app = createTestApp({
        models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } },
        providers: { openai: { apiKey: key } },
      });
      app.fake('writer', [{ text: 'Noted.' }]);
      const server = await createFakeServer({ app });
      servers.push(server);
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'x', maxRetries: 0 });
      await client.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: `Key ${key}` }],
      });
      expect(server.transcript()).not.toContain(key);
      expect(server.transcript()).toContain('Key [redacted]');
      expect(JSON.stringify(await server.inspection())).not.toContain(key);
    });
  });

  describe('GET /__standin/transcript', () => {
    it("answers the scope's transcript as text, behind the token", async () => {
      const server = await conversation('Refunds go back to the card.');
      const answer = await control(server, 'transcript?scope=ticket-7');

      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await answer.text()).toBe(server.transcript('ticket-7'));
      expect((await control(server, 'transcript', 'wrong')).status).toBe(401);
      expect((await control(server, 'transcript?scope=nobody')).status).toBe(200);
    });
  });

  describe('GET /__standin/inspect', () => {
    it('answers per scope the steps, the pending answers and what verify would say, never the API key', async () => {
      const server = await conversation('Refunds go back to the card.');
      server.fake('gpt-4.1-nano', [{ text: 'never asked' }], 'ticket-7');
      const answer = await control(server, 'inspect');
      const text = await answer.text();
      const view = JSON.parse(text) as { scopes: { scope: string; steps: unknown[]; verify: string[] }[] };

      expect(view.scopes.map((scope) => scope.scope)).toEqual(['ticket-7']);
      expect(view.scopes[0]!.steps).toHaveLength(3);
      expect(view.scopes[0]!.verify).toEqual(['gpt-4.1-nano: answers[0] text: never asked never asked for']);
      expect(text).not.toContain('sk-test-secret-key');
    });
  });

  describe('GET /__standin/ui', () => {
    it('serves the page with the token in its query, locked to its own origin, and refuses it without', async () => {
      const server = await conversation('Refunds go back to the card.');
      const page = await fetch(`${server.url}/__standin/ui?token=${server.token}`);

      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await page.text()).not.toContain(server.token);
      expect((await fetch(`${server.url}/__standin/ui`)).status).toBe(401);
      expect((await fetch(`${server.url}/__standin/ui?token=wrong`)).status).toBe(401);
      expect((await fetch(`${server.url}/__standin/inspect?token=${server.token}`)).status).toBe(401);
    });
  });
});

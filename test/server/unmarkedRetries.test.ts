import { createOpenAI } from '@ai-sdk/openai';
import { ChatOpenAI } from '@langchain/openai';
import { APICallError, generateText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer, type Scripts } from 'standin/server';

let server: FakeServer;
let scopes = 0;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

/** A fresh scope with `model` scripted there; the header that names it. */
function scoped(model: string, answers: NonNullable<Scripts['models']>[string]): { scope: string; headers: Headers } {
  const scope = `unmarked-${++scopes}`;
  server.load({ models: { [model]: answers } }, scope);
  return { scope, headers: new Headers({ 'content-type': 'application/json', 'x-standin-scope': scope }) };
}

const chat = { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] };

/** Posts `body` to `path` with `headers`, as a client that marks no retry does. */
const post = (path: string, body: unknown, headers: Headers): Promise<Response> =>
  fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

describe('FakeServer', () => {
  describe('a retry its client does not mark', () => {
    it('is the step of a request whose failure its script served with tries left, and gets its answer', async () => {
      const { scope, headers } = scoped('gpt-4.1-mini', [{ fail: 'rate_limit', times: 2, text: 'ok' }]);
      expect((await post('/v1/chat/completions', chat, headers)).status).toBe(429);
      expect((await post('/v1/chat/completions', chat, headers)).status).toBe(429);
      const third = await post('/v1/chat/completions', chat, headers);
      expect(third.status).toBe(200);
      expect(((await third.json()) as { choices: [{ message: { content: string } }] }).choices[0].message.content).toBe(
        'ok',
      );
      await server.verify(scope);
    });

    it('is a new step once that step has answered', async () => {
      const { headers } = scoped('gpt-4.1-mini', [{ fail: 'server', times: 1, text: 'first' }, { text: 'second' }]);
      expect((await post('/v1/chat/completions', chat, headers)).status).toBe(500);
      for (const text of ['first', 'second']) {
        const response = await post('/v1/chat/completions', chat, headers);
        expect(((await response.json()) as { choices: [{ message: { content: string } }] }).choices[0].message).toEqual(
          expect.objectContaining({ content: text }),
        );
      }
    });

    it('is a new step after a failure with no tries left to answer (a plain { fail })', async () => {
      const { scope, headers } = scoped('gemini-test', [{ fail: 'rate_limit' }, { text: 'the next answer' }]);
      const body = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };
      const path = '/v1beta/models/gemini-test:generateContent';
      expect((await post(path, body, headers)).status).toBe(429);
      const next = await post(path, body, headers);
      expect(JSON.stringify(await next.json())).toContain('the next answer');
      await server.verify(scope);
    });

    it('is a new step when its body differs', async () => {
      const { headers } = scoped('gpt-4.1-mini', [{ fail: 'rate_limit', times: 1, text: 'ok' }, { text: 'other' }]);
      expect((await post('/v1/chat/completions', chat, headers)).status).toBe(429);
      const other = await post(
        '/v1/chat/completions',
        { ...chat, messages: [{ role: 'user', content: 'Hey' }] },
        headers,
      );
      expect(JSON.stringify(await other.json())).toContain('other');
    });
  });

  describe("a test author's mistake", () => {
    it("is answered 400 in the endpoint's own error shape, with its T-code, its fix and x-should-retry: false", async () => {
      const cases: [string, string, unknown, (body: never) => string][] = [
        ['gpt-4.1-mini', '/v1/chat/completions', chat, (b: { error: { message: string } }) => b.error.message],
        [
          'claude-test-1',
          '/v1/messages',
          { model: 'claude-test-1', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] },
          (b: { type: string; error: { type: string; message: string } }) =>
            `${b.type} ${b.error.type} ${b.error.message}`,
        ],
        [
          'gemini-test',
          '/v1beta/models/gemini-test:generateContent',
          { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
          (b: { error: { status: string; message: string } }) => `${b.error.status} ${b.error.message}`,
        ],
        [
          'nova',
          '/model/nova/converse',
          { messages: [{ role: 'user', content: [{ text: 'Hi' }] }] },
          (b: { message: string }) => b.message,
        ],
      ];
      for (const [model, path, body, read] of cases) {
        const { headers } = scoped(model, []);
        const response = await post(path, body, headers);
        expect(response.status).toBe(400);
        expect(response.headers.get('x-should-retry')).toBe('false');
        const text = read((await response.json()) as never);
        expect(text).toMatch(/T0013: .*ran past them.*Add an answer for it/s);
        if (path === '/v1/messages') expect(text).toMatch(/^error invalid_request_error /);
        if (path.includes('gemini')) expect(text).toMatch(/^INVALID_ARGUMENT /);
        if (path.startsWith('/model/')) expect(response.headers.get('x-amzn-errortype')).toBe('ValidationException');
      }
    });

    it('reaches the AI SDK at once, with its default retries: one request, and the T-code in the error', async () => {
      const { scope } = scoped('gpt-4.1-mini', []);
      const openai = createOpenAI({
        baseURL: `${server.url}/v1`,
        apiKey: 'sk-test',
        headers: { 'x-standin-scope': scope },
      });
      const error = await generateText({ model: openai('gpt-4.1-mini'), prompt: 'Hi' }).catch((e: unknown) => e);
      expect(APICallError.isInstance(error) && error.statusCode).toBe(400);
      expect((error as Error).message).toContain('T0013');
      expect(server.sent.filter((entry) => entry.scope === scope)).toHaveLength(1);
    });

    it('reaches LangChain at once, with its default retries: one request', async () => {
      const { scope } = scoped('gpt-4.1-mini', [{ value: { not: 'asked for' } }]);
      const chatModel = new ChatOpenAI({
        model: 'gpt-4.1-mini',
        apiKey: 'sk-test',
        configuration: { baseURL: `${server.url}/v1`, defaultHeaders: { 'x-standin-scope': scope } },
      });
      await expect(chatModel.invoke('Hi')).rejects.toThrow(/T0006/);
      expect(server.sent.filter((entry) => entry.scope === scope)).toHaveLength(1);
    });
  });
});

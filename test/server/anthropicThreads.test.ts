import Anthropic from '@anthropic-ai/sdk';
import { betaZodTool } from '@anthropic-ai/sdk/helpers/beta/zod';
import { ThreadUnsupportedRequestError } from '@anthropic-ai/sdk/resources/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeServer, type FakeServer } from 'standin/server';

const MODEL = 'claude-test-1';
let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

const client = (scope: string) =>
  new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', defaultHeaders: { 'x-standin-scope': scope } });

describe('FakeServer', () => {
  describe('an Anthropic message thread', () => {
    it("is refused as the API refuses a request it cannot thread: 400 thread_unsupported_request, W0004's fix", async () => {
      const response = await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'anthropic-beta': 'message-threads-2026-08-12' },
        body: JSON.stringify({
          model: MODEL,
          max_tokens: 64,
          thread: { type: 'create' },
          messages: [{ role: 'user', content: 'Hi' }],
        }),
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-should-retry')).toBe('false');
      const body = (await response.json()) as { type: string; error: Record<string, unknown> };
      expect(body.type).toBe('error');
      expect(body.error).toMatchObject({
        type: 'invalid_request_error',
        message: expect.stringMatching(/^W0004: thread: .*without `thread`/),
        details: { error_code: 'thread_unsupported_request' },
      });
    });

    it("lets the SDK's tool runner, with its defaults, go on without a thread and finish its loop", async () => {
      server.fake(
        MODEL,
        [{ calls: [{ tool: 'weather', with: { city: 'Paris' } }] }, { text: 'It is sunny in Paris.' }],
        'runner',
      );
      const weather = betaZodTool({
        name: 'weather',
        description: 'The weather in a city.',
        inputSchema: z.object({ city: z.string() }),
        run: ({ city }) => JSON.stringify({ city, sky: 'sunny' }),
      });
      const final = await client('runner').beta.messages.toolRunner({
        model: MODEL,
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [weather],
      });
      expect(final.content).toEqual([{ type: 'text', text: 'It is sunny in Paris.' }]);
      // The second turn went whole: the question, the call and its result.
      const sent = server.sent.filter((entry) => entry.scope === 'runner');
      expect((sent[1]!.input as { messages: unknown[] }).messages).toMatchObject([
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', calls: [{ tool: 'weather' }] },
        { role: 'tool', results: [{ tool: 'weather', output: { city: 'Paris', sky: 'sunny' } }] },
      ]);
      await server.verify('runner');
    });

    it("reaches a thread the caller opened as the SDK's ThreadUnsupportedRequestError, naming the fix", async () => {
      server.fake(MODEL, [{ text: 'unused' }], 'thread');
      const thread = client('thread').beta.messages.thread({ model: MODEL, max_tokens: 64 });
      const error = await thread.send({ role: 'user', content: 'Hi' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ThreadUnsupportedRequestError);
      expect((error as Error).message).toContain('W0004');
    });
  });
});

import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { cases, outcome } from '../fakes/misbehave/cases.js';

const models = { openai: 'gpt-4.1-mini', anthropic: 'claude-sonnet-4-5' } as const;
const team = {
  type: 'object',
  properties: { team: { type: 'string', enum: ['billing', 'technical'] }, urgent: { type: 'boolean' } },
  required: ['team', 'urgent'],
  additionalProperties: false,
};
const lookup = {
  type: 'function' as const,
  function: {
    name: 'findInGuide',
    parameters: { type: 'object', properties: { words: { type: 'string' } }, required: ['words'] },
  },
};

describe('FakeServer misbehave', () => {
  let server: FakeServer;
  let openai: OpenAI;
  let anthropic: Anthropic;

  beforeEach(async () => {
    server = await createFakeServer();
    openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
    anthropic = new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 });
  });
  afterEach(async () => {
    await server.close();
  });

  /** An app on the real adapter, pointed at the wire server. */
  function client(provider: 'openai' | 'anthropic'): TestApp {
    const baseURL = provider === 'openai' ? `${server.url}/v1` : server.url;
    const app = createTestApp({
      models: { writer: { provider, model: models[provider] } },
      providers: { [provider]: { apiKey: 'sk-test', baseURL } },
    });
    app.allowRealCalls(provider);
    return app;
  }

  for (const provider of ['openai', 'anthropic'] as const) {
    describe(`over ${provider === 'openai' ? 'OpenAI chat' : 'Anthropic messages'}, through the real adapter`, () => {
      it.each(cases.map((c) => [c.kind, c.name, c] as const))('%s (%s): the same as in-process', async (_k, _n, c) => {
        server.fake(models[provider], c.answers);
        const wire = await outcome(client(provider), c.how, { strictTools: false });
        const local = createTestApp({ models: { writer: { provider, model: models[provider] } } });
        local.fake('writer', c.answers);
        expect(wire).toEqual(await outcome(local, c.how));
        await server.verify();
      });
    });
  }

  describe('POST /v1/chat/completions, with the openai client', () => {
    const ask = { model: 'gpt-4.1-mini', messages: [{ role: 'user' as const, content: 'Hi' }] };

    it("sends a refusal in the message's refusal, content null, finish stop", async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'refusal', text: 'No.' }]);
      const completion = await openai.chat.completions.create(ask);
      expect(completion.choices[0]).toMatchObject({
        message: { content: null, refusal: 'No.' },
        finish_reason: 'stop',
      });
    });

    it('streams a refusal as refusal deltas', async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'refusal', text: 'No, sorry.' }]);
      let refusal = '';
      let finish: string | null | undefined;
      for await (const chunk of await openai.chat.completions.create({ ...ask, stream: true })) {
        refusal += chunk.choices[0]?.delta.refusal ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
      }
      expect({ refusal, finish }).toEqual({ refusal: 'No, sorry.', finish: 'stop' });
    });

    it('ends a filtered reply with finish_reason content_filter', async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'content_filter' }]);
      const completion = await openai.chat.completions.create(ask);
      expect(completion.choices[0]!.finish_reason).toBe('content_filter');
    });

    it('sends an invalid typed value as the content it is, cut off with finish_reason length', async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'truncated', value: { team: 'billing', urgent: true } }]);
      const completion = await openai.chat.completions.create({
        ...ask,
        response_format: { type: 'json_schema', json_schema: { name: 'team', schema: team, strict: true } },
      });
      expect(completion.choices[0]!.finish_reason).toBe('length');
      const content = completion.choices[0]!.message.content!;
      expect('{"team":"billing","urgent":true}'.startsWith(content)).toBe(true);
      expect(() => JSON.parse(content)).toThrow();
    });

    it('sends a call to a tool the request did not offer', async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'unknown_tool', calls: [{ tool: 'wipeDisk', with: {} }] }]);
      const completion = await openai.chat.completions.create({ ...ask, tools: [lookup] });
      expect(completion.choices[0]!.message.tool_calls![0]).toMatchObject({
        function: { name: 'wipeDisk', arguments: '{}' },
      });
    });
  });

  describe('POST /v1/responses, with the openai client', () => {
    const ask = { model: 'gpt-4.1-mini', input: 'Hi' };

    it('answers a refusal as a message whose content is a refusal', async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'refusal', text: 'No.' }]);
      const response = await openai.responses.create(ask);
      expect(response.output[0]).toMatchObject({ type: 'message', content: [{ type: 'refusal', refusal: 'No.' }] });
    });

    it('streams a refusal as response.refusal.delta events', async () => {
      server.fake('gpt-4.1-mini', [{ misbehave: 'refusal', text: 'No, sorry.' }]);
      const types: string[] = [];
      let refusal = '';
      for await (const event of await openai.responses.create({ ...ask, stream: true })) {
        types.push(event.type);
        if (event.type === 'response.refusal.delta') refusal += event.delta;
      }
      expect(refusal).toBe('No, sorry.');
      expect(types).toContain('response.refusal.done');
      expect(types.at(-1)).toBe('response.completed');
    });

    it.each([
      ['content_filter', { misbehave: 'content_filter' }],
      ['max_output_tokens', { misbehave: 'truncated' }],
    ] as const)('answers status incomplete, reason %s', async (reason, answer) => {
      server.fake('gpt-4.1-mini', [answer, answer]);
      const whole = await openai.responses.create(ask);
      expect(whole).toMatchObject({ status: 'incomplete', incomplete_details: { reason } });
      let last: { type: string; response?: unknown } | undefined;
      for await (const event of await openai.responses.create({ ...ask, stream: true })) last = event;
      expect(last).toMatchObject({ type: 'response.incomplete', response: { incomplete_details: { reason } } });
    });
  });

  describe('POST /v1/messages, with the @anthropic-ai/sdk client', () => {
    const ask = { model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user' as const, content: 'Hi' }] };

    it('answers a refusal with its text and stop_reason refusal', async () => {
      server.fake('claude-sonnet-4-5', [{ misbehave: 'refusal', text: 'No.' }]);
      const message = await anthropic.messages.create(ask);
      expect(message).toMatchObject({ stop_reason: 'refusal', content: [{ type: 'text', text: 'No.' }] });
    });

    it('streams a content filter as stop_reason refusal with no content', async () => {
      server.fake('claude-sonnet-4-5', [{ misbehave: 'content_filter' }]);
      const message = await anthropic.messages.stream(ask).finalMessage();
      expect(message).toMatchObject({ stop_reason: 'refusal', content: [] });
    });

    it('ends a truncated reply with stop_reason max_tokens', async () => {
      server.fake('claude-sonnet-4-5', [{ misbehave: 'truncated', text: 'Open Sett' }]);
      const message = await anthropic.messages.stream(ask).finalMessage();
      expect(message).toMatchObject({ stop_reason: 'max_tokens', content: [{ type: 'text', text: 'Open Sett' }] });
    });
  });
});

import OpenAI, { type APIError } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

const weather = {
  type: 'function' as const,
  function: {
    name: 'getWeather',
    description: 'The weather in a city',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
};

describe('FakeServer', () => {
  let server: FakeServer;
  let openai: OpenAI;

  beforeEach(async () => {
    server = await createFakeServer();
    openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test-secret', maxRetries: 0 });
  });
  afterEach(async () => {
    await server.close();
  });

  describe('POST /v1/chat/completions', () => {
    it('answers a scripted text as a chat.completion with usage', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'Hello!', units: { tokensIn: 12, tokensOut: 3 } }]);
      const completion = await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(completion.object).toBe('chat.completion');
      expect(completion.choices[0]!.message.content).toBe('Hello!');
      expect(completion.choices[0]!.finish_reason).toBe('stop');
      expect(completion.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 });
      await server.verify();
    });

    it('streams chunks ending in a usage chunk and [DONE], which the client reassembles', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'Hello there', units: { tokensIn: 5, tokensOut: 2 } }]);
      const stream = await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | null | undefined;
      let finish: string | null | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe('Hello there');
      expect(finish).toBe('stop');
      expect(usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 2 });
    });

    it('drives a two-step tool conversation: a tool call, then a text after the tool result', async () => {
      server.fake('gpt-4.1-mini', [
        { calls: [{ tool: 'getWeather', with: { city: 'Paris' }, id: 'call_1' }] },
        { text: 'It is sunny in Paris.' },
      ]);
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await openai.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools: [weather] });
      const call = first.choices[0]!.message.tool_calls![0]!;
      expect(first.choices[0]!.finish_reason).toBe('tool_calls');
      expect(call.type === 'function' && call.function.name).toBe('getWeather');
      expect(call.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      messages.push(first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '{"sky":"sunny"}' });
      const second = await openai.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools: [weather] });
      expect(second.choices[0]!.message.content).toBe('It is sunny in Paris.');
      const input = server.sent[1]!.input as { messages: unknown[] };
      expect(input.messages).toEqual([
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', calls: [{ id: 'call_1', tool: 'getWeather', with: { city: 'Paris' } }] },
        { role: 'tool', results: [{ id: 'call_1', tool: 'getWeather', output: { sky: 'sunny' } }] },
      ]);
      await server.verify();
    });

    it('streams tool calls as deltas the client joins', async () => {
      server.fake('gpt-4.1-mini', [{ calls: [{ tool: 'getWeather', with: { city: 'Oslo' } }] }]);
      const stream = openai.chat.completions.stream({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Oslo?' }],
        tools: [weather],
      });
      const done = await stream.finalChatCompletion();
      const call = done.choices[0]!.message.tool_calls![0]!;
      expect(call.type === 'function' && call.function.arguments).toBe('{"city":"Oslo"}');
    });

    it('gives a typed value for response_format json_schema, which the client parses', async () => {
      server.fake('gpt-4.1-mini', [{ value: { team: 'billing', urgent: true } }]);
      const schema = {
        type: 'object',
        properties: { team: { type: 'string' }, urgent: { type: 'boolean' } },
        required: ['team', 'urgent'],
        additionalProperties: false,
      };
      const completion = await openai.chat.completions.parse({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Triage: my card was charged twice' }],
        response_format: { type: 'json_schema', json_schema: { name: 'triage', schema, strict: true } },
      });
      expect(completion.choices[0]!.message.parsed).toEqual({ team: 'billing', urgent: true });
    });

    it('refuses a scripted value that does not fit the requested schema, with the script error and no retry', async () => {
      server.fake('gpt-4.1-mini', [{ value: { team: 7 } }]);
      const schema = {
        type: 'object',
        properties: { team: { type: 'string' } },
        required: ['team'],
        additionalProperties: false,
      };
      const error = await openai.chat.completions
        .create({
          model: 'gpt-4.1-mini',
          messages: [{ role: 'user', content: 'x' }],
          response_format: { type: 'json_schema', json_schema: { name: 't', schema } },
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as APIError).message).toContain('T0008');
      expect((error as APIError).headers?.get('x-should-retry')).toBe('false');
    });

    it("answers an unknown model with OpenAI's 404 body listing the scripted models", async () => {
      server.fake('gpt-4.1-mini', [{ text: 'x' }]);
      const error = (await openai.chat.completions
        .create({ model: 'gpt-5', messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(OpenAI.NotFoundError);
      expect(error.code).toBe('model_not_found');
      expect(error.message).toContain('gpt-4.1-mini');
    });

    it('refuses n > 1 with a 400 that says what is unsupported', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'x' }]);
      const error = (await openai.chat.completions
        .create({ model: 'gpt-4.1-mini', n: 2, messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect(error.code).toBe('unsupported_value');
      expect(error.param).toBe('n');
      expect(await server.pending()).toEqual({ '': { 'gpt-4.1-mini': [{ index: 0, answer: { text: 'x' } }] } });
    });

    it('refuses a field it does not know, naming it', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'x' }]);
      const response = await fetch(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }], temprature: 1 }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        "did you mean 'temperature'",
      );
    });

    it('never records the API key in sent', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'x' }]);
      await openai.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] });
      expect(JSON.stringify(server.sent)).not.toContain('sk-test-secret');
      expect(server.sent).toEqual([
        {
          scope: '',
          path: '/v1/chat/completions',
          model: 'gpt-4.1-mini',
          call: 'reply',
          input: { messages: [{ role: 'user', content: 'x' }] },
        },
      ]);
    });
  });

  describe('retries', () => {
    it("a 'rate_limit' answer is a 429 with retry-after-ms; the client waits, retries the same step and gets its answer", async () => {
      server.fake('gpt-4.1-mini', [{ fail: 'rate_limit', retryAfterMs: 5, times: 1, text: 'after the wait' }]);
      const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test', maxRetries: 2 });
      const { data, response } = await client.chat.completions
        .create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] })
        .withResponse();
      expect(data.choices[0]!.message.content).toBe('after the wait');
      expect(response.status).toBe(200);
      expect(server.sent).toHaveLength(2);
      await server.verify();
    });

    it("a 'rate_limit' answer with no retryAfterMs hints 1 ms, so the client's retry does not sleep", async () => {
      server.fake('gpt-4.1-mini', [{ fail: 'rate_limit' }]);
      const error = (await openai.chat.completions
        .create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e)) as APIError;
      expect(error.headers?.get('retry-after-ms')).toBe('1');
    });

    it('without retries the client sees the 429 with its headers and the rate-limit body', async () => {
      server.fake('gpt-4.1-mini', [{ fail: 'rate_limit', retryAfterMs: 5 }]);
      const error = (await openai.chat.completions
        .create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(OpenAI.RateLimitError);
      expect(error.headers?.get('retry-after-ms')).toBe('5');
      expect(error.headers?.get('retry-after')).toBe('1');
      expect(error.code).toBe('rate_limit_exceeded');
    });

    it('a retry of an answered request gets the same answer (step replay); a new request gets the next', async () => {
      server.fake('gpt-4.1-mini', [{ text: 'first' }, { text: 'second' }]);
      const body = JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] });
      const post = (headers: Record<string, string>) =>
        fetch(`${server.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        }).then((r) => r.json() as Promise<OpenAI.ChatCompletion>);
      expect((await post({ 'idempotency-key': 'k1' })).choices[0]!.message.content).toBe('first');
      expect(
        (await post({ 'idempotency-key': 'k1', 'x-stainless-retry-count': '1' })).choices[0]!.message.content,
      ).toBe('first');
      expect((await post({ 'idempotency-key': 'k2' })).choices[0]!.message.content).toBe('second');
    });
  });
});

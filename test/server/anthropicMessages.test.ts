import Anthropic, { type APIError } from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

const weather = {
  name: 'getWeather',
  description: 'The weather in a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('FakeServer', () => {
  let server: FakeServer;
  let anthropic: Anthropic;

  beforeEach(async () => {
    server = await createFakeServer();
    anthropic = new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-secret', maxRetries: 0 });
  });
  afterEach(async () => {
    await server.close();
  });

  describe('POST /v1/messages', () => {
    it('answers a body over the limit with 413 and request_too_large, as Anthropic names it', async () => {
      const small = await createFakeServer({ bodyLimit: 2048 });
      try {
        const client = new Anthropic({ baseURL: small.url, apiKey: 'sk-ant-secret', maxRetries: 0 });
        const error = (await client.messages
          .create({ model: 'claude-test-1', max_tokens: 16, messages: [{ role: 'user', content: 'x'.repeat(10_000) }] })
          .catch((thrown: unknown) => thrown)) as APIError;
        expect(error.status).toBe(413);
        expect(error.error).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
        expect(JSON.stringify(error.error)).toContain('W0001');
      } finally {
        await small.close();
      }
    });

    it('answers a message with thinking, text and usage', async () => {
      server.fake('claude-test-1', [
        { reasoning: 'They greet me.', text: 'Hello!', units: { tokensIn: 9, tokensOut: 4 } },
      ]);
      const message = await anthropic.messages.create({
        model: 'claude-test-1',
        max_tokens: 256,
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text']);
      expect(message.content[1]).toMatchObject({ type: 'text', text: 'Hello!' });
      expect(message.stop_reason).toBe('end_turn');
      expect(message.usage).toMatchObject({ input_tokens: 9, output_tokens: 4 });
      expect(server.sent[0]!.input).toEqual({
        instructions: 'Be brief.',
        messages: [{ role: 'user', content: 'Hi' }],
        settings: { maxOutputTokens: 256 },
      });
    });

    it('streams the documented events, which the client reassembles into the final message', async () => {
      server.fake('claude-test-1', [
        { reasoning: ['First.', 'Second.'], text: 'Done.', units: { tokensIn: 3, tokensOut: 7 } },
      ]);
      const stream = anthropic.messages.stream({
        model: 'claude-test-1',
        max_tokens: 256,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      const events: string[] = [];
      stream.on('streamEvent', (event) => events.push(event.type));
      const message = await stream.finalMessage();
      expect(message.content).toMatchObject([
        { type: 'thinking', thinking: 'First.' },
        { type: 'thinking', thinking: 'Second.' },
        { type: 'text', text: 'Done.' },
      ]);
      expect(message.usage).toMatchObject({ input_tokens: 3, output_tokens: 7 });
      expect(events[0]).toBe('message_start');
      expect(events.at(-2)).toBe('message_delta');
      expect(events.at(-1)).toBe('message_stop');
    });

    it('drives a two-step tool conversation with tool_use and tool_result blocks, streamed', async () => {
      server.fake('claude-test-1', [
        { calls: [{ tool: 'getWeather', with: { city: 'Paris' }, id: 'toolu_1' }] },
        { text: 'Sunny in Paris.' },
      ]);
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
      const first = await anthropic.messages
        .stream({ model: 'claude-test-1', max_tokens: 256, messages, tools: [weather] })
        .finalMessage();
      expect(first.stop_reason).toBe('tool_use');
      expect(first.content).toEqual([
        { type: 'tool_use', id: 'toolu_1', name: 'getWeather', input: { city: 'Paris' } },
      ]);
      messages.push(
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
      );
      const second = await anthropic.messages.create({
        model: 'claude-test-1',
        max_tokens: 256,
        messages,
        tools: [weather],
      });
      expect(second.content[0]).toMatchObject({ type: 'text', text: 'Sunny in Paris.' });
      expect((server.sent[1]!.input as { messages: unknown[] }).messages.slice(1)).toEqual([
        { role: 'assistant', calls: [{ id: 'toolu_1', tool: 'getWeather', with: { city: 'Paris' } }] },
        { role: 'tool', results: [{ id: 'toolu_1', tool: 'getWeather', output: 'sunny' }] },
      ]);
      await server.verify();
    });

    it("a 'server' answer is Anthropic's 529 overloaded error", async () => {
      server.fake('claude-test-1', [{ fail: 'server' }]);
      const error = await anthropic.messages
        .create({ model: 'claude-test-1', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e);
      expect((error as APIError).status).toBe(529);
      expect(((error as APIError).error as { error: { type: string } }).error.type).toBe('overloaded_error');
    });

    it("a 'context_length' answer is a 400 saying the prompt is too long", async () => {
      server.fake('claude-test-1', [{ fail: 'context_length' }]);
      const error = (await anthropic.messages
        .create({ model: 'claude-test-1', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      expect(error.message).toContain('prompt is too long');
    });

    it("an 'auth' answer is a 401 authentication_error", async () => {
      server.fake('claude-test-1', [{ fail: 'auth' }]);
      const error = await anthropic.messages
        .create({ model: 'claude-test-1', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    });

    it("an unknown model gets Anthropic's not_found_error listing the scripted models", async () => {
      server.fake('claude-test-1', [{ text: 'x' }]);
      const error = (await anthropic.messages
        .create({ model: 'claude-opus', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
        .catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(Anthropic.NotFoundError);
      expect(error.message).toContain('claude-test-1');
    });

    it('an answer that fails after its first part breaks the stream mid-reply', async () => {
      server.fake('claude-test-1', [{ reasoning: 'Thinking...', text: 'never sent', fail: 'network', failAfter: 1 }]);
      const stream = anthropic.messages.stream({
        model: 'claude-test-1',
        max_tokens: 16,
        messages: [{ role: 'user', content: 'x' }],
      });
      const seen: string[] = [];
      stream.on('streamEvent', (event) => seen.push(event.type));
      await expect(stream.finalMessage()).rejects.toThrow();
      expect(seen).toContain('content_block_delta');
      expect(seen).not.toContain('message_stop');
    });

    async function post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
      const response = await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    }
    const hi = { model: 'claude-test-1', max_tokens: 16, messages: [{ role: 'user', content: 'Hi' }] };

    it.each([
      [{ max_tokens: undefined }, 'W0002: max_tokens: Field required'],
      [{ tempature: 0.5 }, 'W0004: tempature: Extra inputs are not permitted'],
      [{ messages: [] }, 'W0002: messages: at least one message is required'],
      [{ top_k: 1.5 }, 'W0002: top_k: Input should be a valid integer'],
    ])("refuses %j in Anthropic's words, naming the field", async (extra, message) => {
      server.fake('claude-test-1', [{ text: 'unused' }]);
      const { status, json } = await post({ ...hi, ...extra });
      expect(status).toBe(400);
      expect(json).toEqual({
        type: 'error',
        error: { type: 'invalid_request_error', message: expect.stringContaining(message) },
        request_id: expect.any(String),
      });
      expect(server.sent).toHaveLength(0);
    });

    it('refuses a block type it does not read with W0004, naming the block', async () => {
      const content = [{ type: 'search_result', source: 'https://example.com', title: 'x', content: [] }];
      const { status, json } = await post({ ...hi, messages: [{ role: 'user', content }] });
      expect(status).toBe(400);
      expect(json).toMatchObject({
        error: { message: expect.stringMatching(/^W0004: messages\.0\.content\.0: a 'search_result' block/) },
      });
    });

    it("answers an unknown model in Anthropic's not_found_error shape", async () => {
      server.fake('claude-test-1', [{ text: 'x' }]);
      const { status, json } = await post({ ...hi, model: 'claude-opus' });
      expect(status).toBe(404);
      expect(json).toMatchObject({
        type: 'error',
        error: { type: 'not_found_error', message: expect.stringContaining('model: claude-opus') },
      });
    });

    it('reads an image block as an image part, and answers text blocks with no citations key', async () => {
      server.fake('claude-test-1', [{ text: 'A red pixel.' }]);
      const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
      const content = [{ type: 'text', text: 'What is it?' }, image];
      const { json } = await post({ ...hi, messages: [{ role: 'user', content }] });
      expect(json.content).toEqual([{ type: 'text', text: 'A red pixel.' }]);
      expect((server.sent[0]!.input as { messages: unknown[] }).messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is it?' },
            { type: 'image', mediaType: 'image/png', bytes: new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]) },
          ],
        },
      ]);
    });

    it("answers a scripted 'content_filter' as Anthropic's refusal: 200, stop_reason refusal, whole and streamed", async () => {
      server.fake('claude-test-1', [{ fail: 'content_filter' }, { fail: 'content_filter' }]);
      const whole = await anthropic.messages.create(hi as Anthropic.MessageCreateParamsNonStreaming);
      expect(whole).toMatchObject({ content: [], stop_reason: 'refusal' });
      const streamed = await anthropic.messages.stream(hi as Anthropic.MessageCreateParamsStreaming).finalMessage();
      expect(streamed).toMatchObject({ content: [], stop_reason: 'refusal' });
    });
  });
});

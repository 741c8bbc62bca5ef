import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';

let server: FakeServer;
beforeEach(async () => {
  server = await createFakeServer();
  server.fake('gpt-4.1-mini', () => ({ text: 'ok' }));
  server.fake('claude-test-1', () => ({ text: 'ok' }));
});
afterEach(async () => {
  await server.close();
});

const post = async (path: string, body: unknown): Promise<{ status: number; json: unknown }> => {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
};
const chat = { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] };
const messages = { model: 'claude-test-1', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] };

describe('the wire server refuses what the providers refuse, in their own 400 shapes', () => {
  const openai = [
    [
      { temperature: 'hot' },
      'temperature',
      'invalid_type',
      "Invalid type for 'temperature': expected a decimal, but got a string instead.",
    ],
    [
      { max_tokens: -5 },
      'max_tokens',
      'integer_below_min_value',
      "Invalid 'max_tokens': integer below minimum value. Expected a value >= 1, but got -5 instead.",
    ],
    [
      { stream: 'yes' },
      'stream',
      'invalid_type',
      "Invalid type for 'stream': expected a boolean, but got a string instead.",
    ],
    [
      { temperature: 3 },
      'temperature',
      'decimal_above_max_value',
      "Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got 3 instead.",
    ],
  ] as const;
  for (const [extra, param, code, message] of openai) {
    it(`chat completions: ${JSON.stringify(extra)} is a 400 { error: { message, type, param, code } }`, async () => {
      const { status, json } = await post('/v1/chat/completions', { ...chat, ...extra });
      expect(status).toBe(400);
      expect(json).toEqual({ error: { message: `W0002: ${message}`, type: 'invalid_request_error', param, code } });
    });
  }

  it('responses: temperature "hot" and stream "yes" are 400s', async () => {
    for (const extra of [{ temperature: 'hot' }, { stream: 'yes' }]) {
      const { status, json } = await post('/v1/responses', { model: 'gpt-4.1-mini', input: 'Hi', ...extra });
      expect(status).toBe(400);
      expect(json).toMatchObject({
        error: { type: 'invalid_request_error', code: 'invalid_type', param: Object.keys(extra)[0] },
      });
    }
  });

  it('the official openai client gets a BadRequestError for temperature "hot"', async () => {
    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'x', maxRetries: 0 });
    const error = await client.chat.completions
      .create({ ...chat, temperature: 'hot' as unknown as number } as OpenAI.ChatCompletionCreateParamsNonStreaming)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error).toMatchObject({ status: 400, param: 'temperature', code: 'invalid_type' });
  });

  const anthropic = [
    [{ temperature: 'hot' }, 'temperature: Input should be a valid number'],
    [{ max_tokens: -5 }, 'max_tokens: Input should be greater than or equal to 1'],
    [{ stream: 'yes' }, 'stream: Input should be a valid boolean'],
    [
      {
        messages: [
          { role: 'assistant', content: 'I start' },
          { role: 'user', content: 'Hi' },
        ],
      },
      'messages: first message must use the "user" role',
    ],
  ] as const;
  for (const [extra, message] of anthropic) {
    it(`messages: ${JSON.stringify(extra)} is a 400 { type: 'error', error: { type: 'invalid_request_error', message } }`, async () => {
      const { status, json } = await post('/v1/messages', { ...messages, ...extra });
      expect(status).toBe(400);
      expect(json).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error', message: `W0002: ${message}` },
      });
    });
  }

  it('the official anthropic client gets a BadRequestError for a conversation that starts with the assistant', async () => {
    const client = new Anthropic({ baseURL: server.url, apiKey: 'x', maxRetries: 0 });
    const error = await client.messages
      .create({ model: 'claude-test-1', max_tokens: 10, messages: [{ role: 'assistant', content: 'I start' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  });
});

describe('the wire server bounds JSON nesting', () => {
  const deep = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;

  it('tool parameters nested 10,000 deep are a 400 W0021, not a 500 with no code', async () => {
    const body = `{"model":"gpt-4.1-mini","messages":[{"role":"user","content":"Hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":${deep(10_000)}}}]}`;
    const { status, json } = await post('/v1/chat/completions', body);
    expect(status).toBe(400);
    expect(json).toMatchObject({ error: { message: expect.stringContaining('W0021'), type: 'invalid_request_error' } });
  });

  it('a PUT /__standin/scripts document nested 10,000 deep is a 400 W0021', async () => {
    const response = await fetch(`${server.url}/__standin/scripts`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${server.token}` },
      body: `{"models":{"m":[{"value":${deep(10_000)}}]}}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining('W0021') } });
  });

  it('JSON nested within the bound, with brackets inside strings, is read', async () => {
    const parameters = JSON.parse(
      `{"type":"object","properties":{"q":{"type":"string","description":"[[[{{{ \\" ]]"}}}`,
    ) as unknown;
    const { status } = await post('/v1/chat/completions', {
      ...chat,
      tools: [{ type: 'function', function: { name: 'f', parameters } }],
    });
    expect(status).toBe(200);
  });
});

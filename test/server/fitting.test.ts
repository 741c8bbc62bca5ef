import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q } from 'standin';
import { createFakeServer, type FakeServer } from 'standin/server';
import { createTestApp } from 'standin/testing';

const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'getWeather',
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', minLength: 2 }, unit: { enum: ['celsius', 'fahrenheit'] } },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'getTime',
      parameters: {
        type: 'object',
        properties: { zone: { type: 'string' } },
        required: [],
        additionalProperties: false,
      },
    },
  },
];

const forecast = {
  type: 'object',
  properties: {
    sky: { type: 'string', enum: ['sunny', 'cloudy'] },
    high: { type: 'integer', minimum: -40, maximum: 60 },
    notes: { type: 'array', items: { type: 'string' } },
  },
  required: ['sky', 'high', 'notes'],
  additionalProperties: false,
};

let server: FakeServer;
let openai: OpenAI;
beforeAll(async () => {
  server = await createFakeServer();
  openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset(undefined, { defaults: true });
});

describe("a scripts document's fitting", () => {
  it("answers an OpenAI client's tools once each, then the JSON its response_format asks, with no script", async () => {
    server.load({ models: { 'gpt-4.1-mini': 'fitting' } });
    const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const asked = await openai.chat.completions.create({ model: 'gpt-4.1-mini', messages, tools });
    const calls = asked.choices[0]!.message.tool_calls!;
    expect(asked.choices[0]!.finish_reason).toBe('tool_calls');
    expect(
      calls.map((call) => call.type === 'function' && [call.function.name, JSON.parse(call.function.arguments)]),
    ).toEqual([
      ['getWeather', { city: 'aa', unit: 'celsius' }],
      ['getTime', {}],
    ]);
    messages.push(asked.choices[0]!.message);
    for (const call of calls) messages.push({ role: 'tool', tool_call_id: call.id, content: 'done' });
    const final = await openai.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages,
      tools,
      response_format: { type: 'json_schema', json_schema: { name: 'forecast', schema: forecast, strict: true } },
    });
    expect(JSON.parse(final.choices[0]!.message.content!)).toEqual({ sky: 'sunny', high: 0, notes: [] });
    const plain = await openai.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(plain.choices[0]!.message.content).toBe('Fitting reply from gpt-4.1-mini, step 0.');
    expect(server.sent.filter((entry) => entry.call === 'reply')).toHaveLength(3);
    await server.verify();
  });

  it("answers an Anthropic client's tools as tool_use blocks with inputs that fit, then a text", async () => {
    server.load({ models: { 'claude-test-1': 'fitting' } });
    const anthropic = new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', maxRetries: 0 });
    const weather = { name: 'getWeather', input_schema: { ...tools[0]!.function.parameters, type: 'object' as const } };
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Weather in Paris?' }];
    const asked = await anthropic.messages.create({
      model: 'claude-test-1',
      max_tokens: 256,
      messages,
      tools: [weather],
    });
    expect(asked.stop_reason).toBe('tool_use');
    const used = asked.content.filter((block) => block.type === 'tool_use');
    expect(used.map((block) => [block.name, block.input])).toEqual([['getWeather', { city: 'aa', unit: 'celsius' }]]);
    messages.push({ role: 'assistant', content: asked.content });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: used[0]!.id, content: 'sunny' }] });
    const final = await anthropic.messages.create({
      model: 'claude-test-1',
      max_tokens: 256,
      messages,
      tools: [weather],
    });
    expect(final.content).toMatchObject([{ type: 'text', text: 'Fitting reply from claude-test-1, step 1.' }]);
  });

  it('takes options, and a record whose own calls answer before it', async () => {
    server.load({
      models: {
        'gpt-4.1-mini': { fitting: { seed: 5 }, reply: [{ text: 'Scripted' }] },
        'text-embedding-3-small': { fitting: { dimensions: 16 } },
      },
    });
    const completion = await openai.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(completion.choices[0]!.message.content).toBe('Scripted');
    const embedding = await openai.embeddings.create({ model: 'text-embedding-3-small', input: 'reset a password' });
    expect(embedding.data[0]!.embedding).toHaveLength(16);
  });

  it('answers speech, a transcription and images from the request alone, the same on every call', async () => {
    server.load({ models: { 'tts-1': 'fitting', 'whisper-1': 'fitting', 'gpt-image-1': 'fitting' } });
    const speech = await openai.audio.speech.create({
      model: 'tts-1',
      voice: 'alloy',
      input: 'Your ticket is closed.',
    });
    const audio = Buffer.from(await speech.arrayBuffer());
    expect([audio.subarray(0, 4).toString(), audio.subarray(8, 12).toString()]).toEqual(['RIFF', 'WAVE']);
    const heard = await openai.audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(audio, 'ticket.wav'),
    });
    expect(heard.text).toMatch(/^Fitting transcript from whisper-1 of \d+ bytes of wav \([0-9a-f]{12}\)\.$/);
    const images = async () =>
      (await openai.images.generate({ model: 'gpt-image-1', prompt: 'A lighthouse', size: '1024x1024' })).data;
    const [first] = (await images())!;
    expect(Buffer.from(first!.b64_json!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await images())![0]!.b64_json).toBe(first!.b64_json);
  });

  it('draws the same values for the same seed on every load', async () => {
    const draw = async (): Promise<unknown> => {
      server.load({ models: { 'gpt-4.1-mini': { fitting: { seed: 9 } } } });
      const asked = await openai.chat.completions.create({
        model: 'gpt-4.1-mini',
        messages: [{ role: 'user', content: 'Weather?' }],
        tools,
      });
      const call = asked.choices[0]!.message.tool_calls![0]!;
      return call.type === 'function' ? JSON.parse(call.function.arguments) : undefined;
    };
    const first = (await draw()) as { city: string; unit: string };
    expect(first.city.length).toBeGreaterThanOrEqual(2);
    expect(await draw()).toEqual(first);
  });

  it("answers the classifier's fitting: yes, the top level, the first option as listed", async () => {
    server.load({ classifier: 'fitting' });
    const app = createTestApp({
      classifier: { provider: 'typesafe' },
      providers: { typesafe: { baseURL: server.url, apiKey: 'k' } },
    });
    app.allowRealCalls('typesafe');
    const response = await app.classify('My card was charged twice.', {
      refund: Q.yesNo('Is a refund asked for?'),
      urgency: Q.score('How urgent?', ['can wait', 'today', 'now']),
      team: Q.choice('Which team?', ['technical', 'billing']),
    });
    expect(response.answer('refund')!.yesProbability).toBe(1);
    expect(response.answer('urgency')!.score).toBe(2);
    expect(response.answer('team')!.choice).toBe('technical');
  });

  it.each([
    [
      'a misspelt word',
      { models: { m: 'fiting' } },
      "scripts.models.m: expected a list of answers, 'fitting', or a record",
    ],
    ['options that are wrong', { models: { m: { fitting: { seed: 'x' } } } }, 'scripts.models.m.fitting'],
    ['a classifier word that is no script', { classifier: 'fit' }, 'scripts.classifier'],
  ])('refuses %s with W0008, naming the path', (_, scripts, where) => {
    expect(() => server.load(scripts as never)).toThrow(
      expect.objectContaining({ code: 'W0008', message: expect.stringContaining(where) }),
    );
  });
});

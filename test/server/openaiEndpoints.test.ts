import OpenAI, { toFile } from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from 'standin/server';
import { embedByHash } from 'standin/testing';

const weather = {
  type: 'function' as const,
  name: 'getWeather',
  description: 'The weather',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

describe('FakeServer', () => {
  let server: FakeServer;
  let openai: OpenAI;

  beforeEach(async () => {
    server = await createFakeServer();
    openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', maxRetries: 0 });
  });
  afterEach(async () => {
    await server.close();
  });

  describe('POST /v1/responses', () => {
    it('answers text, with reasoning as a summary item', async () => {
      server.fake('gpt-5-mini', [{ reasoning: 'Short.', text: 'Hello!', units: { tokensIn: 4, tokensOut: 2 } }]);
      const response = await openai.responses.create({ model: 'gpt-5-mini', instructions: 'Be brief.', input: 'Hi' });
      expect(response.output_text).toBe('Hello!');
      expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
      expect(response.usage).toMatchObject({ input_tokens: 4, output_tokens: 2 });
      expect(server.sent[0]!.input).toEqual({ instructions: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
    });

    it('drives a two-step function call conversation', async () => {
      server.fake('gpt-5-mini', [
        { calls: [{ tool: 'getWeather', with: { city: 'Rome' }, id: 'call_9' }] },
        { text: 'Warm in Rome.' },
      ]);
      const first = await openai.responses.create({ model: 'gpt-5-mini', input: 'Weather in Rome?', tools: [weather] });
      const call = first.output.find((item) => item.type === 'function_call')!;
      expect(call).toMatchObject({ call_id: 'call_9', name: 'getWeather', arguments: '{"city":"Rome"}' });
      const second = await openai.responses.create({
        model: 'gpt-5-mini',
        tools: [weather],
        input: [
          { role: 'user', content: 'Weather in Rome?' },
          call,
          { type: 'function_call_output', call_id: 'call_9', output: '{"c":25}' },
        ],
      });
      expect(second.output_text).toBe('Warm in Rome.');
      expect((server.sent[1]!.input as { messages: unknown[] }).messages).toEqual([
        { role: 'user', content: 'Weather in Rome?' },
        { role: 'assistant', calls: [{ id: 'call_9', tool: 'getWeather', with: { city: 'Rome' } }] },
        { role: 'tool', results: [{ id: 'call_9', tool: 'getWeather', output: { c: 25 } }] },
      ]);
    });

    it('streams numbered events ending in response.completed, and a typed value for text.format json_schema', async () => {
      server.fake('gpt-5-mini', [{ value: { team: 'billing' }, parts: 3 }]);
      const stream = await openai.responses.create({
        model: 'gpt-5-mini',
        input: 'Triage',
        stream: true,
        text: {
          format: {
            type: 'json_schema',
            name: 'triage',
            schema: {
              type: 'object',
              properties: { team: { type: 'string' } },
              required: ['team'],
              additionalProperties: false,
            },
            strict: true,
          },
        },
      });
      const types: string[] = [];
      let text = '';
      let numbers: number[] = [];
      for await (const event of stream) {
        types.push(event.type);
        numbers = [...numbers, event.sequence_number];
        if (event.type === 'response.output_text.delta') text += event.delta;
      }
      expect(JSON.parse(text)).toEqual({ team: 'billing' });
      expect(types[0]).toBe('response.created');
      expect(types.at(-1)).toBe('response.completed');
      expect(types.filter((t) => t === 'response.output_text.delta')).toHaveLength(3);
      expect(numbers).toEqual(numbers.map((_, i) => i));
    });

    it("refuses an item_reference, which names an item only a store keeps, in OpenAI's words", async () => {
      server.fake('gpt-5-mini', [{ text: 'x' }]);
      const error = (await openai.responses
        .create({
          model: 'gpt-5-mini',
          input: [
            { role: 'user', content: 'Hi' },
            { type: 'item_reference', id: 'msg_1' },
          ],
        })
        .catch((e: unknown) => e)) as { status: number; param: string; message: string };
      expect(error).toMatchObject({ status: 400, param: 'input[1]' });
      expect(error.message).toContain("Item with id 'msg_1' not found");
    });

    it('range-checks the settings OpenAI range-checks: a max_output_tokens below 16 is a 400 naming it', async () => {
      server.fake('gpt-5-mini', [{ text: 'x' }]);
      const error = (await openai.responses
        .create({ model: 'gpt-5-mini', input: 'x', max_output_tokens: 8 })
        .catch((e: unknown) => e)) as { status: number; param: string; code: string };
      expect(error).toMatchObject({ status: 400, param: 'max_output_tokens', code: 'integer_below_min_value' });
    });

    it('streams a refusal as its own message and a content filter as response.incomplete', async () => {
      server.fake('gpt-5-mini', [{ misbehave: 'refusal', text: 'No.' }, { misbehave: 'content_filter' }]);
      const types = async (): Promise<string[]> => {
        const seen: string[] = [];
        const stream = await openai.responses.create({ model: 'gpt-5-mini', input: 'x', stream: true });
        for await (const event of stream) seen.push(event.type);
        return seen;
      };
      expect(await types()).toEqual(expect.arrayContaining(['response.refusal.delta', 'response.completed']));
      expect((await types()).at(-1)).toBe('response.incomplete');
    });

    it('refuses previous_response_id: the server keeps no responses', async () => {
      server.fake('gpt-5-mini', [{ text: 'x' }]);
      const error = (await openai.responses
        .create({ model: 'gpt-5-mini', input: 'x', previous_response_id: 'resp_1' })
        .catch((e: unknown) => e)) as { status: number; param: string };
      expect(error.status).toBe(400);
      expect(error.param).toBe('previous_response_id');
    });
  });

  describe('POST /v1/rerank', () => {
    const rerank = (body: unknown) =>
      fetch(`${server.url}/v1/rerank`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('answers the scores of the rank answer, best first, the first top_n with their documents', async () => {
      server.fake('rerank-v3.5', {
        rank: (_query, texts) => texts.map((text) => (text.includes('password') ? 0.9 : 0.1)),
      });
      const response = await rerank({
        model: 'rerank-v3.5',
        query: 'reset',
        documents: ['billing', 'reset a password', { text: 'refunds' }],
        top_n: 2,
        return_documents: true,
      });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: unknown[] }).results).toEqual([
        { index: 1, relevance_score: 0.9, document: { text: 'reset a password' } },
        { index: 0, relevance_score: 0.1, document: { text: 'billing' } },
      ]);
      expect(server.sent[0]).toMatchObject({ call: 'rank', input: { words: 'reset' } });
    });

    it("refuses a request without documents in OpenAI's words, naming the field", async () => {
      server.fake('rerank-v3.5', { rank: () => [] });
      const response = await rerank({ model: 'rerank-v3.5', query: 'reset' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { param: 'documents', code: 'missing_required_parameter', type: 'invalid_request_error' },
      });
    });
  });

  describe('POST /v1/embeddings', () => {
    it('answers base64 vectors (the client default) that decode to the fake vectors', async () => {
      server.fake('text-embedding-3-small', { embed: embedByHash(8) });
      const result = await openai.embeddings.create({
        model: 'text-embedding-3-small',
        input: ['reset a password', 'billing'],
      });
      expect(result.data).toHaveLength(2);
      const expected = embedByHash(8)('reset a password');
      result.data[0]!.embedding.forEach((value, i) => expect(value).toBeCloseTo(expected[i]!, 6));
    });

    it('answers float vectors when asked', async () => {
      server.fake('text-embedding-3-small', { embed: () => [0.5, 0.25] });
      const result = await openai.embeddings.create({
        model: 'text-embedding-3-small',
        input: 'x',
        encoding_format: 'float',
      });
      expect(result.data[0]!.embedding).toEqual([0.5, 0.25]);
    });
  });

  describe('POST /v1/audio/transcriptions and /v1/audio/speech', () => {
    it('transcribes a multipart upload with the hear answer, handing it the language and the prompt', async () => {
      const seen: unknown[] = [];
      server.fake('whisper-1', {
        hear: (input) => (
          seen.push({ kind: input.kind, language: input.language, hint: input.hint, bytes: input.audio.length }),
          { text: 'reset my password' }
        ),
      });
      const result = await openai.audio.transcriptions.create({
        model: 'whisper-1',
        file: await toFile(Buffer.from('RIFF0000WAVE'), 'note.wav'),
        language: 'en',
        prompt: 'Okta',
      });
      expect(result.text).toBe('reset my password');
      expect(seen).toEqual([{ kind: 'wav', language: 'en', hint: 'Okta', bytes: 12 }]);
    });

    it('answers speech with the speak answer bytes', async () => {
      server.fake('tts-1', { speak: (text) => new TextEncoder().encode(`sound of ${text}`) });
      const response = await openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'Hello' });
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('sound of Hello');
    });
  });

  describe('GET /v1/models', () => {
    it('lists the scripted model ids', async () => {
      server.fake('gpt-5-mini', [{ text: 'x' }]);
      server.fake('tts-1', { speak: () => new Uint8Array([1]) });
      const list = await openai.models.list();
      expect(list.data.map((m) => m.id)).toEqual(['gpt-5-mini', 'tts-1']);
    });
  });
});

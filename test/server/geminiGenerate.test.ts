import { ApiError, GoogleGenAI, Language, Type } from '@google/genai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from 'standin';
import { createFakeServer, type FakeServer } from 'standin/server';
import { embedByHash, imageByHash } from 'standin/testing';

const weather = {
  name: 'getWeather',
  description: 'The weather in a city',
  parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('FakeServer', () => {
  let server: FakeServer;
  let ai: GoogleGenAI;

  beforeEach(async () => {
    server = await createFakeServer();
    ai = new GoogleGenAI({ apiKey: 'gemini-secret-key', httpOptions: { baseUrl: server.url } });
  });
  afterEach(async () => {
    await server.close();
  });

  describe('POST /v1beta/models/{model}:generateContent', () => {
    it('answers a GenerateContentResponse with thoughts, text and usage', async () => {
      server.fake('gemini-test', [
        { reasoning: 'They greet me.', text: 'Hello!', units: { tokensIn: 9, tokensOut: 4 } },
      ]);
      const response = await ai.models.generateContent({
        model: 'gemini-test',
        contents: 'Hi',
        config: { systemInstruction: 'Be brief.' },
      });
      expect(response.text).toBe('Hello!');
      expect(response.candidates?.[0]?.content?.parts?.[0]).toEqual({ text: 'They greet me.', thought: true });
      expect(response.candidates?.[0]?.finishReason).toBe('STOP');
      expect(response.usageMetadata).toMatchObject({
        promptTokenCount: 9,
        candidatesTokenCount: 4,
        totalTokenCount: 13,
      });
      expect(server.sent[0]!.input).toEqual({ instructions: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
      expect(server.sent[0]!.path).toBe('/v1/models/gemini-test:generateContent');
    });

    it('drives a two-step function-calling conversation, functionResponse answering the call', async () => {
      server.fake('gemini-test', [
        { calls: [{ tool: 'getWeather', with: { city: 'Paris' } }] },
        { text: 'Sunny in Paris.' },
      ]);
      const config = { tools: [{ functionDeclarations: [weather] }] };
      const contents = [{ role: 'user', parts: [{ text: 'Weather in Paris?' }] }];
      const first = await ai.models.generateContent({ model: 'gemini-test', contents, config });
      expect(first.functionCalls).toEqual([{ id: expect.any(String), name: 'getWeather', args: { city: 'Paris' } }]);
      const call = first.functionCalls![0]!;
      contents.push(first.candidates![0]!.content as never, {
        role: 'user',
        parts: [
          { functionResponse: { id: call.id, name: 'getWeather', response: { output: { sky: 'sunny' } } } } as never,
        ],
      });
      const second = await ai.models.generateContent({ model: 'gemini-test', contents, config });
      expect(second.text).toBe('Sunny in Paris.');
      expect((server.sent[1]!.input as { messages: unknown[] }).messages.slice(1)).toEqual([
        { role: 'assistant', calls: [{ id: call.id, tool: 'getWeather', with: { city: 'Paris' } }] },
        { role: 'tool', results: [{ id: call.id, tool: 'getWeather', output: { sky: 'sunny' } }] },
      ]);
      await server.verify();
    });

    it("reads a typed value from responseSchema in Gemini's schema form, and answers its JSON", async () => {
      server.fake('gemini-test', [{ value: { team: 'billing', urgent: true } }]);
      const response = await ai.models.generateContent({
        model: 'gemini-test',
        contents: 'My card was charged twice.',
        config: {
          responseMimeType: 'application/json',
          responseSchema: {
            type: Type.OBJECT,
            properties: { team: { type: Type.STRING, enum: ['billing', 'technical'] }, urgent: { type: Type.BOOLEAN } },
            required: ['team', 'urgent'],
          },
        },
      });
      expect(JSON.parse(response.text!)).toEqual({ team: 'billing', urgent: true });
    });

    it('answers a scripted content_filter as Gemini blocks a prompt: 200 with promptFeedback.blockReason', async () => {
      server.fake('gemini-test', [{ fail: 'content_filter' }]);
      const response = await ai.models.generateContent({ model: 'gemini-test', contents: 'x' });
      expect(response.candidates).toBeUndefined();
      expect(response.promptFeedback?.blockReason).toBe('SAFETY');
    });

    it("answers failures in Gemini's error body: 503 UNAVAILABLE, 400 INVALID_ARGUMENT for a bad key", async () => {
      server.fake('gemini-test', [{ fail: 'server' }, { fail: 'auth' }]);
      const overloaded = (await ai.models
        .generateContent({ model: 'gemini-test', contents: 'x' })
        .catch((e: unknown) => e)) as ApiError;
      expect(overloaded).toBeInstanceOf(ApiError);
      expect(overloaded.status).toBe(503);
      expect(JSON.parse(overloaded.message)).toEqual({
        error: { code: 503, message: 'The model is overloaded. Please try again later.', status: 'UNAVAILABLE' },
      });
      const key = (await ai.models
        .generateContent({ model: 'gemini-test', contents: 'y' })
        .catch((e: unknown) => e)) as ApiError;
      expect(key.status).toBe(400);
      expect(key.message).toContain('API key not valid');
    });

    it('answers a model no script serves with 404 NOT_FOUND listing the scripted models', async () => {
      server.fake('gemini-test', [{ text: 'x' }]);
      const error = (await ai.models
        .generateContent({ model: 'gemini-other', contents: 'x' })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.status).toBe(404);
      expect(JSON.parse(error.message).error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
      expect(JSON.parse(error.message).error.message).toMatch(
        /^W0003: models\/gemini-other is not found for API version v1beta, or is not supported for generateContent\./,
      );
      expect(error.message).toContain('gemini-test');
    });

    it('reads inline bytes and files by URL into the user message', async () => {
      server.fake('gemini-test', [{ text: 'A receipt.' }]);
      await ai.models.generateContent({
        model: 'gemini-test',
        contents: [
          {
            role: 'user',
            parts: [
              { text: 'What is this?' },
              { inlineData: { mimeType: 'image/png', data: 'AQID' } },
              { fileData: { mimeType: 'application/pdf', fileUri: 'https://example.com/guide.pdf' } },
            ],
          },
        ],
      });
      expect((server.sent[0]!.input as { messages: unknown[] }).messages).toEqual([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', bytes: new Uint8Array([1, 2, 3]), mediaType: 'image/png' },
            { type: 'file', url: 'https://example.com/guide.pdf', mediaType: 'application/pdf' },
          ],
        },
      ]);
    });

    it('refuses a part it cannot read with 400 INVALID_ARGUMENT naming it', async () => {
      server.fake('gemini-test', [{ text: 'x' }]);
      const error = (await ai.models
        .generateContent({
          model: 'gemini-test',
          contents: [{ role: 'user', parts: [{ executableCode: { language: Language.PYTHON, code: 'print(1)' } }] }],
        })
        .catch((e: unknown) => e)) as ApiError;
      expect(error.status).toBe(400);
      expect(JSON.parse(error.message).error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(error.message).toContain('contents[0].parts[0]');
      expect(error.message).toContain('executableCode');
    });

    it("refuses call settings out of Gemini's ranges, and of the wrong type, in Google's words naming the field", async () => {
      server.fake('gemini-test', [{ text: 'x' }]);
      const refused = async (generationConfig: Record<string, unknown>) => {
        const response = await fetch(`${server.url}/v1beta/models/gemini-test:generateContent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
          body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }], generationConfig }),
        });
        expect(response.status).toBe(400);
        return ((await response.json()) as { error: { message: string; status: string; details: unknown } }).error;
      };
      expect(await refused({ temperature: 'hot' })).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: `W0002: Invalid value at 'generation_config.temperature' (TYPE_FLOAT), "hot"`,
        details: [{ fieldViolations: [{ field: 'generation_config.temperature' }] }],
      });
      expect((await refused({ temperature: 99 })).message).toBe(
        'W0002: * GenerateContentRequest.generation_config.temperature: temperature must be in the range [0.0, 2.0]\n',
      );
      expect((await refused({ maxOutputTokens: -5 })).message).toBe(
        'W0002: * GenerateContentRequest.generation_config.max_output_tokens: max_output_tokens must be positive.\n',
      );
      expect((await refused({ maxOutputTokens: 1.5 })).message).toBe(
        `W0002: Invalid value at 'generation_config.max_output_tokens' (TYPE_INT32), 1.5`,
      );
      expect((await refused({ tempature: 1 })).message).toBe(
        `W0004: Invalid JSON payload received. Unknown name "tempature" at 'generation_config': Cannot find field.`,
      );
      expect(server.sent).toHaveLength(0);
    });

    it('is retried by the client after a scripted 429, and the retry gets the answer', async () => {
      const retrying = new GoogleGenAI({
        apiKey: 'gemini-secret-key',
        httpOptions: { baseUrl: server.url, retryOptions: { attempts: 3, initialDelay: 0.001, maxDelay: 0.01 } },
      });
      server.fake('gemini-test', [{ fail: 'rate_limit' }, { text: 'ok' }]);
      const response = await retrying.models.generateContent({ model: 'gemini-test', contents: 'x' });
      expect(response.text).toBe('ok');
      expect(server.sent).toHaveLength(2);
      await server.verify();
    });
  });

  describe('POST /v1beta/models/{model}:streamGenerateContent?alt=sse', () => {
    it('streams one response per part, the last with the finishReason and usage', async () => {
      server.fake('gemini-test', [
        {
          parts: [{ reasoning: 'Hmm.' }, { text: 'Hel' }, { text: 'lo.' }],
          units: { tokensIn: 3, tokensOut: 7 },
        },
      ]);
      const chunks = [];
      for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-test', contents: 'Hi' }))
        chunks.push(chunk);
      expect(chunks.map((c) => c.text ?? '').join('')).toBe('Hello.');
      expect(chunks[0]!.candidates?.[0]?.content?.parts?.[0]).toEqual({ text: 'Hmm.', thought: true });
      expect(chunks.at(-1)!.candidates?.[0]?.finishReason).toBe('STOP');
      expect(chunks.at(-1)!.usageMetadata).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: 7 });
    });

    it('streams function calls', async () => {
      server.fake('gemini-test', [{ calls: [{ tool: 'getWeather', with: { city: 'Oslo' }, id: 'fc_1' }] }]);
      const calls = [];
      const stream = await ai.models.generateContentStream({
        model: 'gemini-test',
        contents: 'Weather in Oslo?',
        config: { tools: [{ functionDeclarations: [weather] }] },
      });
      for await (const chunk of stream) calls.push(...(chunk.functionCalls ?? []));
      expect(calls).toEqual([{ id: 'fc_1', name: 'getWeather', args: { city: 'Oslo' } }]);
    });

    it('is retried by the client after a scripted 503, and the retry streams the answer', async () => {
      const retrying = new GoogleGenAI({
        apiKey: 'gemini-secret-key',
        httpOptions: { baseUrl: server.url, retryOptions: { attempts: 3, initialDelay: 0.001, maxDelay: 0.01 } },
      });
      server.fake('gemini-test', [{ fail: 'server' }, { text: 'back' }]);
      let text = '';
      for await (const chunk of await retrying.models.generateContentStream({ model: 'gemini-test', contents: 'x' }))
        text += chunk.text ?? '';
      expect(text).toBe('back');
    });

    it('refuses a stream asked without alt=sse with 400 naming the fix', async () => {
      server.fake('gemini-test', [{ text: 'x' }]);
      const response = await fetch(`${server.url}/v1beta/models/gemini-test:streamGenerateContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contents: [{ parts: [{ text: 'x' }] }] }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain('?alt=sse');
    });
  });

  describe("standin's own gemini adapter", () => {
    it('replies, streams a typed value and embeds through the Gemini endpoints', async () => {
      server.fake('gemini-test', [{ text: 'Hello.' }, { value: { team: 'billing' } }]);
      server.fake('gemini-embedding', { embed: embedByHash(3) });
      const app = createApp({
        models: {
          writer: { provider: 'google', model: 'gemini-test' },
          vectors: { provider: 'google', model: 'gemini-embedding' },
        },
        providers: { google: { adapter: 'gemini', baseURL: `${server.url}/v1beta`, apiKey: 'gemini-secret-key' } },
      });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('Hello.');
      const typed = await app.reply('writer', {
        messages: 'Which team?',
        output: z.object({ team: z.string() }),
      });
      expect(typed.value).toEqual({ team: 'billing' });
      expect(await app.embed('vectors', 'refund')).toHaveLength(3);
      expect(JSON.stringify(server.sent)).not.toContain('gemini-secret-key');
    });
  });

  describe('POST /v1beta/models/{model}:embedContent and :batchEmbedContents', () => {
    it("answers the client's batchEmbedContents with one vector per text", async () => {
      const embed = embedByHash(4);
      server.fake('gemini-embedding', { embed });
      const response = await ai.models.embedContent({ model: 'gemini-embedding', contents: ['a', 'b'] });
      expect(response.embeddings?.map((e) => e.values)).toEqual([embed('a'), embed('b')]);
      expect(server.sent.map((s) => s.path)).toEqual([
        '/v1/models/gemini-embedding:batchEmbedContents',
        '/v1/models/gemini-embedding:batchEmbedContents',
      ]);
    });

    it('answers embedContent with embedding.values', async () => {
      const embed = embedByHash(4);
      server.fake('gemini-embedding', { embed });
      const response = await fetch(`${server.url}/v1beta/models/gemini-embedding:embedContent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
        body: JSON.stringify({ model: 'models/gemini-embedding', content: { parts: [{ text: 'refund' }] } }),
      });
      expect(await response.json()).toEqual({ embedding: { values: embed('refund') } });
    });
  });
  describe('POST /v1beta/models/{model}:predict', () => {
    it("answers an Imagen model's predict with one image per sampleCount, of the size its aspect ratio draws", async () => {
      server.fake('imagen-test', { image: imageByHash() });
      const response = await fetch(`${server.url}/v1beta/models/imagen-test:predict`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
        body: JSON.stringify({
          instances: [{ prompt: 'A receipt stamped REFUNDED' }],
          parameters: { sampleCount: 2, aspectRatio: '16:9' },
        }),
      });
      const body = (await response.json()) as { predictions: { mimeType: string; bytesBase64Encoded: string }[] };
      expect(body.predictions).toHaveLength(2);
      expect(body.predictions[0]!.mimeType).toBe('image/png');
      expect(server.sent[0]).toMatchObject({
        call: 'image',
        input: { prompt: 'A receipt stamped REFUNDED', size: '1408x768', count: 2 },
      });
    });

    it('refuses an aspect ratio Imagen does not draw, naming the field', async () => {
      server.fake('imagen-test', { image: imageByHash() });
      const response = await fetch(`${server.url}/v1beta/models/imagen-test:predict`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ instances: [{ prompt: 'x' }], parameters: { aspectRatio: '10:3' } }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        '* PredictRequest.parameters.aspect_ratio: aspect_ratio must be one of 1:1, 3:4, 4:3, 9:16, 16:9',
      );
    });
  });
});

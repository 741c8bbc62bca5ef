import { ApiError, GoogleGenAI, type Content } from '@google/genai';
import { describe, expect } from 'vitest';
import type { FakeServer } from 'standin/server';
import {
  expected,
  expectRetried,
  expectToolResult,
  matrix,
  PROMPT,
  script,
  scoped,
  triageSchema,
  twoScopes,
  weather,
} from './matrix.js';

const { cells } = matrix();
const MODEL = 'gemini-test';

/** The official client with its defaults: only where it goes, its key and its default headers. */
const genai = (server: FakeServer, headers: Record<string, string>, retry = false): GoogleGenAI =>
  new GoogleGenAI({
    apiKey: 'gemini-key',
    httpOptions: { baseUrl: server.url, headers, ...(retry ? { retryOptions: {} } : {}) },
  });

const ask = { model: MODEL, contents: PROMPT };
const tools = [
  {
    functionDeclarations: [
      { name: weather.name, description: weather.description, parametersJsonSchema: weather.schema },
    ],
  },
];

describe('@google/genai', () => {
  cells('GoogleGenAI generateContent', {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      expect((await genai(server, headers).models.generateContent(ask)).text).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      let text = '';
      for await (const chunk of await genai(server, headers).models.generateContentStream(ask))
        text += chunk.text ?? '';
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const client = genai(server, headers);
      const contents: Content[] = [{ role: 'user', parts: [{ text: PROMPT }] }];
      const first = await client.models.generateContent({ model: MODEL, contents, config: { tools } });
      const call = first.functionCalls![0]!;
      expect(call.name).toBe('weather');
      contents.push(first.candidates![0]!.content!, {
        role: 'user',
        parts: [
          {
            functionResponse: {
              ...(call.id === undefined ? {} : { id: call.id }),
              name: call.name!,
              response: { output: weather.run(call.args as { city: string }) },
            },
          },
        ],
      });
      const second = await client.models.generateContent({ model: MODEL, contents, config: { tools } });
      expect(second.text).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const response = await genai(server, headers).models.generateContent({
        ...ask,
        config: { responseMimeType: 'application/json', responseJsonSchema: triageSchema },
      });
      expect(JSON.parse(response.text!)).toEqual(expected.structured);
      await server.verify(scope);
    },
    // With its default settings the client does not retry (only with httpOptions.retryOptions): the 429 reaches the
    // caller as Gemini's RESOURCE_EXHAUSTED, and the caller's own retry of the same request gets the step's answer.
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      const client = genai(server, headers);
      const refused = await client.models.generateContent(ask).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).status).toBe(429);
      expect((await client.models.generateContent(ask)).text).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(
        server,
        MODEL,
        async (headers) => (await genai(server, headers).models.generateContent(ask)).text!,
      );
    },
    async 'retry (httpOptions.retryOptions)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      expect((await genai(server, headers, true).models.generateContent(ask)).text).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
  });
});

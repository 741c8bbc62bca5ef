import { createVertex, type GoogleVertexProviderSettings } from '@ai-sdk/google-vertex';
import { ApiError, GoogleGenAI, type Content } from '@google/genai';
import { generateText, type LanguageModel } from 'ai';
import { OAuth2Client } from 'google-auth-library';
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
  type Cells,
} from './matrix.js';
import { aiSdkCells } from './aiSdkCells.js';

const { cells } = matrix();
const MODEL = 'gemini-vertex-test';
const PROJECT = 'help-desk-test';
const LOCATION = 'europe-west4';

/** An OAuth client holding a fixed access token: the clients' own auth path, with no credentials to find or refresh. */
function fixedToken(token: string): OAuth2Client {
  const client = new OAuth2Client();
  client.setCredentials({ access_token: token });
  return client;
}

/** The official client in Vertex mode: a project and location, the server as its base URL, a fixed token. */
const genai = (server: FakeServer, headers: Record<string, string>, token = 'vertex-token'): GoogleGenAI =>
  new GoogleGenAI({
    vertexai: true,
    project: PROJECT,
    location: LOCATION,
    httpOptions: { baseUrl: server.url, headers },
    googleAuthOptions: { authClient: fixedToken(token) },
  });

/** The same client in express mode: an API key and no project. */
const express = (server: FakeServer, headers: Record<string, string>): GoogleGenAI =>
  new GoogleGenAI({ vertexai: true, apiKey: 'vertex-express-key', httpOptions: { baseUrl: server.url, headers } });

const ask = { model: MODEL, contents: PROMPT };
const tools = [
  {
    functionDeclarations: [
      { name: weather.name, description: weather.description, parametersJsonSchema: weather.schema },
    ],
  },
];

/** The OAuth client type of the AI SDK's own copy of google-auth-library (a newer major, the same client methods). */
type AiSdkAuthClient = NonNullable<NonNullable<GoogleVertexProviderSettings['googleAuthOptions']>['authClient']>;

/** The AI SDK's Vertex provider on a project's paths, its token from the same fixed OAuth client. */
const aiSdk = (server: FakeServer, headers: Record<string, string>): LanguageModel =>
  createVertex({
    project: PROJECT,
    location: LOCATION,
    baseURL: `${server.url}/v1/projects/${PROJECT}/locations/${LOCATION}/publishers/google`,
    googleAuthOptions: { authClient: fixedToken('vertex-token') as unknown as AiSdkAuthClient },
    headers,
  })(MODEL);

describe('@google/genai (Vertex AI)', () => {
  cells('GoogleGenAI vertexai generateContent', {
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
    // With its default settings the client does not retry: the 429 reaches the caller, whose own retry gets the answer.
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
    // Each conversation names its scope in its bearer token (`scope:<id>`), not a header.
    async scopes(server) {
      await twoScopes(server, MODEL, async ({ 'x-standin-scope': scope }) => {
        const client = genai(server, {}, `scope:${scope}`);
        return (await client.models.generateContent(ask)).text!;
      });
    },
    async 'express mode (x-goog-api-key, no project)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      expect((await express(server, headers).models.generateContent(ask)).text).toBe(expected.plain);
      await server.verify(scope);
    },
  });
});

describe('@ai-sdk/google-vertex', () => {
  const jobs: Cells = {
    ...aiSdkCells(aiSdk, MODEL),
    async 'express mode (apiKey)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      const model = createVertex({
        apiKey: 'vertex-express-key',
        baseURL: `${server.url}/v1/publishers/google`,
        headers,
      })(MODEL);
      expect((await generateText({ model, prompt: PROMPT })).text).toBe(expected.plain);
      await server.verify(scope);
    },
  };
  cells('createVertex', jobs);
});

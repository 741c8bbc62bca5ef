import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { generateObject, generateText, Output, stepCountIs, streamText, tool, type LanguageModel } from 'ai';
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
  triage,
  twoScopes,
  weather,
  type Cells,
} from './matrix.js';

const { cells } = matrix();
const credentials = { accessKeyId: 'AKIASTANDINTEST00001', secretAccessKey: 'standin/test/secret/key/0123456789' };

/** A model of one AI SDK provider, made with its defaults: only where it goes, its key and its headers. */
type Make = (server: FakeServer, headers: Record<string, string>) => LanguageModel;

const providers: readonly (readonly [string, string, Make])[] = [
  [
    '@ai-sdk/openai (responses)',
    'gpt-4.1-mini',
    (server, headers) => createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', headers })('gpt-4.1-mini'),
  ],
  [
    '@ai-sdk/openai (chat)',
    'gpt-4.1-mini',
    (server, headers) => createOpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', headers }).chat('gpt-4.1-mini'),
  ],
  [
    '@ai-sdk/anthropic',
    'claude-test-1',
    (server, headers) =>
      createAnthropic({ baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test', headers })('claude-test-1'),
  ],
  [
    '@ai-sdk/google',
    'gemini-test',
    (server, headers) =>
      createGoogleGenerativeAI({ baseURL: `${server.url}/v1beta`, apiKey: 'gemini-key', headers })('gemini-test'),
  ],
  [
    '@ai-sdk/amazon-bedrock',
    'anthropic.claude-sonnet-4-5-v1:0',
    (server, headers) =>
      createAmazonBedrock({ baseURL: server.url, region: 'us-east-1', ...credentials, headers })(
        'anthropic.claude-sonnet-4-5-v1:0',
      ),
  ],
  // A model with no structured output of its own: generateObject asks for the object through a forced tool 'json'.
  [
    '@ai-sdk/amazon-bedrock (Nova)',
    'amazon.nova-pro-v1:0',
    (server, headers) =>
      createAmazonBedrock({ baseURL: server.url, region: 'us-east-1', ...credentials, headers })(
        'amazon.nova-pro-v1:0',
      ),
  ],
  // Azure's default URLs, the v1 API: at a host of its own, `<baseURL>/responses`, the deployment as the model.
  [
    '@ai-sdk/azure (responses)',
    'gpt-4o-prod',
    (server, headers) =>
      createAzure({ baseURL: `${server.url}/openai/v1`, apiKey: 'azure-key', headers })('gpt-4o-prod'),
  ],
  [
    '@ai-sdk/azure (chat)',
    'gpt-4o-prod',
    (server, headers) =>
      createAzure({ baseURL: `${server.url}/openai/v1`, apiKey: 'azure-key', headers }).chat('gpt-4o-prod'),
  ],
];

const weatherTool = tool({ description: weather.description, inputSchema: weather.input, execute: weather.run });

/** The jobs, through `ai`'s generateText, streamText and generateObject with their default retries. */
function aiSdkCells(make: Make, model: string): Cells {
  return {
    async plain(server) {
      const { scope, headers } = scoped(server, model, script.plain);
      expect((await generateText({ model: make(server, headers), prompt: PROMPT })).text).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, model, script.stream);
      const result = streamText({ model: make(server, headers), prompt: PROMPT });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, model, script.tools);
      const result = await generateText({
        model: make(server, headers),
        tools: { weather: weatherTool },
        stopWhen: stepCountIs(3),
        prompt: PROMPT,
      });
      expect(result.text).toBe(expected.tools);
      expect(result.steps).toHaveLength(2);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      const result = await generateObject({ model: make(server, headers), schema: triage, prompt: PROMPT });
      expect(result.object).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, model, script.retry);
      expect((await generateText({ model: make(server, headers), prompt: PROMPT })).text).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(
        server,
        model,
        async (headers) => (await generateText({ model: make(server, headers), prompt: PROMPT })).text,
      );
    },
    async 'Output.object'(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      const result = await generateText({
        model: make(server, headers),
        output: Output.object({ schema: triage }),
        prompt: PROMPT,
      });
      expect(result.output).toEqual(expected.structured);
      await server.verify(scope);
    },
  };
}

describe('the AI SDK', () => {
  for (const [name, model, make] of providers) cells(name, aiSdkCells(make, model));
});

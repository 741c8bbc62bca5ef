import { Agent, OpenAIProvider, run, Runner, setDefaultOpenAIClient, setOpenAIAPI, tool } from '@openai/agents';
import OpenAI from 'openai';
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
const MODEL = 'gpt-4.1-mini';

/** The OpenAI client the provider runs on, with its defaults: only where it goes, its key and its default headers. */
const client = (server: FakeServer, headers: Record<string, string>): OpenAI =>
  new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', defaultHeaders: headers });

/** A runner whose models come from an OpenAIProvider on that client, over the responses API or chat completions. */
const runner = (server: FakeServer, headers: Record<string, string>, useResponses: boolean): Runner =>
  new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client(server, headers), useResponses }) });

const weatherTool = tool({
  name: weather.name,
  description: weather.description,
  parameters: weather.input,
  execute: (input) => JSON.stringify(weather.run(input)),
});
const assistant = new Agent({ name: 'Assistant', instructions: 'Answer briefly.', model: MODEL });
const forecaster = new Agent({ name: 'Forecaster', instructions: 'Use the tool.', model: MODEL, tools: [weatherTool] });
const triager = new Agent({ name: 'Triager', instructions: 'Triage the ticket.', model: MODEL, outputType: triage });

function agentCells(useResponses: boolean): Cells {
  return {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      expect((await runner(server, headers, useResponses).run(assistant, PROMPT)).finalOutput).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      const result = await runner(server, headers, useResponses).run(assistant, PROMPT, { stream: true });
      let text = '';
      for await (const delta of result.toTextStream()) text += delta;
      await result.completed;
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      expect((await runner(server, headers, useResponses).run(forecaster, PROMPT)).finalOutput).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      expect((await runner(server, headers, useResponses).run(triager, PROMPT)).finalOutput).toEqual(
        expected.structured,
      );
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      expect((await runner(server, headers, useResponses).run(assistant, PROMPT)).finalOutput).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(
        server,
        MODEL,
        async (headers) => (await runner(server, headers, useResponses).run(assistant, PROMPT)).finalOutput!,
      );
    },
  };
}

describe('@openai/agents', () => {
  cells('Agents SDK (responses)', agentCells(true));
  cells('Agents SDK (chat completions)', {
    ...agentCells(false),
    // The SDK's own defaults are process-wide: this cell alone sets them, in its own scope.
    async 'run() with setDefaultOpenAIClient'(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      setDefaultOpenAIClient(client(server, headers));
      setOpenAIAPI('chat_completions');
      expect((await run(forecaster, PROMPT)).finalOutput).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
  });
});

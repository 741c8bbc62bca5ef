import OpenAI, { AzureOpenAI } from 'openai';
import { zodResponseFormat, zodTextFormat } from 'openai/helpers/zod';
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
const API_VERSION = '2024-10-21';

/** A client of the `openai` package, made with its defaults: only where it goes, its key and its default headers. */
type Make = (server: FakeServer, headers: Record<string, string>) => OpenAI;

const openai: Make = (server, headers) =>
  new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'sk-test', defaultHeaders: headers });
/** Azure OpenAI on its deployment paths (`/openai/deployments/{deployment}/...?api-version=`). */
const azureDeployment: Make = (server, headers) =>
  new AzureOpenAI({
    endpoint: server.url,
    apiKey: 'azure-key',
    apiVersion: API_VERSION,
    deployment: 'gpt-4o-prod',
    defaultHeaders: headers,
  });
/** Azure OpenAI's v1 API (`/openai/v1/...`), with the plain OpenAI client as Azure's guide has it. */
const azureV1: Make = (server, headers) =>
  new OpenAI({ baseURL: `${server.url}/openai/v1/`, apiKey: 'azure-key', defaultHeaders: headers });

const chatTool = {
  type: 'function' as const,
  function: { name: weather.name, description: weather.description, parameters: weather.schema },
};

/** The chat completions jobs, for a client made by `make`, asking `model`. */
function chatCells(make: Make, model: string): Cells {
  const ask = { model, messages: [{ role: 'user' as const, content: PROMPT }] };
  return {
    async plain(server) {
      const { scope, headers } = scoped(server, model, script.plain);
      const completion = await make(server, headers).chat.completions.create(ask);
      expect(completion.choices[0]!.message.content).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, model, script.stream);
      const stream = await make(server, headers).chat.completions.create({ ...ask, stream: true });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, model, script.tools);
      const client = make(server, headers);
      const first = await client.chat.completions.create({ ...ask, tools: [chatTool] });
      const asked = first.choices[0]!.message;
      const call = asked.tool_calls![0]!;
      expect(call.type === 'function' && call.function.name).toBe('weather');
      const input = call.type === 'function' ? (JSON.parse(call.function.arguments) as { city: string }) : undefined;
      const second = await client.chat.completions.create({
        ...ask,
        tools: [chatTool],
        messages: [
          ...ask.messages,
          asked,
          { role: 'tool', tool_call_id: call.id, content: JSON.stringify(weather.run(input!)) },
        ],
      });
      expect(second.choices[0]!.message.content).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      const completion = await make(server, headers).chat.completions.parse({
        ...ask,
        response_format: zodResponseFormat(triage, 'triage'),
      });
      expect(completion.choices[0]!.message.parsed).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, model, script.retry);
      const completion = await make(server, headers).chat.completions.create(ask);
      expect(completion.choices[0]!.message.content).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, model, async (headers) => {
        const completion = await make(server, headers).chat.completions.create(ask);
        return completion.choices[0]!.message.content ?? '';
      });
    },
  };
}

const responsesTool = {
  type: 'function' as const,
  name: weather.name,
  description: weather.description,
  parameters: weather.schema,
  strict: true,
};

/** The responses jobs, for a client made by `make`, asking `model`. */
function responsesCells(make: Make, model: string): Cells {
  const ask = { model, input: PROMPT };
  return {
    async plain(server) {
      const { scope, headers } = scoped(server, model, script.plain);
      const response = await make(server, headers).responses.create(ask);
      expect(response.output_text).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, model, script.stream);
      const stream = await make(server, headers).responses.create({ ...ask, stream: true });
      let text = '';
      for await (const event of stream) if (event.type === 'response.output_text.delta') text += event.delta;
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, model, script.tools);
      const client = make(server, headers);
      const first = await client.responses.create({ ...ask, tools: [responsesTool] });
      const call = first.output.find((item) => item.type === 'function_call');
      expect(call?.name).toBe('weather');
      const second = await client.responses.create({
        model,
        tools: [responsesTool],
        input: [
          { role: 'user', content: PROMPT },
          ...first.output.filter((item) => item.type === 'function_call'),
          {
            type: 'function_call_output',
            call_id: call!.call_id,
            output: JSON.stringify(weather.run(JSON.parse(call!.arguments) as { city: string })),
          },
        ],
      });
      expect(second.output_text).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      const response = await make(server, headers).responses.parse({
        ...ask,
        text: { format: zodTextFormat(triage, 'triage') },
      });
      expect(response.output_parsed).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, model, script.retry);
      const response = await make(server, headers).responses.create(ask);
      expect(response.output_text).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(
        server,
        model,
        async (headers) => (await make(server, headers).responses.create(ask)).output_text,
      );
    },
  };
}

describe('openai', () => {
  cells('OpenAI chat completions', chatCells(openai, 'gpt-4.1-mini'));
  cells('OpenAI responses', responsesCells(openai, 'gpt-4.1-mini'));
  cells('AzureOpenAI chat completions (deployment paths)', chatCells(azureDeployment, 'gpt-4o-prod'));
  cells('AzureOpenAI responses', responsesCells(azureDeployment, 'gpt-4o-prod'));
  cells('OpenAI on Azure v1 chat completions', chatCells(azureV1, 'gpt-4o-prod'));
  cells('OpenAI on Azure v1 responses', responsesCells(azureV1, 'gpt-4o-prod'));
});

import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { HumanMessage, ToolMessage, type AIMessage, type BaseMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
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

/** A LangChain chat model made with its defaults (its own retries included): only where it goes, its key, its headers. */
type Make = (server: FakeServer, headers: Record<string, string>) => BaseChatModel;

const chatOpenAI =
  (useResponsesApi: boolean): Make =>
  (server, headers) =>
    new ChatOpenAI({
      model: 'gpt-4.1-mini',
      apiKey: 'sk-test',
      useResponsesApi,
      configuration: { baseURL: `${server.url}/v1`, defaultHeaders: headers },
    });
const chatAnthropic: Make = (server, headers) =>
  new ChatAnthropic({
    model: 'claude-test-1',
    apiKey: 'sk-ant-test',
    clientOptions: { baseURL: server.url, defaultHeaders: headers },
  });

const weatherTool = tool((input: { city: string }) => JSON.stringify(weather.run(input)), {
  name: weather.name,
  description: weather.description,
  schema: weather.input,
});

/** The text of a message's content, whether a string or blocks. */
function textOf(message: BaseMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  return content.map((block) => ('text' in block && typeof block.text === 'string' ? block.text : '')).join('');
}

function langchainCells(make: Make, model: string): Cells {
  return {
    async plain(server) {
      const { scope, headers } = scoped(server, model, script.plain);
      expect(textOf(await make(server, headers).invoke(PROMPT))).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, model, script.stream);
      let text = '';
      for await (const chunk of await make(server, headers).stream(PROMPT)) text += textOf(chunk);
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, model, script.tools);
      const chat = make(server, headers).bindTools!([weatherTool]);
      const messages: BaseMessage[] = [new HumanMessage(PROMPT)];
      const asked = (await chat.invoke(messages)) as AIMessage;
      const call = asked.tool_calls![0]!;
      expect(call.name).toBe('weather');
      messages.push(
        asked,
        new ToolMessage({
          tool_call_id: call.id!,
          content: JSON.stringify(weather.run(call.args as { city: string })),
        }),
      );
      expect(textOf(await chat.invoke(messages))).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, model, script.structured);
      expect(await make(server, headers).withStructuredOutput(triage).invoke(PROMPT)).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, model, script.retry);
      expect(textOf(await make(server, headers).invoke(PROMPT))).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, model, async (headers) => textOf(await make(server, headers).invoke(PROMPT)));
    },
  };
}

describe('LangChain.js', () => {
  cells('ChatOpenAI (chat completions)', langchainCells(chatOpenAI(false), 'gpt-4.1-mini'));
  cells('ChatOpenAI (responses)', langchainCells(chatOpenAI(true), 'gpt-4.1-mini'));
  cells('ChatAnthropic', langchainCells(chatAnthropic, 'claude-test-1'));
});

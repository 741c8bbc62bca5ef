import Anthropic from '@anthropic-ai/sdk';
import { betaZodOutputFormat, betaZodTool } from '@anthropic-ai/sdk/helpers/beta/zod';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
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
} from './matrix.js';

const { cells } = matrix();
const MODEL = 'claude-test-1';

/** The official client with its defaults: only where it goes, its key and its default headers. */
const anthropic = (server: FakeServer, headers: Record<string, string>): Anthropic =>
  new Anthropic({ baseURL: server.url, apiKey: 'sk-ant-test', defaultHeaders: headers });

const ask = { model: MODEL, max_tokens: 256, messages: [{ role: 'user' as const, content: PROMPT }] };
const tool = { name: weather.name, description: weather.description, input_schema: weather.schema };
const runnable = betaZodTool({
  name: weather.name,
  description: weather.description,
  inputSchema: weather.input,
  run: (input) => JSON.stringify(weather.run(input)),
});

/** The text blocks of a message, joined. */
const textOf = (message: { content: readonly { type: string; text?: string }[] }): string =>
  message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');

describe('@anthropic-ai/sdk', () => {
  cells('Anthropic messages', {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      expect(textOf(await anthropic(server, headers).messages.create(ask))).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      const stream = anthropic(server, headers).messages.stream(ask);
      let text = '';
      stream.on('text', (delta) => (text += delta));
      await stream.finalMessage();
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const client = anthropic(server, headers);
      const first = await client.messages.create({ ...ask, tools: [tool] });
      const use = first.content.find((block) => block.type === 'tool_use');
      expect(first.stop_reason).toBe('tool_use');
      const second = await client.messages.create({
        ...ask,
        tools: [tool],
        messages: [
          ...ask.messages,
          { role: 'assistant', content: first.content },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: use!.id,
                content: JSON.stringify(weather.run(use!.input as { city: string })),
              },
            ],
          },
        ],
      });
      expect(textOf(second)).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const message = await anthropic(server, headers).messages.parse({
        ...ask,
        output_config: { format: zodOutputFormat(triage) },
      });
      expect(message.parsed_output).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      expect(textOf(await anthropic(server, headers).messages.create(ask))).toBe(expected.retry);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, MODEL, async (headers) => textOf(await anthropic(server, headers).messages.create(ask)));
    },
    async 'structured (beta output_format)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const message = await anthropic(server, headers).beta.messages.parse({
        ...ask,
        output_format: betaZodOutputFormat(triage),
      });
      expect(message.parsed_output).toEqual(expected.structured);
      await server.verify(scope);
    },
    async toolRunner(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const final = await anthropic(server, headers).beta.messages.toolRunner({ ...ask, tools: [runnable] });
      expect(textOf(final)).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async 'toolRunner (stream)'(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const runner = anthropic(server, headers).beta.messages.toolRunner({ ...ask, tools: [runnable], stream: true });
      let text = '';
      for await (const stream of runner)
        for await (const event of stream)
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      expect(text).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
  });
});

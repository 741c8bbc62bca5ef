import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  type ContentBlock,
  type Message,
} from '@aws-sdk/client-bedrock-runtime';
import type { DocumentType } from '@smithy/types';
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
const MODEL = 'anthropic.claude-sonnet-4-5-v1:0';
const credentials = { accessKeyId: 'AKIASTANDINTEST00001', secretAccessKey: 'standin/test/secret/key/0123456789' };

/**
 * The official client with its defaults (its own request handler, which speaks HTTP/2, and its own retries): only
 * where it goes, its region and credentials, and the scope header, which an AWS SDK client sends through a
 * middleware, as it sends any header of its own.
 */
function bedrock(server: FakeServer, headers: Record<string, string>): BedrockRuntimeClient {
  const client = new BedrockRuntimeClient({ endpoint: server.url, region: 'us-east-1', credentials });
  client.middlewareStack.add(
    (next) => (args) => {
      Object.assign((args.request as { headers: Record<string, string> }).headers, headers);
      return next(args);
    },
    { step: 'build', name: 'standinScope' },
  );
  return client;
}

const ask = { modelId: MODEL, messages: [{ role: 'user' as const, content: [{ text: PROMPT }] }] };
const toolConfig = {
  tools: [
    {
      toolSpec: {
        name: weather.name,
        description: weather.description,
        inputSchema: { json: weather.schema as DocumentType },
      },
    },
  ],
};

/** The text blocks of a message, joined. */
const textOf = (content: readonly ContentBlock[] | undefined): string =>
  (content ?? []).map((block) => block.text ?? '').join('');

describe('@aws-sdk/client-bedrock-runtime', () => {
  cells('BedrockRuntimeClient Converse', {
    async plain(server) {
      const { scope, headers } = scoped(server, MODEL, script.plain);
      const answer = await bedrock(server, headers).send(new ConverseCommand(ask));
      expect(textOf(answer.output?.message?.content)).toBe(expected.plain);
      await server.verify(scope);
    },
    async stream(server) {
      const { scope, headers } = scoped(server, MODEL, script.stream);
      const answer = await bedrock(server, headers).send(new ConverseStreamCommand(ask));
      let text = '';
      for await (const event of answer.stream!) text += event.contentBlockDelta?.delta?.text ?? '';
      expect(text).toBe(expected.stream);
      await server.verify(scope);
    },
    async tools(server) {
      const { scope, headers } = scoped(server, MODEL, script.tools);
      const client = bedrock(server, headers);
      const first = await client.send(new ConverseCommand({ ...ask, toolConfig }));
      expect(first.stopReason).toBe('tool_use');
      const use = first.output!.message!.content!.find((block) => block.toolUse !== undefined)!.toolUse!;
      const messages: Message[] = [
        ...ask.messages,
        first.output!.message!,
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: use.toolUseId!,
                content: [{ json: weather.run(use.input as { city: string }) }],
              },
            },
          ],
        },
      ];
      const second = await client.send(new ConverseCommand({ ...ask, toolConfig, messages }));
      expect(textOf(second.output?.message?.content)).toBe(expected.tools);
      expectToolResult(server, scope);
      await server.verify(scope);
    },
    async structured(server) {
      const { scope, headers } = scoped(server, MODEL, script.structured);
      const answer = await bedrock(server, headers).send(
        new ConverseCommand({
          ...ask,
          outputConfig: {
            textFormat: {
              type: 'json_schema',
              structure: { jsonSchema: { name: 'triage', schema: JSON.stringify(triageSchema) } },
            },
          },
        }),
      );
      expect(JSON.parse(textOf(answer.output?.message?.content))).toEqual(expected.structured);
      await server.verify(scope);
    },
    async retry(server) {
      const { scope, headers } = scoped(server, MODEL, script.retry);
      const answer = await bedrock(server, headers).send(new ConverseCommand(ask));
      expect(textOf(answer.output?.message?.content)).toBe(expected.retry);
      expect(answer.$metadata.attempts).toBe(2);
      expectRetried(server, scope);
      await server.verify(scope);
    },
    async scopes(server) {
      await twoScopes(server, MODEL, async (headers) => {
        const answer = await bedrock(server, headers).send(new ConverseCommand(ask));
        return textOf(answer.output?.message?.content);
      });
    },
  });
});

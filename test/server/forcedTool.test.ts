import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { ChatAnthropic } from '@langchain/anthropic';
import { generateObject, streamText, Output } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeServer, type FakeServer } from 'standin/server';

const NOVA = 'amazon.nova-pro-v1:0';
const triage = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
const credentials = { accessKeyId: 'AKIASTANDINTEST00001', secretAccessKey: 'standin/test/secret/key/0123456789' };

let server: FakeServer;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

/** A Bedrock model with no structured output of its own, through @ai-sdk/amazon-bedrock with its defaults, in `scope`. */
const nova = (scope: string) =>
  createAmazonBedrock({
    baseURL: server.url,
    region: 'us-east-1',
    ...credentials,
    headers: { 'x-standin-scope': scope },
  })(NOVA);

describe('FakeServer', () => {
  describe('a request that forces a tool', () => {
    it("answers @ai-sdk/amazon-bedrock's generateObject, which forces its tool 'json', with the value as that call", async () => {
      server.fake(NOVA, [{ value: { team: 'billing', urgent: true } }], 'bedrock-whole');
      const { object } = await generateObject({
        model: nova('bedrock-whole'),
        schema: triage,
        prompt: 'Charged twice.',
      });
      expect(object).toEqual({ team: 'billing', urgent: true });
      // The forced `json` tool is how the AI SDK asks Bedrock for a typed value: `sent` shows it as one.
      const sent = server.sent.find((entry) => entry.scope === 'bedrock-whole')!.input as { output?: unknown };
      expect(sent.output).toMatchObject({ schema: { type: 'object', required: ['team', 'urgent'] } });
      await server.verify('bedrock-whole');
    });

    it("streams the value as the forced call's input, over ConverseStream", async () => {
      server.fake(NOVA, [{ value: { team: 'technical', urgent: false } }], 'bedrock-stream');
      const result = streamText({
        model: nova('bedrock-stream'),
        output: Output.object({ schema: triage }),
        prompt: 'The app crashes.',
      });
      expect(await result.output).toEqual({ team: 'technical', urgent: false });
      await server.verify('bedrock-stream');
    });

    it("refuses a value that does not fit the forced tool's input with T0008, at once", async () => {
      server.fake(NOVA, [{ value: { team: 'sales' } }], 'bedrock-unfit');
      await expect(
        generateObject({ model: nova('bedrock-unfit'), schema: triage, prompt: 'Charged twice.' }),
      ).rejects.toThrow(/T0008/);
      expect(server.sent.filter((entry) => entry.scope === 'bedrock-unfit')).toHaveLength(1);
    });

    it("answers LangChain's withStructuredOutput on Anthropic, which forces its tool, with the value as a tool_use", async () => {
      server.fake('claude-test-1', [{ value: { team: 'billing', urgent: true } }], 'anthropic');
      const chat = new ChatAnthropic({
        model: 'claude-test-1',
        apiKey: 'sk-ant-test',
        clientOptions: { baseURL: server.url, defaultHeaders: { 'x-standin-scope': 'anthropic' } },
      });
      expect(await chat.withStructuredOutput(triage).invoke('Charged twice.')).toEqual({
        team: 'billing',
        urgent: true,
      });
      await server.verify('anthropic');
    });

    it('still takes a { calls } answer naming the forced tool', async () => {
      server.fake('claude-test-1', [{ calls: [{ tool: 'pick', with: { team: 'billing' } }] }], 'calls');
      const response = await fetch(`${server.url}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-standin-scope': 'calls' },
        body: JSON.stringify({
          model: 'claude-test-1',
          max_tokens: 64,
          tool_choice: { type: 'tool', name: 'pick' },
          tools: [{ name: 'pick', input_schema: { type: 'object', properties: { team: { type: 'string' } } } }],
          messages: [{ role: 'user', content: 'Which team?' }],
        }),
      });
      const message = (await response.json()) as { content: unknown[]; stop_reason: string };
      expect(message.content).toEqual([
        { type: 'tool_use', id: expect.any(String), name: 'pick', input: { team: 'billing' } },
      ]);
      expect(message.stop_reason).toBe('tool_use');
    });
  });
});

import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import {
  BedrockRuntimeClient,
  ConverseCommand,
  ConverseStreamCommand,
  ThrottlingException,
  type ConverseStreamOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { generateObject, generateText, Output, stepCountIs, streamText, tool } from 'ai';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from 'standin';
import { createFakeServer, type FakeServer } from 'standin/server';
import { errorFixtures } from '../support/bedrockFixtures.js';

const MODEL = 'anthropic.claude-sonnet-4-5-v1:0';
const credentials = { accessKeyId: 'AKIASTANDINTEST00001', secretAccessKey: 'standin/test/secret/key/0123456789' };

let server: FakeServer;
let scopes = 0;
beforeAll(async () => {
  server = await createFakeServer();
});
afterAll(async () => {
  await server.close();
});

/** A fresh scope per test, with `model` scripted there; the scope header every request of the test sends. */
function scoped(answers: unknown[], model = MODEL): { scope: string; headers: Record<string, string> } {
  const scope = `bedrock-${++scopes}`;
  server.load({ models: { [model]: answers } }, scope);
  return { scope, headers: { 'x-standin-scope': scope } };
}

/**
 * The official client, pointed at the wire server, sending the scope header on every request, over HTTP/1.1 (its
 * own NodeHttpHandler in place of its HTTP/2 default, which test/clients/bedrock.test.ts runs).
 */
function client(scope: string, maxAttempts = 3): BedrockRuntimeClient {
  const made = new BedrockRuntimeClient({
    endpoint: server.url,
    region: 'us-east-1',
    credentials,
    maxAttempts,
    requestHandler: new NodeHttpHandler(),
  });
  made.middlewareStack.add(
    (next) => (args) => {
      (args.request as { headers: Record<string, string> }).headers['x-standin-scope'] = scope;
      return next(args);
    },
    { step: 'build', name: 'standinScope' },
  );
  return made;
}

const toolConfig = {
  tools: [
    {
      toolSpec: {
        name: 'weather',
        description: 'The weather in a city',
        inputSchema: { json: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      },
    },
  ],
};

const ask = { modelId: MODEL, messages: [{ role: 'user' as const, content: [{ text: 'Hi' }] }] };

describe('the Bedrock endpoints', () => {
  describe('with @aws-sdk/client-bedrock-runtime', () => {
    it('ConverseCommand gets the text, the stop reason and the usage', async () => {
      const { scope } = scoped([{ text: 'Hello from Bedrock.', units: { tokensIn: 7, tokensOut: 4 } }]);
      const answer = await client(scope).send(new ConverseCommand(ask));
      expect(answer.output?.message?.content).toEqual([{ text: 'Hello from Bedrock.' }]);
      expect(answer.stopReason).toBe('end_turn');
      expect(answer.usage).toMatchObject({ inputTokens: 7, outputTokens: 4, totalTokens: 11 });
      await server.verify(scope);
    });

    it('ConverseCommand sends tools and a tool result, and gets a toolUse', async () => {
      const { scope } = scoped([
        { calls: [{ tool: 'weather', with: { city: 'Paris' } }] },
        { when: { toolResult: 'sunny' }, text: 'It is sunny in Paris.' },
      ]);
      const bedrock = client(scope);
      const first = await bedrock.send(new ConverseCommand({ ...ask, toolConfig }));
      expect(first.stopReason).toBe('tool_use');
      const use = first.output!.message!.content!.find((block) => block.toolUse !== undefined)!.toolUse!;
      expect(use).toMatchObject({ name: 'weather', input: { city: 'Paris' } });
      const second = await bedrock.send(
        new ConverseCommand({
          ...ask,
          toolConfig,
          messages: [
            ...ask.messages,
            first.output!.message!,
            {
              role: 'user',
              content: [{ toolResult: { toolUseId: use.toolUseId!, content: [{ json: { sky: 'sunny' } }] } }],
            },
          ],
        }),
      );
      expect(second.output?.message?.content).toEqual([{ text: 'It is sunny in Paris.' }]);
      const sent = server.sent.filter((entry) => entry.scope === scope);
      expect(sent[1]!.input).toMatchObject({ messages: [{}, { role: 'assistant' }, { role: 'tool' }] });
      expect(JSON.stringify(sent)).not.toContain(credentials.accessKeyId);
      expect(JSON.stringify(sent)).not.toContain('AWS4-HMAC-SHA256');
      await server.verify(scope);
    });

    it('ConverseStreamCommand streams the text, the stop reason and the usage as the event stream', async () => {
      const { scope } = scoped([{ text: 'Hello from the stream.', units: { tokensIn: 3, tokensOut: 5 } }]);
      const answer = await client(scope).send(new ConverseStreamCommand(ask));
      const events: ConverseStreamOutput[] = [];
      for await (const event of answer.stream!) events.push(event);
      expect(
        events.flatMap((event) =>
          event.contentBlockDelta?.delta?.text === undefined ? [] : [event.contentBlockDelta.delta.text],
        ),
      ).toEqual(['Hello from the stream.']);
      expect(events.find((event) => event.messageStop)?.messageStop?.stopReason).toBe('end_turn');
      expect(events.find((event) => event.metadata)?.metadata?.usage).toMatchObject({
        inputTokens: 3,
        outputTokens: 5,
      });
      await server.verify(scope);
    });

    it('ConverseStreamCommand streams a tool use: its start, its input, its stop', async () => {
      const { scope } = scoped([{ calls: [{ tool: 'weather', with: { city: 'Oslo' } }] }]);
      const answer = await client(scope).send(new ConverseStreamCommand({ ...ask, toolConfig }));
      const events: ConverseStreamOutput[] = [];
      for await (const event of answer.stream!) events.push(event);
      expect(events.find((event) => event.contentBlockStart)?.contentBlockStart?.start?.toolUse?.name).toBe('weather');
      const input = events.flatMap((event) => event.contentBlockDelta?.delta?.toolUse?.input ?? []).join('');
      expect(JSON.parse(input)).toEqual({ city: 'Oslo' });
      expect(events.find((event) => event.messageStop)?.messageStop?.stopReason).toBe('tool_use');
    });

    it('retries a scripted throttling, keyed by its invocation id, and then succeeds', async () => {
      const { scope } = scoped([{ fail: 'rate_limit', retryAfterMs: 1, times: 1, text: 'ok after a throttle' }]);
      const answer = await client(scope).send(new ConverseCommand(ask));
      expect(answer.output?.message?.content).toEqual([{ text: 'ok after a throttle' }]);
      expect(answer.$metadata.attempts).toBe(2);
      await server.verify(scope);
    });

    it('gives a ThrottlingException when every attempt is throttled', async () => {
      const { scope } = scoped([{ fail: 'rate_limit', retryAfterMs: 1 }]);
      const error = await client(scope, 1)
        .send(new ConverseStreamCommand(ask))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ThrottlingException);
      expect((error as ThrottlingException).$metadata.httpStatusCode).toBe(429);
    });

    it('breaks off a stream that fails mid-way with an exception message the client throws', async () => {
      const { scope } = scoped([{ text: 'Half an answer', fail: 'rate_limit', failAfter: 1 }]);
      const answer = await client(scope).send(new ConverseStreamCommand(ask));
      const texts: string[] = [];
      const error = await (async () => {
        for await (const event of answer.stream!)
          if (event.contentBlockDelta?.delta?.text) texts.push(event.contentBlockDelta.delta.text);
      })().catch((e: unknown) => e);
      expect(texts).toEqual(['Half an answer']);
      expect(error).toBeInstanceOf(ThrottlingException);
    });

    it('answers a model no script serves with a 404 ResourceNotFoundException', async () => {
      const response = await fetch(`${server.url}/model/no-such-model/converse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'AWS4-HMAC-SHA256 Credential=AKIA/x' },
        body: JSON.stringify({ messages: ask.messages }),
      });
      expect(response.status).toBe(404);
      expect(response.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
      expect(((await response.json()) as { message: string }).message).toContain('no-such-model');
    });

    it('reads an image block as the image it carries, for the engine', async () => {
      const { scope } = scoped([{ text: 'A red pixel.' }]);
      const image = { image: { format: 'png' as const, source: { bytes: new Uint8Array([1, 2, 3]) } } };
      const answer = await client(scope).send(
        new ConverseCommand({ ...ask, messages: [{ role: 'user', content: [{ text: 'What is it?' }, image] }] }),
      );
      expect(answer.output?.message?.content).toEqual([{ text: 'A red pixel.' }]);
      const sent = server.sent.find((entry) => entry.scope === scope)!;
      expect(sent.input).toMatchObject({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is it?' },
              { type: 'image', mediaType: 'image/png', bytes: new Uint8Array([1, 2, 3]) },
            ],
          },
        ],
      });
    });

    /** A Converse body, as it goes over the wire (the model in the path). */
    const converse = { messages: ask.messages };
    /** Posts a Converse body to the scripted model, in a fresh scope. */
    const post = (body: unknown): Promise<Response> => {
      const { headers } = scoped([{ text: 'unused' }]);
      return fetch(`${server.url}/model/${MODEL}/converse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    };

    it.each([
      [
        'a maxTokens below 1',
        { ...converse, inferenceConfig: { maxTokens: -1 } },
        "W0002: 1 validation error detected: Value '-1' at 'inferenceConfig.maxTokens' failed to satisfy constraint: " +
          'Member must have value greater than or equal to 1',
      ],
      [
        'a temperature above 1',
        { ...converse, inferenceConfig: { temperature: 2 } },
        "W0002: 1 validation error detected: Value '2.0' at 'inferenceConfig.temperature' failed to satisfy " +
          'constraint: Member must have value less than or equal to 1',
      ],
      [
        'no messages',
        { system: [{ text: 'Be brief.' }] },
        "W0002: 1 validation error detected: Value null at 'messages' failed to satisfy constraint: Member must not " +
          'be null',
      ],
      [
        'a role Converse does not have',
        { messages: [{ role: 'system', content: [{ text: 'Hi' }] }] },
        "W0002: 1 validation error detected: Value 'system' at 'messages.1.member.role' failed to satisfy " +
          'constraint: Member must satisfy enum value set: [user, assistant]',
      ],
      [
        'a tool whose name breaks the pattern',
        { ...converse, toolConfig: { tools: [{ toolSpec: { name: 'get weather', inputSchema: { json: {} } } }] } },
        "W0002: 1 validation error detected: Value 'get weather' at 'toolConfig.tools.1.member.toolSpec.name' " +
          'failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+',
      ],
      [
        'a first message from the assistant',
        { messages: [{ role: 'assistant', content: [{ text: 'Hi' }] }] },
        'W0002: A conversation must start with a user message. Try again with a conversation that starts with a ' +
          'user message.',
      ],
      [
        'two user turns in a row',
        { messages: [...converse.messages, ...converse.messages] },
        'W0002: A conversation must alternate between user and assistant roles. Make sure the conversation ' +
          'alternates between user and assistant roles and try again.',
      ],
      [
        'a field Converse does not take',
        { ...converse, temperature: 0.5 },
        'W0004: Malformed input request: extraneous key [temperature] is not permitted, please reformat your input ' +
          'and try again.',
      ],
    ])('refuses %s with a 400 ValidationException in AWS’s words', async (_, body, message) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(response.headers.get('x-amzn-errortype')).toBe('ValidationException');
      expect(response.headers.get('x-should-retry')).toBe('false');
      expect(await response.json()).toEqual({ message });
    });

    it('refuses a block it cannot hand the engine (a video) with W0004, naming it', async () => {
      const video = { video: { format: 'mp4', source: { bytes: 'AAAA' } } };
      const response = await post({ messages: [{ role: 'user', content: [video] }] });
      expect(response.status).toBe(400);
      expect(response.headers.get('x-amzn-errortype')).toBe('ValidationException');
      expect(((await response.json()) as { message: string }).message).toMatch(
        /^W0004: messages\.0\.content\.0 is a 'video' block/,
      );
    });

    it('answers each scripted failure with the status, shape and body of Bedrock’s error of that shape', async () => {
      const fixtures = errorFixtures();
      for (const kind of ['rate_limit', 'server', 'timeout', 'auth', 'bad_request', 'unknown'] as const) {
        const { headers } = scoped([{ fail: kind }]);
        const response = await fetch(`${server.url}/model/${MODEL}/converse`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(converse),
        });
        const shape = response.headers.get('x-amzn-errortype');
        const fixture = fixtures.find((found) => found.name === shape);
        expect(fixture, `${kind}: ${shape}`).toBeDefined();
        expect(response.status, kind).toBe(fixture!.status);
        expect(response.headers.get('x-amzn-requestid'), kind).toMatch(/^req_/);
        expect(Object.keys((await response.json()) as object)).toEqual(Object.keys(fixture!.body));
      }
    });

    it('accepts a model id that is a URL-encoded ARN', async () => {
      const arn = 'arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude';
      const scope = `bedrock-${++scopes}`;
      server.load({ models: { [arn]: [{ text: 'from the profile' }] } }, scope);
      const answer = await client(scope).send(new ConverseCommand({ ...ask, modelId: arn }));
      expect(answer.output?.message?.content).toEqual([{ text: 'from the profile' }]);
    });
  });

  describe("with standin's own bedrock adapter", () => {
    it('replies streamed and whole, signed, through the engine', async () => {
      const { scope, headers } = scoped([{ text: 'streamed' }, { text: 'whole' }]);
      // The AWS SDK marks the credentials it was handed ($source): the adapter gets the keys alone.
      const { accessKeyId, secretAccessKey } = credentials;
      const settings = { baseURL: server.url, region: 'us-east-1', accessKeyId, secretAccessKey, headers };
      for (const [stream, text] of [
        [true, 'streamed'],
        [false, 'whole'],
      ] as const) {
        const app = createApp({
          models: { writer: { provider: 'bedrock', model: MODEL } },
          providers: { bedrock: { ...settings, stream } },
        });
        expect((await app.reply('writer', { messages: 'Hi' })).text).toBe(text);
      }
      await server.verify(scope);
    });
  });

  describe('with @ai-sdk/amazon-bedrock', () => {
    const model = (headers: Record<string, string>) =>
      createAmazonBedrock({ baseURL: server.url, region: 'us-east-1', ...credentials, headers })(MODEL);

    it('generateText drives a two-step tool conversation', async () => {
      const { scope, headers } = scoped([
        { calls: [{ tool: 'getWeather', with: { city: 'Paris' } }] },
        { text: 'It is sunny in Paris.' },
      ]);
      const getWeather = tool({
        description: 'The weather in a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, sky: 'sunny' }),
      });
      const result = await generateText({
        model: model(headers),
        tools: { getWeather },
        stopWhen: stepCountIs(3),
        prompt: 'Weather in Paris?',
        maxRetries: 0,
      });
      expect(result.text).toBe('It is sunny in Paris.');
      expect(result.steps[0]!.toolCalls[0]).toMatchObject({ toolName: 'getWeather', input: { city: 'Paris' } });
      await server.verify(scope);
    });

    it('streamText streams the text', async () => {
      const { scope, headers } = scoped([{ text: 'Streamed through the AI SDK.' }]);
      const result = streamText({ model: model(headers), prompt: 'Hi', maxRetries: 0 });
      expect(await result.text).toBe('Streamed through the AI SDK.');
      expect(await result.finishReason).toBe('stop');
      await server.verify(scope);
    });

    it('generateText gets a typed value', async () => {
      const { scope, headers } = scoped([{ value: { team: 'billing', urgent: true } }]);
      const result = await generateText({
        model: model(headers),
        output: Output.object({ schema: z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() }) }),
        prompt: 'Triage: charged twice',
        maxRetries: 0,
      });
      expect(result.output).toEqual({ team: 'billing', urgent: true });
      await server.verify(scope);
    });

    it('generateObject gets the object through the forced json tool, whole and streamed', async () => {
      const nova = 'amazon.nova-pro-v1:0';
      const { scope, headers } = scoped(
        [{ value: { team: 'billing', urgent: true } }, { value: { team: 'technical', urgent: false } }],
        nova,
      );
      const bedrock = createAmazonBedrock({ baseURL: server.url, region: 'us-east-1', ...credentials, headers })(nova);
      const schema = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
      const whole = await generateObject({ model: bedrock, schema, prompt: 'Triage: charged twice', maxRetries: 0 });
      expect(whole.object).toEqual({ team: 'billing', urgent: true });
      const streamed = streamText({
        model: bedrock,
        output: Output.object({ schema }),
        prompt: 'Triage: it crashes',
        maxRetries: 0,
      });
      expect(await streamed.output).toEqual({ team: 'technical', urgent: false });
      const sent = server.sent.filter((entry) => entry.scope === scope);
      expect(sent.map((entry) => entry.input)).toEqual([
        expect.objectContaining({ output: expect.anything() }),
        expect.objectContaining({ output: expect.anything() }),
      ]);
      expect(sent.some((entry) => 'tools' in (entry.input as object))).toBe(false);
      await server.verify(scope);
    });

    it('retries a scripted throttling and then succeeds, streamed and not', async () => {
      const { scope, headers } = scoped([{ fail: 'rate_limit', retryAfterMs: 1 }, { text: 'whole' }]);
      expect((await generateText({ model: model(headers), prompt: 'Hi', maxRetries: 2 })).text).toBe('whole');
      server.load({ models: { [MODEL]: [{ fail: 'rate_limit', retryAfterMs: 1 }, { text: 'streamed' }] } }, scope);
      expect(await streamText({ model: model(headers), prompt: 'Hi', maxRetries: 2 }).text).toBe('streamed');
      await server.verify(scope);
    });
  });
});

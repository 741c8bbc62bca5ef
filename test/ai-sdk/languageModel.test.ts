import { createHash } from 'node:crypto';
import {
  APICallError,
  embed,
  generateSpeech,
  transcribe,
  generateText,
  Output,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { embeddingModel, fromAiSdk, languageModel, speechModel, transcriptionModel } from '../../src/ai-sdk.js';
import { ContainerModule } from 'inversify';
import { StandinError, Tokens, tool as standinTool } from '../../src/index.js';
import { createTestApp, embedByHash, type SentCall, type SentReplyRequest } from '../../src/testing.js';

const config = {
  models: {
    writer: { provider: 'anthropic', model: 'claude-test', fallback: ['backup'] },
    backup: { provider: 'openai', model: 'gpt-test' },
    solo: { provider: 'openai', model: 'gpt-test' },
  },
};

/** The request of the `index`th call a fake was sent, which must be a reply. */
function replyAt(sent: readonly SentCall[], index: number): SentReplyRequest {
  const call = sent[index];
  if (call?.call !== 'reply') throw new Error(`sent[${index}] is not a reply`);
  return call.input;
}

const scopes = (count: number): string[] => Array.from({ length: count }, (_, i) => `test-${i}`);

describe('languageModel', () => {
  describe('with generateText', () => {
    it("answers each scope's calls from the start of the fake's answers, and records what the AI SDK sent", async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'Hello!', units: { tokensIn: 7, tokensOut: 2 } }]);
      const results = await Promise.all(
        scopes(20).map((id) =>
          app.scope(id, () =>
            generateText({ model: languageModel(app, 'writer'), system: 'Be brief.', prompt: `Say hello to ${id}.` }),
          ),
        ),
      );
      for (const result of results) {
        expect(result.text).toBe('Hello!');
        expect(result.finishReason).toBe('stop');
        expect(result.usage).toMatchObject({ inputTokens: 7, outputTokens: 2 });
      }
      expect(writer.sent).toHaveLength(20);
      expect(writer.sent[0]).toMatchObject({
        call: 'reply',
        input: {
          instructions: 'Be brief.',
          messages: [{ role: 'user', content: expect.stringMatching(/^Say hello to test-\d+\.$/) }],
        },
      });
      await writer.verify();
    });

    it('gives the reasoning and the text of an answer', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ reasoning: ['First, greet.'], text: 'Hi.' }]);
      const result = await generateText({ model: languageModel(app, 'writer'), prompt: 'Greet me.' });
      expect(result.reasoningText).toBe('First, greet.');
      expect(result.text).toBe('Hi.');
    });

    it('sends the call settings, and the AI SDK options standin has no place for come back as warnings', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'Red.' }]);
      const result = await generateText({
        model: languageModel(app, 'writer'),
        prompt: 'Name a colour.',
        temperature: 0,
        topP: 0.5,
        maxOutputTokens: 20,
        stopSequences: ['\n'],
        seed: 7,
        topK: 3,
        providerOptions: { anthropic: { thinking: { type: 'disabled' } } },
      });
      expect(replyAt(writer.sent, 0)).toMatchObject({
        settings: {
          temperature: 0,
          topP: 0.5,
          maxOutputTokens: 20,
          stopSequences: ['\n'],
          seed: 7,
          providerOptions: { anthropic: { thinking: { type: 'disabled' } } },
        },
      });
      expect(result.warnings).toContainEqual(expect.objectContaining({ type: 'unsupported', feature: 'topK' }));
    });

    it('takes the request id from providerOptions.standin: the same id is the same step, answered the same', async () => {
      const app = createTestApp(config);
      app.fake('solo', [{ text: 'First.' }, { text: 'Second.' }]);
      const model = languageModel(app, 'solo');
      const providerOptions = { standin: { requestId: 'step-1' }, openai: { user: 'u-1' } };
      const first = await generateText({ model, prompt: 'Hi', providerOptions });
      const again = await generateText({ model, prompt: 'Hi', providerOptions });
      expect([first.text, again.text]).toEqual(['First.', 'First.']);
      expect(first.response.id).toBe('step-1');
      expect((await generateText({ model, prompt: 'Hi' })).text).toBe('Second.');
    });

    it('rejects providerOptions.standin holding anything but a non-empty requestId with E0003', async () => {
      const app = createTestApp(config);
      app.fake('solo', [{ text: 'Hi.' }]);
      const model = languageModel(app, 'solo');
      const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
      for (const standin of [
        { requestId: '' },
        { requestId: 5 },
        { requestId: 'a', colour: 'red' },
        'step-1',
        null,
        ['a'],
      ]) {
        await expect(
          model.doGenerate({ prompt, providerOptions: { standin: standin as never } }),
        ).rejects.toMatchObject({
          code: 'E0003',
          message: expect.stringContaining('providerOptions.standin: takes only { requestId?: a non-empty string }'),
        });
      }
      await expect(model.doGenerate({ prompt, providerOptions: { standin: {} } })).resolves.toMatchObject({
        content: [{ type: 'text', text: 'Hi.' }],
      });
    });

    it('hands images and files on as parts, recording bytes as their length and SHA-256', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'A red pixel.' }]);
      const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
      await generateText({
        model: languageModel(app, 'writer'),
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'file', data: png, mediaType: 'image/png' },
              { type: 'file', data: new URL('https://example.com/cat.png'), mediaType: 'image' },
              {
                type: 'file',
                data: new Uint8Array([37, 80, 68, 70]),
                mediaType: 'application/pdf',
                filename: 'guide.pdf',
              },
            ],
          },
        ],
      });
      expect(replyAt(writer.sent, 0).messages[0]).toEqual({
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          {
            type: 'image',
            bytes: { length: 11, sha256: createHash('sha256').update(png).digest('hex') },
            mediaType: 'image/png',
          },
          { type: 'image', url: 'https://example.com/cat.png' },
          {
            type: 'file',
            bytes: { length: 4, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
            mediaType: 'application/pdf',
            name: 'guide.pdf',
          },
        ],
      });
    });
  });

  describe('with streamText', () => {
    it('streams the text as it arrives, in parallel scopes', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'Open Settings, then Password.' }]);
      const texts = await Promise.all(
        scopes(10).map((id) =>
          app.scope(id, async () => {
            const result = streamText({ model: languageModel(app, 'writer'), prompt: 'How do I reset my password?' });
            let text = '';
            for await (const piece of result.textStream) text += piece;
            return { text, finish: await result.finishReason };
          }),
        ),
      );
      expect(texts).toEqual(
        Array.from({ length: 10 }, () => ({ text: 'Open Settings, then Password.', finish: 'stop' })),
      );
      await writer.verify();
    });
  });

  describe('with Output.object', () => {
    it("gives the fake's typed value as the structured output, checked against the AI SDK's schema", async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ value: { team: 'billing', urgent: true } }]);
      const schema = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });
      const [generated, streamed] = await Promise.all([
        app.scope('generate', () =>
          generateText({
            model: languageModel(app, 'writer'),
            output: Output.object({ schema }),
            prompt: 'Triage: charged twice.',
          }),
        ),
        app.scope('stream', async () => {
          const result = streamText({
            model: languageModel(app, 'writer'),
            output: Output.object({ schema }),
            prompt: 'Triage: charged twice.',
          });
          return result.output;
        }),
      ]);
      expect(generated.output).toEqual({ team: 'billing', urgent: true });
      expect(streamed).toEqual({ team: 'billing', urgent: true });
      expect(replyAt(writer.sent, 0).output?.schema).toMatchObject({
        type: 'object',
        properties: { team: { enum: ['billing', 'technical'] } },
      });
    });

    it('a faked typed value that does not fit the schema fails the call with T0008', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ value: { team: 'sales' } }]);
      const schema = z.object({ team: z.enum(['billing', 'technical']) });
      await expect(
        generateText({ model: languageModel(app, 'writer'), output: Output.object({ schema }), prompt: 'Triage.' }),
      ).rejects.toMatchObject({ code: 'T0008' });
    });
  });

  describe('in a multi-step tool loop', () => {
    it('asks for the tool, the AI SDK runs it, and the next step sees its result — in parallel scopes', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [
        { calls: [{ tool: 'weather', with: { city: 'Oslo' } }] },
        { text: 'It is sunny in Oslo.' },
      ]);
      const ran: string[] = [];
      const weather = tool({
        description: 'The weather in a city',
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => {
          ran.push(city);
          return { city, sky: 'sunny' };
        },
      });
      const results = await Promise.all(
        scopes(8).map((id) =>
          app.scope(id, () =>
            generateText({
              model: languageModel(app, 'writer'),
              tools: { weather },
              stopWhen: stepCountIs(3),
              prompt: 'Weather in Oslo?',
            }),
          ),
        ),
      );
      for (const result of results) {
        expect(result.text).toBe('It is sunny in Oslo.');
        expect(result.steps).toHaveLength(2);
        expect(result.steps[0]?.finishReason).toBe('tool-calls');
      }
      expect(ran).toEqual(Array.from({ length: 8 }, () => 'Oslo'));
      const second = writer.sent.map((_, i) => replyAt(writer.sent, i)).find((input) => input.messages.length === 3);
      expect(second?.messages.slice(1)).toEqual([
        { role: 'assistant', calls: [{ id: expect.any(String), tool: 'weather', with: { city: 'Oslo' } }] },
        {
          role: 'tool',
          results: [{ id: expect.any(String), tool: 'weather', output: { city: 'Oslo', sky: 'sunny' } }],
        },
      ]);
      expect(second?.tools).toEqual([
        { name: 'weather', description: 'The weather in a city', input: expect.objectContaining({ type: 'object' }) },
      ]);
      await writer.verify();
    });

    for (const streamed of [false, true]) {
      it(`hands the reasoning's continuation back in the next step, ${streamed ? 'streamed' : 'whole'}`, async () => {
        const app = createTestApp(config);
        const writer = app.fake('writer', [
          {
            reasoning: [{ text: 'Weather first.', signature: 'sig-1' }],
            calls: [{ tool: 'weather', with: { city: 'Oslo' }, signature: 'sig-call' }],
          },
          { text: 'It is sunny in Oslo.' },
        ]);
        const weather = tool({
          inputSchema: z.object({ city: z.string() }),
          execute: async ({ city }) => ({ city, sky: 'sunny' }),
        });
        const options = {
          model: languageModel(app, 'writer'),
          tools: { weather },
          stopWhen: stepCountIs(3),
          prompt: 'Weather in Oslo?',
        };
        const text = streamed ? await streamText(options).text : (await generateText(options)).text;
        expect(text).toBe('It is sunny in Oslo.');
        expect(replyAt(writer.sent, 1).messages[1]).toEqual({
          role: 'assistant',
          reasoning: [{ text: 'Weather first.', signature: 'sig-1' }],
          calls: [{ id: expect.any(String), tool: 'weather', with: { city: 'Oslo' }, signature: 'sig-call' }],
        });
      });
    }
  });

  describe('in a multi-step run with call settings', () => {
    it("records the AI SDK's settings in sent for every step of its tool loop", async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ calls: [{ tool: 'weather', with: { city: 'Oslo' } }] }, { text: 'Sunny.' }]);
      const weather = tool({
        inputSchema: z.object({ city: z.string() }),
        execute: async ({ city }) => ({ city, sky: 'sunny' }),
      });
      const result = await generateText({
        model: languageModel(app, 'writer'),
        tools: { weather },
        stopWhen: stepCountIs(3),
        prompt: 'Weather in Oslo?',
        temperature: 0.2,
        topP: 0.9,
        maxOutputTokens: 64,
        stopSequences: ['END'],
        seed: 3,
        toolChoice: 'auto',
        providerOptions: { anthropic: { metadata: { user_id: 'u-1' } } },
      });
      expect(result.text).toBe('Sunny.');
      const expected = {
        temperature: 0.2,
        topP: 0.9,
        maxOutputTokens: 64,
        stopSequences: ['END'],
        seed: 3,
        toolChoice: 'auto',
        providerOptions: { anthropic: { metadata: { user_id: 'u-1' } } },
      };
      expect(writer.sent.map((_, i) => replyAt(writer.sent, i).settings)).toEqual([expected, expected]);
    });

    it("gives a standin agent's settings to an AI SDK app's model, through fromAiSdk over languageModel", async () => {
      const inner = createTestApp(config);
      const writer = inner.fake('solo', [{ calls: [{ tool: 'weather', with: { city: 'Oslo' } }] }, { text: 'Sunny.' }]);
      const outer = createTestApp(
        { models: { writer: { provider: 'sdk', model: 'solo' } } },
        new ContainerModule(({ bind }) => {
          bind(Tokens.Provider)
            .toConstantValue(fromAiSdk(languageModel(inner, 'solo'), { real: false }))
            .whenNamed('sdk');
        }),
      );
      const weather = standinTool({
        input: z.object({ city: z.string() }),
        run: ({ city }) => ({ city, sky: 'sunny' }),
      });
      const settings = {
        temperature: 0.1,
        topP: 0.5,
        maxOutputTokens: 30,
        stopSequences: ['END'],
        seed: 11,
        toolChoice: { tool: 'weather' },
        providerOptions: { openai: { user: 'u-2' } },
      } as const;
      const run = await outer.run({ model: 'writer', tools: { weather }, settings }, 'Weather in Oslo?');
      expect(run.text).toBe('Sunny.');
      expect(writer.sent.map((_, i) => replyAt(writer.sent, i).settings)).toEqual([settings, settings]);
    });
  });

  describe('verify and T0013', () => {
    it('verify() names the answers an AI SDK app never asked for', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'One.' }, { text: 'Two.' }]);
      await generateText({ model: languageModel(app, 'writer'), prompt: 'Count.' });
      await expect(writer.verify()).rejects.toMatchObject({ code: 'T0014', message: expect.stringContaining('[1]') });
    });

    it('a call past the last answer reaches the AI SDK app as T0013, once, without the AI SDK retrying', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'Only one.' }]);
      const model = languageModel(app, 'writer');
      await generateText({ model, prompt: 'First.' });
      const error = await generateText({ model, prompt: 'Second.' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StandinError);
      expect(error).toMatchObject({ code: 'T0013' });
      expect(writer.sent).toHaveLength(2);
    });

    it('streamText hands T0013 to its onError and ends the stream', async () => {
      const app = createTestApp(config);
      app.fake('writer', []);
      const errors: unknown[] = [];
      const result = streamText({
        model: languageModel(app, 'writer'),
        prompt: 'Hi.',
        onError: ({ error }) => void errors.push(error),
      });
      for await (const piece of result.textStream) expect(piece).toBe('never');
      expect(errors).toEqual([expect.objectContaining({ code: 'T0013' })]);
    });
  });

  describe('failures', () => {
    it('retries a scripted 429 on the app clock, then falls back, with no real sleep', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ fail: 'rate_limit' }]);
      const backup = app.fake('backup', [{ text: 'From the backup.' }]);
      const result = await generateText({ model: languageModel(app, 'writer'), prompt: 'Hi.' });
      expect(result.text).toBe('From the backup.');
      expect(writer.sent).toHaveLength(3);
      expect(backup.sent).toHaveLength(1);
      expect(app.clock.slept).toHaveLength(2);
    });

    it('a failure that survives retries and fallback reaches the AI SDK as one non-retryable APICallError', async () => {
      const app = createTestApp(config);
      const solo = app.fake('solo', [{ fail: 'rate_limit' }]);
      const error = await generateText({ model: languageModel(app, 'solo'), prompt: 'Hi.', maxRetries: 5 }).catch(
        (caught: unknown) => caught,
      );
      expect(APICallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        statusCode: 429,
        isRetryable: false,
        message: expect.stringContaining("Model 'solo' failed"),
      });
      expect((error as APICallError).cause).toMatchObject({ code: 'E0005', kind: 'rate_limit' });
      // standin's 3 attempts, and not one more from the AI SDK's 5 retries.
      expect(solo.sent).toHaveLength(3);
      expect(app.clock.slept).toHaveLength(2);
    });

    it('a failure after the stream began reaches streamText as an error part', async () => {
      const app = createTestApp(config);
      app.fake('solo', [{ fail: 'server' }]);
      const errors: unknown[] = [];
      const result = streamText({
        model: languageModel(app, 'solo'),
        prompt: 'Hi.',
        onError: ({ error }) => void errors.push(error),
      });
      await result.consumeStream();
      expect(errors).toHaveLength(1);
      expect(APICallError.isInstance(errors[0])).toBe(true);
      expect(errors[0]).toMatchObject({ statusCode: 503, isRetryable: false });
    });
  });

  describe('making one', () => {
    it('throws A0006 for a model the app does not have, and for something that is not an app', () => {
      const app = createTestApp(config);
      expect(() => languageModel(app, 'nope')).toThrow(
        expect.objectContaining({ code: 'A0006', message: expect.stringContaining('writer, backup, solo') }),
      );
      expect(() => languageModel({} as never, 'writer')).toThrow(expect.objectContaining({ code: 'A0006' }));
    });
  });
});

describe('embeddingModel', () => {
  it("embeds through the app's fake, one engine call per value", async () => {
    const app = createTestApp(config);
    const solo = app.fake('solo', { embed: embedByHash(8) });
    const { embedding } = await embed({ model: embeddingModel(app, 'solo'), value: 'Hello' });
    expect(embedding).toHaveLength(8);
    expect(solo.sent).toEqual([expect.objectContaining({ call: 'embed', input: 'Hello', attempt: 1 })]);
  });
});

describe('transcriptionModel', () => {
  it("hears through the app's fake, with the audio's kind from its media type", async () => {
    const app = createTestApp(config);
    const solo = app.fake('solo', { hear: () => ({ text: 'Hello there.' }) });
    const audio = new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 65, 86, 69]);
    const result = await transcribe({
      model: transcriptionModel(app, 'solo'),
      audio,
      providerOptions: { standin: { language: 'en' } },
    });
    expect(result.text).toBe('Hello there.');
    expect(solo.sent[0]).toMatchObject({ call: 'hear', input: { kind: 'wav', language: 'en' } });
  });
});

describe('speechModel', () => {
  it("speaks through the app's fake", async () => {
    const app = createTestApp(config);
    app.fake('solo', { speak: (text: string) => new TextEncoder().encode(text) });
    const { audio } = await generateSpeech({ model: speechModel(app, 'solo'), text: 'Hello' });
    expect(new TextDecoder().decode(audio.uint8Array)).toBe('Hello');
  });
});

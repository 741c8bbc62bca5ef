import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CallFailed, tool, type Agent, type ReplyPart, type StandinConfigInput } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import {
  event,
  messageDelta,
  messageStart,
  messageStop,
  textBlock,
  textMessage,
  toolBlock,
} from '../../support/anthropicStreams.js';
import { failure, KEY } from './loopback/callContext.js';
import { hang, json, type LoopbackServer, stream, type Handler } from './loopback/LoopbackServer.js';
import { useLoopback } from './loopback/useLoopback.js';
import { callParts, chatStream, textParts } from '../../support/openaiStreams.js';

let server: LoopbackServer;
useLoopback((started) => (server = started));

const ANTHROPIC = '/v1/messages';
const OPENAI = '/v1/chat/completions';

/** writer on the Anthropic adapter falls back to backup on the OpenAI adapter, both on the loopback server. */
function app(overrides: Partial<StandinConfigInput> = {}) {
  const made = createTestApp({
    models: {
      writer: { provider: 'anthropic', model: 'claude-test', fallback: ['backup'] },
      backup: { provider: 'openai', model: 'gpt-test' },
    },
    providers: {
      anthropic: { baseURL: server.url(), apiKey: KEY },
      openai: { baseURL: server.url('/v1'), apiKey: KEY },
    },
    retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 10_000, jitter: 0 },
    ...overrides,
  });
  made.allowRealCalls();
  return made;
}

const anthropicError = (status: number, type: string, headers: Record<string, string> = {}): Handler =>
  json(status, { type: 'error', error: { type, message: `${type} happened` } }, headers);

describe('the real adapters through a real engine', () => {
  describe('retries', () => {
    it('retries a 529 with backoff on the instant clock, then answers', async () => {
      server.on(
        ANTHROPIC,
        anthropicError(529, 'overloaded_error'),
        anthropicError(529, 'overloaded_error'),
        stream(textMessage(['Hi'])),
      );
      const a = app();
      const reply = await a.reply('writer', { messages: 'Hello' });
      expect(reply).toMatchObject({ text: 'Hi', model: 'writer' });
      expect(a.clock.slept).toEqual([100, 200]);
      expect(server.at(ANTHROPIC)).toHaveLength(3);
      expect(server.at(OPENAI)).toHaveLength(0);
    });

    it('waits what a 429 asked for with retry-after', async () => {
      server.on(
        ANTHROPIC,
        anthropicError(429, 'rate_limit_error', { 'retry-after': '7' }),
        stream(textMessage(['Hi'])),
      );
      const a = app();
      await a.reply('writer', { messages: 'Hello' });
      expect(a.clock.slept).toEqual([7000]);
    });

    it('waits what a 429 asked for with retry-after-ms', async () => {
      server.on(
        OPENAI,
        json(429, { error: { message: 'slow down', code: 'rate_limit_exceeded' } }, { 'retry-after-ms': '250' }),
        stream(chatStream(textParts(['Hi']))),
      );
      const a = app();
      await a.reply('backup', { messages: 'Hello' });
      expect(a.clock.slept).toEqual([250]);
    });

    it('does not retry an insufficient_quota 429: it falls back at once', async () => {
      server.on(OPENAI, stream(chatStream(textParts(['from backup']))));
      server.on(ANTHROPIC, anthropicError(429, 'rate_limit_error'));
      const a = createTestApp({
        models: {
          writer: { provider: 'openai', model: 'gpt-test', fallback: ['backup'] },
          backup: { provider: 'anthropic', model: 'claude-test' },
        },
        providers: {
          openai: { baseURL: server.url('/v1'), apiKey: KEY },
          anthropic: { baseURL: server.url(), apiKey: KEY },
        },
      });
      a.allowRealCalls();
      server.on(
        OPENAI,
        json(429, {
          error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
        }),
      );
      server.on(ANTHROPIC, stream(textMessage(['from anthropic'])));
      const reply = await a.reply('writer', { messages: 'Hello' });
      expect(reply).toMatchObject({ text: 'from anthropic', model: 'backup' });
      expect(server.at(OPENAI)).toHaveLength(1);
      expect(a.clock.slept).toEqual([]);
    });

    it('retries a malformed stream once, then falls back across the two adapters', async () => {
      const cut = textMessage(['Hel', 'lo']);
      server.on(ANTHROPIC, stream(cut, { truncateAt: cut.indexOf('event: message_stop') }));
      server.on(OPENAI, stream(chatStream(textParts(['Hello from OpenAI']))));
      const a = app();
      const reply = await a.reply('writer', { messages: 'Hello' });
      expect(reply).toMatchObject({ text: 'Hello from OpenAI', model: 'backup' });
      expect(server.at(ANTHROPIC)).toHaveLength(2);
      expect(a.clock.slept).toEqual([100]);
    });

    it('a timeout is retried, and every attempt is listed when all fail', async () => {
      server.on(ANTHROPIC, hang());
      server.on(OPENAI, json(401, { error: { message: 'bad key', code: 'invalid_api_key' } }));
      const a = app({
        providers: {
          anthropic: { baseURL: server.url(), apiKey: KEY, timeoutMs: 40 },
          openai: { baseURL: server.url('/v1'), apiKey: KEY },
        },
        retry: { attempts: 2, baseDelayMs: 100, jitter: 0 },
      });
      const error = await failure(a.reply('writer', { messages: 'Hello' }));
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).failures.map((f) => `${f.model}#${f.attempt}:${f.kind}`)).toEqual([
        'writer#1:timeout',
        'writer#2:timeout',
        'backup#1:auth',
      ]);
      expect(a.clock.slept).toEqual([100]);
    });

    it('falls back at once on a context-length 400', async () => {
      server.on(
        ANTHROPIC,
        json(400, {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'prompt is too long: 300000 tokens > 200000 maximum' },
        }),
      );
      server.on(OPENAI, stream(chatStream(textParts(['short']))));
      const a = app();
      expect((await a.reply('writer', { messages: 'Hello' })).model).toBe('backup');
      expect(a.clock.slept).toEqual([]);
    });

    it('a stream that already handed parts to its caller is neither retried nor given to a fallback', async () => {
      const body =
        messageStart(1) +
        event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
        event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hal' } }) +
        event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
      server.on(ANTHROPIC, stream(body));
      const a = app();
      const seen: ReplyPart[] = [];
      const error = await failure(
        (async () => {
          for await (const part of a.stream('writer', { messages: 'Hello' })) seen.push(part);
        })(),
      );
      expect(seen).toEqual([{ type: 'text', text: 'Hal' }]);
      expect(error).toBeInstanceOf(CallFailed);
      expect(error.message).toContain('neither retried nor given to a fallback');
      expect(server.at(ANTHROPIC)).toHaveLength(1);
      expect(server.at(OPENAI)).toHaveLength(0);
    });

    it('a missing key is P0003 at once: not a provider failure, so neither retried nor fallen back from', async () => {
      vi.stubEnv('ANTHROPIC_API_KEY', '');
      const a = createTestApp({
        models: {
          writer: { provider: 'anthropic', model: 'claude-test', fallback: ['backup'] },
          backup: { provider: 'openai', model: 'gpt-test' },
        },
        providers: { openai: { baseURL: server.url('/v1') } },
      });
      a.allowRealCalls();
      const error = await failure(a.reply('writer', { messages: 'Hello' }));
      expect(error).toMatchObject({ code: 'P0003' });
      expect(server.received).toHaveLength(0);
    });

    it('the key never shows in the final error, even when the server echoes it', async () => {
      server.on(
        ANTHROPIC,
        json(401, { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${KEY}` } }),
      );
      server.on(
        OPENAI,
        json(401, {
          error: { message: `Incorrect API key provided: ${KEY.slice(0, 14)}****`, code: 'invalid_api_key' },
        }),
      );
      const error = await failure(app().reply('writer', { messages: 'Hello' }));
      expect(error.message).not.toContain(KEY.slice(0, 8));
      expect(JSON.stringify((error as CallFailed).failures)).not.toContain(KEY.slice(0, 8));
      expect(String((error.cause as Error).message)).not.toContain(KEY.slice(0, 8));
    });

    it("the caller's abort ends the call: no retry, no fallback", async () => {
      server.on(ANTHROPIC, hang());
      const controller = new AbortController();
      const pending = app().reply('writer', { messages: 'Hello' }, { signal: controller.signal });
      setTimeout(() => controller.abort(new Error('user left')), 20);
      expect((await failure(pending)).message).toBe('user left');
      expect(server.at(OPENAI)).toHaveLength(0);
    });
  });

  describe('app.run with a tool and then a typed value', () => {
    const guide = [{ page: 2, text: 'To reset a password: open Settings, then Password.' }];
    const findInGuide = tool({
      description: 'Finds guide pages.',
      input: z.object({ words: z.string() }),
      run: () => guide,
    });
    const answer = z.object({ answer: z.string(), page: z.number() });
    const textAgent: Agent = { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } };
    const typedAgent: Agent<z.infer<typeof answer>> = { ...textAgent, output: answer };
    const value = { answer: 'Open Settings, then Password.', page: 2 };
    const json2 = JSON.stringify(value);

    /** The same two steps of each run, in each provider's wire format. */
    const scripts = {
      anthropic: {
        provider: 'anthropic',
        path: ANTHROPIC,
        toolStep:
          messageStart(30) +
          textBlock(0, ['Let me look.']) +
          toolBlock(1, 'toolu_1', 'findInGuide', ['{"words":', ' "reset a password"}']) +
          messageDelta('tool_use', 12) +
          messageStop,
        textStep: textMessage(['Open Settings, ', 'then Password.'], [60, 9]),
        valueStep: textMessage([json2.slice(0, 10), json2.slice(10)], [60, 9]),
      },
      openai: {
        provider: 'openai',
        path: OPENAI,
        toolStep: chatStream([
          { type: 'text', text: 'Let me look.' },
          ...callParts([{ id: 'toolu_1', tool: 'findInGuide', with: { words: 'reset a password' } }], [30, 12]),
        ]),
        textStep: chatStream(textParts(['Open Settings, ', 'then Password.'], [60, 9])),
        valueStep: chatStream(textParts([json2.slice(0, 10), json2.slice(10)], [60, 9])),
      },
    } as const;

    const expectedParts = (last: readonly ReplyPart[]) => [
      { type: 'text', text: 'Let me look.', step: 0 },
      { type: 'call', call: { id: 'toolu_1', tool: 'findInGuide', with: { words: 'reset a password' } }, step: 0 },
      { type: 'units', tokensIn: 30, tokensOut: 12, step: 0 },
      { type: 'finish', reason: 'calls', step: 0 },
      { type: 'tool-result', step: 0, result: { id: 'toolu_1', tool: 'findInGuide', output: guide } },
      ...last.map((part) => ({ ...part, step: 1 })),
      { type: 'units', tokensIn: 60, tokensOut: 9, step: 1 },
      { type: 'finish', reason: 'stop', step: 1 },
    ];

    for (const script of Object.values(scripts)) {
      describe(`on the ${script.provider} adapter`, () => {
        const single = () => {
          const a = createTestApp({
            models: { writer: { provider: script.provider, model: 'test-model' } },
            providers: {
              [script.provider]: {
                baseURL: script.provider === 'openai' ? server.url('/v1') : server.url(),
                apiKey: KEY,
              },
            },
          });
          a.allowRealCalls(script.provider);
          return a;
        };

        it('runs a tool, then ends on a text: the same parts in the same order', async () => {
          server.on(script.path, stream(script.toolStep), stream(script.textStep));
          const seen: unknown[] = [];
          for await (const part of single().streamRun(textAgent, 'How do I reset my password?')) {
            if (part.type !== 'done') seen.push(part);
            else
              expect(part.result).toMatchObject({
                text: 'Open Settings, then Password.',
                units: { tokensIn: 90, tokensOut: 21 },
              });
          }
          expect(seen).toEqual(
            expectedParts([
              { type: 'text', text: 'Open Settings, ' },
              { type: 'text', text: 'then Password.' },
            ]),
          );
          const second = JSON.parse(server.at(script.path)[1]!.body.toString()) as { messages: unknown[] };
          expect(JSON.stringify(second.messages)).toContain(JSON.stringify(JSON.stringify(guide)));
        });

        it('runs a tool, then ends on a typed value', async () => {
          server.on(script.path, stream(script.toolStep), stream(script.valueStep));
          const run = await single().run(typedAgent, 'How do I reset my password?');
          expect(run.value).toEqual(value);
          expect(run.steps.map((s) => s.reply.finish)).toEqual(['calls', 'stop']);
          const bodies = server.at(script.path).map((r) => JSON.parse(r.body.toString()) as Record<string, unknown>);
          expect(JSON.stringify(bodies[0])).toContain('"additionalProperties":false');
        });

        it('hands on the typed value as value parts in a streamed run', async () => {
          server.on(script.path, stream(script.toolStep), stream(script.valueStep));
          const seen: unknown[] = [];
          for await (const part of single().streamRun(typedAgent, 'How do I reset my password?'))
            if (part.type !== 'done') seen.push(part);
          expect(seen).toEqual(
            expectedParts([
              { type: 'value', json: json2.slice(0, 10) },
              { type: 'value', json: json2.slice(10) },
            ]),
          );
        });
      });
    }

    describe('the same run on the fake (app.fake) and on each real adapter: the same parts in the same order', () => {
      const streamed = async (made: ReturnType<typeof createTestApp>) => {
        const seen: unknown[] = [];
        for await (const part of made.streamRun(typedAgent, 'How do I reset my password?', { runId: 'run-1' }))
          seen.push(part);
        return seen;
      };
      const onAdapter = async (name: 'anthropic' | 'openai') => {
        const script = scripts[name];
        server.reset();
        server.on(script.path, stream(script.toolStep), stream(script.valueStep));
        const a = createTestApp({
          models: { writer: { provider: name, model: 'test-model' } },
          providers: { [name]: { baseURL: name === 'openai' ? server.url('/v1') : server.url(), apiKey: KEY } },
        });
        a.allowRealCalls(name);
        return streamed(a);
      };
      const onFake = async (answers: Parameters<ReturnType<typeof createTestApp>['fake']>[1]) => {
        const a = createTestApp({ models: { writer: { provider: 'anthropic', model: 'test-model' } } });
        a.fake('writer', answers);
        const seen = await streamed(a);
        expect(server.received).toHaveLength(0);
        return seen;
      };
      /** A part's type and step, with the run's result reduced to what it says. */
      const shape = (parts: unknown[]) =>
        parts.map((part) => {
          const p = part as { type: string; step?: number; result?: { value?: unknown; text?: string } };
          return p.type === 'done'
            ? { type: 'done', value: p.result?.value, text: p.result?.text }
            : { type: p.type, step: p.step };
        });
      /** Consecutive value parts joined into one: how many pieces a value's JSON arrives in is the network's doing, not the model's. */
      const joined = (parts: unknown[]) =>
        shape(parts).filter(
          (part, i, all) => !(part.type === 'value' && all[i + 1]?.type === 'value' && all[i + 1]?.step === part.step),
        );

      it('the two adapters give the same run, part for part', async () => {
        expect(await onAdapter('anthropic')).toEqual(await onAdapter('openai'));
      });

      it('answers written as the wire gave them (call id, units, value cut at 10) give the very same parts as both adapters', async () => {
        const fake = await onFake([
          {
            text: 'Let me look.',
            calls: [{ id: 'toolu_1', tool: 'findInGuide', with: { words: 'reset a password' } }],
            units: { tokensIn: 30, tokensOut: 12 },
          },
          { value, parts: [10], units: { tokensIn: 60, tokensOut: 9 } },
        ]);
        expect(fake).toEqual(await onAdapter('anthropic'));
        expect(fake).toEqual(await onAdapter('openai'));
        expect(fake.slice(0, -1)).toEqual(
          expectedParts([
            { type: 'value', json: json2.slice(0, 10) },
            { type: 'value', json: json2.slice(10) },
          ]),
        );
      });

      it("plain answers (a tool call, then a value) give the same part types in the same order; only the fake's own ids, estimated units and value pieces differ", async () => {
        const fake = await onFake([
          { text: 'Let me look.', calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
          { value },
        ]);
        const anthropic = await onAdapter('anthropic');
        expect(shape(anthropic)).toEqual(shape(await onAdapter('openai')));
        expect(joined(fake)).toEqual(joined(anthropic));
        expect(shape(fake).map((p) => p.type)).toEqual([
          'text',
          'call',
          'units',
          'finish',
          'tool-result',
          'value',
          'value',
          'value',
          'units',
          'finish',
          'done',
        ]);
        // The legitimate differences, said exactly: the fake names its call call_0_0 (the wire's id is the server's),
        // estimates its units, and cuts the value's JSON in three (the wire's pieces are the server's chunks).
        const call = fake.find((p) => (p as { type: string }).type === 'call') as {
          call: { id: string; tool: string; with: unknown };
        };
        expect(call.call).toEqual({ id: 'call_0_0', tool: 'findInGuide', with: { words: 'reset a password' } });
        const values = fake.filter((p) => (p as { type: string }).type === 'value') as { json: string }[];
        expect(values.map((p) => p.json).join('')).toBe(json2);
      });
    });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CallFailed,
  code,
  ProviderFailure,
  StandinError,
  Tokens,
  type Provider,
  type ReplyRequest,
} from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { caught, config, helpdesk, makeApp, SECRET, seedAnswers } from './fixtures.js';

describe('app.fake(model, answers)', () => {
  describe('stands in for the provider of a model, so a test calls no AI', () => {
    it('answers in place of a real adapter, which is never reached', async () => {
      let reached = 0;
      const real: Provider = {
        real: true,
        // eslint-disable-next-line require-yield
        async *reply() {
          reached++;
          throw new Error('a real provider was called');
        },
      };
      const app = createTestApp(config);
      app.container.bind(Tokens.Provider).toConstantValue(real).whenNamed('anthropic');
      expect((await caught(() => app.reply('writer', { messages: 'Hi' }))).code).toBe(code.E0008);
      app.fake('writer', [{ text: 'Hello from the fake' }]);
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply.text).toBe('Hello from the fake');
      expect(reached).toBe(0);
    });

    it('fakes that one model only: other models are untouched, still on their real adapter', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'faked' }]);
      expect((await caught(() => app.reply('solo', { messages: 'Hi' }))).code).toBe(code.E0008);
    });

    it('fakes it in that app only: another app of the same config is untouched', async () => {
      const app = makeApp();
      const other = makeApp();
      app.fake('writer', [{ text: 'faked' }]);
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('faked');
      expect((await caught(() => other.reply('writer', { messages: 'Hi' }))).code).toBe(code.E0008);
    });

    it('replaces the earlier fake when the same model is faked again', async () => {
      const app = makeApp();
      const first = app.fake('writer', [{ text: 'first' }]);
      const second = app.fake('writer', [{ text: 'second' }]);
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('second');
      expect(first.sent).toHaveLength(0);
      expect(second.sent).toHaveLength(1);
    });

    it('fails with T0012 for a model that is not configured, suggesting the closest name', async () => {
      const error = await caught(() => makeApp().fake('writr', []));
      expect(error.code).toBe(code.T0012);
      expect(error.message).toContain("Did you mean 'writer'?");
      expect(error.message).toContain('Configured models: writer, backup, solo');
    });

    it('leaves the request to the engine: a bad request fails E0003 and never reaches the fake', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'Hi' }]);
      expect((await caught(() => app.reply('writer', { messages: 42 as never }))).code).toBe(code.E0003);
      expect(writer.sent).toHaveLength(0);
    });
  });

  describe('the seed example: writer and findInGuide', () => {
    it('drives a real app.run with a real tool, and writer.sent[0].call is reply', async () => {
      const app = makeApp();
      const { agent, asked } = helpdesk();
      const writer = app.fake('writer', [...seedAnswers]);
      const run = await app.run(agent, 'How do I reset my password?');
      expect(run.text).toBe('Open Settings, then Password. (Help desk guide, page 2)');
      expect(asked).toEqual(['reset a password']);
      expect(writer.sent[0]!.call).toBe('reply');
      expect(writer.sent).toHaveLength(2);
      const second = writer.sent[1]!.input as ReplyRequest;
      expect(second.messages.at(-1)).toEqual({
        role: 'tool',
        results: [
          {
            id: 'call_0_0',
            tool: 'findInGuide',
            output: [{ page: 2, text: 'To reset a password: open Settings, then Password.' }],
          },
        ],
      });
      await writer.verify();
    });
  });

  describe('a list of answers', () => {
    it('gives each answer to one step of one run, in the order they first ask', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [...seedAnswers]);
      const run = await app.run(agent, 'How do I reset my password?');
      expect(run.steps.map((step) => step.reply.calls.map((c) => c.tool))).toEqual([['findInGuide'], []]);
      expect(run.steps.map((step) => step.reply.text)).toEqual(['', seedAnswers[1].text]);
    });

    it('gives each answer to one call made outside a run, in the order they first ask', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
      const texts = [];
      for (let i = 0; i < 3; i++) texts.push((await app.reply('writer', { messages: `call ${i}` })).text);
      expect(texts).toEqual(['one', 'two', 'three']);
    });

    it('a step that runs again gets the answer it got before: a run given its runId again', async () => {
      const app = makeApp();
      const { agent, asked } = helpdesk();
      const writer = app.fake('writer', [...seedAnswers]);
      const first = await app.run(agent, 'How do I reset my password?', { runId: 'support-7' });
      const again = await app.run(agent, 'How do I reset my password?', { runId: 'support-7' });
      expect(again.text).toBe(first.text);
      expect(again.steps.map((s) => s.reply.calls)).toEqual(first.steps.map((s) => s.reply.calls));
      expect(asked).toEqual(['reset a password', 'reset a password']);
      expect(writer.sent).toHaveLength(4);
      await writer.verify();
    });

    it('a step that runs again gets the answer it got before: a retried call gets the same answer', async () => {
      const app = makeApp();
      const solo = app.fake('solo', [{ fail: 'server' }, { text: 'never reached' }]);
      const error = await caught(() => app.reply('solo', { messages: 'Hi' }));
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).failures.map((f) => f.attempt)).toEqual([1, 2, 3]);
      expect(solo.sent).toHaveLength(3);
      expect((await solo.pending()).map((p) => p.index)).toEqual([1]);
    });

    it('a call past the last answer fails with code.T0013, saying how many answers there were and which call ran past them', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await app.reply('writer', { messages: 'a' });
      await app.reply('writer', { messages: 'b' });
      const error = await caught(() => app.reply('writer', { messages: 'c' }, { stepKey: 'call:req-3' }));
      expect(error).toBeInstanceOf(StandinError);
      expect(error).not.toBeInstanceOf(ProviderFailure);
      expect(error.code).toBe(code.T0013);
      expect(error.message).toBe(
        "T0013: app.fake('writer', answers): model 'writer' was faked with 2 answers, and call 3 ran past them (step 'call:req-3'). Add an answer for it, or find why the app asks the model more often than the test expects.",
      );
    });

    it('T0013 in a run names the step, and is neither retried nor given to a fallback', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      const writer = app.fake('writer', [seedAnswers[0]]);
      const backup = app.fake('backup', [{ text: 'backup must not answer' }]);
      const error = await caught(() => app.run(agent, 'How do I reset my password?', { runId: 'r-1' }));
      expect(error.code).toBe(code.T0013);
      expect(error.message).toContain("was faked with 1 answer, and call 2 ran past them (step 'r-1#1')");
      expect(writer.sent).toHaveLength(2);
      expect(backup.sent).toHaveLength(0);
      expect(app.clock.slept).toEqual([]);
    });

    it('an empty list answers nothing: its first call fails with T0013', async () => {
      const app = makeApp();
      app.fake('writer', []);
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0013);
      expect(error.message).toContain('was faked with 0 answers, and call 1 ran past them');
    });
  });

  describe('a function of the request', () => {
    it('is handed the ReplyRequest: the instructions, the messages and the tools', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      const seen: ReplyRequest[] = [];
      app.fake('writer', (request) => {
        seen.push(request);
        const last = request.messages.at(-1)!;
        return last.role === 'user'
          ? { calls: [{ tool: 'findInGuide', with: { words: last.content } }] }
          : { text: 'done' };
      });
      const run = await app.run(agent, 'reset a password');
      expect(run.text).toBe('done');
      expect(seen[0]).toEqual({
        model: 'claude-sonnet-4-5',
        instructions: 'Answer from the help desk guide.',
        messages: [{ role: 'user', content: 'reset a password' }],
        tools: [
          expect.objectContaining({
            name: 'findInGuide',
            description: 'Finds the help desk guide pages that mention the words.',
          }),
        ],
      });
      expect(seen[1]!.messages).toHaveLength(3);
    });

    it('answers an answer, or a promise of one', async () => {
      const app = makeApp();
      app.fake('writer', async (request) => ({ text: `${request.messages.length} message` }));
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('1 message');
    });

    it('is handed the model, the attempt, the step and the scope, so it can fail first and then answer', async () => {
      const app = makeApp();
      const calls: unknown[] = [];
      app.fake('solo', (_request, call) => {
        calls.push(call);
        return call.attempt < 3 ? { fail: 'rate_limit' } : { text: 'third time' };
      });
      const reply = await app.scope('t-1', () => app.reply('solo', { messages: 'Hi' }, { stepKey: 'call:q' }));
      expect(reply.text).toBe('third time');
      expect(calls).toEqual([1, 2, 3].map((attempt) => ({ model: 'solo', attempt, step: 'call:q', scope: 't-1' })));
      expect(app.clock.slept).toEqual([500, 1000]);
    });

    it('what it answers is checked as a list answer is: a plain text fails T0002 naming answers(request)', async () => {
      const app = makeApp();
      app.fake('writer', () => 'Hello' as never);
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }, { stepKey: 'call:q' }));
      expect(error.code).toBe(code.T0002);
      expect(error.message).toBe(
        "T0002: app.fake('writer', answers) at step 'call:q': answers(request): a plain text is no answer; write { text: '...' }.",
      );
    });

    it('what it answers is checked against the call: a tool the request does not offer fails T0007', async () => {
      const app = makeApp();
      app.fake('writer', () => ({ calls: [{ tool: 'search' }] }));
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0007);
      expect(error.message).toContain("answers(request).calls[0] asks for the tool 'search'");
      expect(error.message).toContain('offers no tools');
    });

    it('a function that throws fails T0010 with the error as its cause, never retried', async () => {
      const app = makeApp();
      const boom = new TypeError('request.nope is undefined');
      const writer = app.fake('writer', () => {
        throw boom;
      });
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0010);
      expect(error.message).toContain('answers(request) threw: request.nope is undefined');
      expect(error.cause).toBe(boom);
      expect(writer.sent).toHaveLength(1);
    });

    it('a ProviderFailure it throws is a provider failure: retried, then given to the fallback', async () => {
      const app = makeApp();
      app.fake('writer', () => {
        throw new ProviderFailure('timeout', 'slow');
      });
      app.fake('backup', [{ text: 'backup answers' }]);
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply).toMatchObject({ text: 'backup answers', model: 'backup' });
      expect(app.clock.slept).toEqual([500, 1000]);
    });

    it('gives calls ids from the conversation, the same on every run', async () => {
      const app = makeApp();
      app.fake('writer', () => ({
        calls: [
          { tool: 'findInGuide', with: { words: 'a' } },
          { tool: 'findInGuide', with: { words: 'b' } },
        ],
      }));
      const { agent } = helpdesk();
      const reply = await app.reply('writer', { messages: 'Hi', tools: agent.tools! });
      expect(reply.calls.map((c) => c.id)).toEqual(['call_m1_0', 'call_m1_1']);
    });

    it('has nothing pending and nothing to verify', async () => {
      const writer = makeApp().fake('writer', () => ({ text: 'Hi' }));
      expect(await writer.pending()).toEqual([]);
      await expect(writer.verify()).resolves.toBeUndefined();
    });
  });

  describe('a record of calls', () => {
    const record = {
      reply: [{ text: 'replied' }],
      embed: (text: string) => [text.length, 1],
      hear: ({ kind, language, hint }: { kind: string; language?: string | undefined; hint?: string | undefined }) => ({
        text: `${kind}/${language}/${hint}`,
      }),
      speak: (text: string) => new TextEncoder().encode(text),
      rank: (words: string, texts: readonly string[]) => texts.map((t) => (t.includes(words) ? 1 : 0)),
      call: (input: unknown) => ({ echoed: input }),
    };

    it('reply: a list or a function as above', async () => {
      const app = makeApp();
      app.fake('writer', record);
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('replied');
      app.fake('writer', { reply: () => ({ text: 'from a function' }) });
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('from a function');
    });

    it('embed(text), which answers a vector', async () => {
      const app = makeApp();
      app.fake('writer', record);
      expect(await app.embed('writer', 'four')).toEqual([4, 1]);
    });

    it('hear({ kind, language, hint }), which answers { text }', async () => {
      const app = makeApp();
      app.fake('writer', record);
      expect(
        await app.hear('writer', { audio: new Uint8Array([1, 2]), kind: 'wav', language: 'en', hint: 'Settings' }),
      ).toEqual({ text: 'wav/en/Settings' });
    });

    it('speak(text), which answers the bytes of a sound', async () => {
      const app = makeApp();
      app.fake('writer', record);
      expect(new TextDecoder().decode(await app.speak('writer', 'Hello'))).toBe('Hello');
    });

    it('rank(words, texts), which answers a score for each text', async () => {
      const app = makeApp();
      app.fake('writer', record);
      expect(await app.rank('writer', 'password', ['reset your password', 'billing'])).toEqual([1, 0]);
    });

    it('call(input), which answers the output of a model with call', async () => {
      const app = makeApp();
      app.fake('writer', record);
      expect(await app.call('writer', { ticket: 7 })).toEqual({ echoed: { ticket: 7 } });
    });

    it('records each call in sent, in order, with its input', async () => {
      const app = makeApp();
      const writer = app.fake('writer', record);
      const audio = new Uint8Array([9]);
      await app.embed('writer', 'e');
      await app.hear('writer', { audio, kind: 'wav' });
      await app.speak('writer', 's');
      await app.rank('writer', 'w', ['t']);
      await app.call('writer', 42);
      await app.reply('writer', { messages: 'r' });
      expect(writer.sent.map((s) => s.call)).toEqual(['embed', 'hear', 'speak', 'rank', 'call', 'reply']);
      expect(writer.sent.slice(0, 5).map((s) => s.input)).toEqual([
        'e',
        { audio, kind: 'wav' },
        's',
        { words: 'w', texts: ['t'] },
        42,
      ]);
    });

    it('a call the record does not provide fails T0009, naming the model and the call', async () => {
      const app = makeApp();
      app.fake('writer', { reply: [{ text: 'Hi' }] });
      const error = await caught(() => app.embed('writer', 'text'));
      expect(error.code).toBe(code.T0009);
      expect(error.message).toBe(
        "T0009: app.fake('writer', answers): model 'writer' was faked with a record of calls without embed (it has reply), and the app called embed. Add embed: embedByHash(8) to the record.",
      );
    });

    it('a record without reply fails a reply with T0009', async () => {
      const app = makeApp();
      app.fake('writer', { embed: () => [1] });
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0009);
      expect(error.message).toContain('without reply (it has embed)');
    });

    it('a list or a function answers reply only: embed fails T0009 naming the model and the call', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Hi' }]);
      const error = await caught(() => app.rank('writer', 'q', ['a']));
      expect(error.code).toBe(code.T0009);
      expect(error.message).toContain(
        "model 'writer' was faked with a list of answers, which answers reply only, and the app called rank",
      );
      app.fake('writer', () => ({ text: 'Hi' }));
      expect((await caught(() => app.speak('writer', 'Hi'))).message).toContain(
        'was faked with a function of the request, which answers reply only, and the app called speak',
      );
    });

    it.each([
      [
        'embed',
        { embed: () => 'vector' },
        (app: ReturnType<typeof makeApp>) => app.embed('writer', 'x'),
        'answers.embed answered a string',
      ],
      [
        'embed',
        { embed: () => [] },
        (app: ReturnType<typeof makeApp>) => app.embed('writer', 'x'),
        'answers.embed answered an array',
      ],
      [
        'hear',
        { hear: () => 'text' },
        (app: ReturnType<typeof makeApp>) => app.hear('writer', { audio: new Uint8Array(1), kind: 'wav' }),
        'answers.hear answered a string',
      ],
      [
        'speak',
        { speak: () => 'bytes' },
        (app: ReturnType<typeof makeApp>) => app.speak('writer', 'x'),
        'answers.speak answered a string',
      ],
      [
        'rank',
        { rank: () => [1] },
        (app: ReturnType<typeof makeApp>) => app.rank('writer', 'x', ['a', 'b']),
        'one finite score per text (2)',
      ],
    ])('a %s that answers the wrong shape fails T0011', async (_call, answers, run, words) => {
      const app = makeApp();
      app.fake('writer', answers as never);
      const error = await caught(() => run(app));
      expect(error.code).toBe(code.T0011);
      expect(error.message).toContain(words);
    });

    it('a record call that throws fails T0010; one that throws a ProviderFailure falls back', async () => {
      const app = makeApp();
      app.fake('writer', {
        embed: () => {
          throw new Error('no vectors today');
        },
      });
      const error = await caught(() => app.embed('writer', 'x'));
      expect(error.code).toBe(code.T0010);
      expect(error.message).toContain('answers.embed threw: no vectors today');
      app.fake('writer', {
        embed: () => {
          throw new ProviderFailure('auth', 'bad key');
        },
      });
      app.fake('backup', { embed: () => [0.5] });
      expect(await app.embed('writer', 'x')).toEqual([0.5]);
    });

    it('a record call may answer a promise, and is handed the call', async () => {
      const app = makeApp();
      app.fake('writer', { call: async (input, call) => ({ input, model: call.model, attempt: call.attempt }) });
      expect(await app.call('writer', 'x')).toEqual({ input: 'x', model: 'writer', attempt: 1 });
    });
  });

  describe('fail: the kind of ProviderFailure the call fails with, as a provider that is down', () => {
    it("fail: 'server' is tried again and then given to the next model of fallback, as a real failure is", async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ fail: 'server' }]);
      const backup = app.fake('backup', [{ text: 'backup answers' }]);
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply).toMatchObject({ text: 'backup answers', model: 'backup' });
      expect(writer.sent).toHaveLength(3);
      expect(backup.sent).toHaveLength(1);
      expect(app.clock.slept).toEqual([500, 1000]);
    });

    it('words the failure as what it is: a scripted rate limit is a rate limit, not a provider that is down', async () => {
      const app = makeApp();
      app.fake('backup', [{ fail: 'rate_limit' }]);
      const error = await app.reply('backup', { messages: 'Hi' }, { retry: false }).catch((e: unknown) => e);
      expect(String((error as Error).message)).toContain('fails the call as scripted: a rate limit');
      expect(String((error as Error).message)).not.toContain('down');
    });

    it.each(['server', 'rate_limit', 'timeout', 'network'] as const)(
      "a retryable kind ('%s') is tried three times, then falls back",
      async (kind) => {
        const app = makeApp();
        const writer = app.fake('writer', [{ fail: kind }]);
        app.fake('backup', [{ text: 'ok' }]);
        expect((await app.reply('writer', { messages: 'Hi' })).model).toBe('backup');
        expect(writer.sent).toHaveLength(3);
        expect(app.clock.slept).toEqual([500, 1000]);
      },
    );

    it.each(['auth', 'bad_request', 'context_length', 'content_filter', 'unknown'] as const)(
      "a kind that is not retried ('%s') goes straight to the fallback",
      async (kind) => {
        const app = makeApp();
        const writer = app.fake('writer', [{ fail: kind }]);
        app.fake('backup', [{ text: 'ok' }]);
        expect((await app.reply('writer', { messages: 'Hi' })).model).toBe('backup');
        expect(writer.sent).toHaveLength(1);
        expect(app.clock.slept).toEqual([]);
      },
    );

    it('fails with a ProviderFailure of that kind when every model has failed', async () => {
      const app = makeApp();
      app.fake('writer', [{ fail: 'content_filter' }]);
      app.fake('backup', [{ fail: 'context_length' }]);
      const error = (await caught(() => app.reply('writer', { messages: 'Hi' }))) as CallFailed;
      expect(error.code).toBe(code.E0005);
      expect(error.failures.map((f) => [f.model, f.kind])).toEqual([
        ['writer', 'content_filter'],
        ['backup', 'context_length'],
      ]);
      expect(error.cause).toBeInstanceOf(ProviderFailure);
      expect(error.message).toContain(
        "answers[0] fails the call as scripted: a context too long for the model (kind 'context_length', model 'backup'",
      );
    });

    it('a failing step of a run falls back and the run goes on', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [seedAnswers[0], { fail: 'server' }]);
      app.fake('backup', [{ text: 'backup finishes the run' }]);
      const run = await app.run(agent, 'How do I reset my password?');
      expect(run.text).toBe('backup finishes the run');
      expect(run.steps.map((s) => s.reply.model)).toEqual(['writer', 'backup']);
    });

    it('one fakeProvider serving both models hands the fallback model the next answer', async () => {
      const app = createTestApp({
        models: {
          writer: { provider: 'anthropic', model: 'a', fallback: ['backup'] },
          backup: { provider: 'anthropic', model: 'b' },
        },
        retry: { jitter: 0 },
      });
      const { fakeProvider } = await import('../../../src/testing.js');
      const fake = fakeProvider([{ fail: 'server' }, { text: 'the backup model answers' }]);
      app.container.bind(Tokens.Provider).toConstantValue(fake).whenNamed('anthropic');
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply).toMatchObject({ text: 'the backup model answers', model: 'backup' });
      expect(fake.sent).toHaveLength(4);
    });
  });

  describe('test-author mistakes', () => {
    it('are thrown at once, never retried, never given to a fallback', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ value: { ok: true } }]);
      const backup = app.fake('backup', [{ text: 'no' }]);
      const error = await caught(() => app.reply('writer', { messages: 'Hi' }));
      expect(error.code).toBe(code.T0006);
      expect(error).not.toBeInstanceOf(ProviderFailure);
      expect(writer.sent).toHaveLength(1);
      expect(backup.sent).toHaveLength(0);
      expect(app.clock.slept).toEqual([]);
    });
  });

  describe('writer.sent is what the fake was sent, in order: [{ call, input }], the key and the signal left out', () => {
    it('holds each request as the provider got it', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.reply('writer', { instructions: 'Be brief.', messages: 'first' });
      await app.reply('writer', { messages: 'second' });
      expect(writer.sent).toEqual([
        {
          call: 'reply',
          input: {
            model: 'claude-sonnet-4-5',
            instructions: 'Be brief.',
            messages: [{ role: 'user', content: 'first' }],
          },
          scope: '',
          step: `call:${app.id}#1`,
          attempt: 1,
        },
        {
          call: 'reply',
          input: { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'second' }] },
          scope: '',
          step: `call:${app.id}#2`,
          attempt: 1,
        },
      ]);
    });

    it('records where each entry came from: its scope, its step and its attempt, so parallel scopes split and a retry shows', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ fail: 'rate_limit' }, { text: 'b' }]);
      await Promise.all([
        app.scope('a', () =>
          app
            .reply('writer', { messages: 'x' }, { stepKey: 'call:r-a', retry: { attempts: 2 } })
            .catch(() => undefined),
        ),
        app.scope('b', () =>
          app
            .reply('writer', { messages: 'y' }, { stepKey: 'call:r-b', retry: { attempts: 2 } })
            .catch(() => undefined),
        ),
      ]);
      const where = writer.sent.map(({ scope, step, attempt }) => ({ scope, step, attempt }));
      expect(where.filter((w) => w.scope === 'a')).toEqual([
        { scope: 'a', step: 'call:r-a', attempt: 1 },
        { scope: 'a', step: 'call:r-a', attempt: 2 },
      ]);
      expect(where.filter((w) => w.scope === 'b')).toHaveLength(2);
    });

    it('never holds the API key, the signal or the cursor key', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      const writer = app.fake('writer', [...seedAnswers]);
      const controller = new AbortController();
      await app.run(agent, 'How do I reset my password?', { signal: controller.signal });
      const text = JSON.stringify(writer.sent);
      expect(text).not.toContain(SECRET);
      for (const entry of writer.sent) {
        expect(JSON.stringify(entry.input)).not.toContain(app.id);
        expect(Object.keys(entry).sort()).toEqual(['attempt', 'call', 'input', 'scope', 'step']);
        expect(Object.values(entry.input as object)).not.toContain(controller.signal);
      }
    });

    it('never puts the API key in an error message', async () => {
      const app = makeApp();
      app.fake('writer', [{ fail: 'auth' }]);
      app.fake('backup', []);
      const errors = [await caught(() => app.reply('writer', { messages: 'Hi' }))];
      app.fake('writer', () => {
        throw new Error('oops');
      });
      errors.push(await caught(() => app.reply('writer', { messages: 'Hi' })));
      for (const error of errors)
        expect(`${error.message} ${String((error.cause as Error | undefined)?.message)}`).not.toContain(SECRET);
    });
  });

  describe('units: What the call used, as { tokensIn: 120, tokensOut: 40 }', () => {
    it('reports the units an answer states', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Hi', units: { tokensIn: 120, tokensOut: 40 } }]);
      expect((await app.reply('writer', { messages: 'Hello' })).units).toEqual({ tokensIn: 120, tokensOut: 40 });
    });

    it('estimates them when left out: ceil(characters / 4) of the request in, of the answer out', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'Hi there', reasoning: ['abcd'] }]);
      // in: 'Be brief.' (9) + 'Hello there' (11) = 20 -> 5; out: 'Hi there' (8) + 'abcd' (4) = 12 -> 3
      expect((await app.reply('writer', { instructions: 'Be brief.', messages: 'Hello there' })).units).toEqual({
        tokensIn: 5,
        tokensOut: 3,
      });
    });

    it('sums the units of a run, so a token budget test is not vacuous', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [
        { ...seedAnswers[0], units: { tokensIn: 100, tokensOut: 10 } },
        { text: 'done', units: { tokensIn: 150, tokensOut: 5 } },
      ]);
      expect((await app.run(agent, 'How?')).units).toEqual({ tokensIn: 250, tokensOut: 15 });
      app.fake('writer', [...seedAnswers]);
      const estimated = await app.run(agent, 'How?');
      expect(estimated.units.tokensIn).toBeGreaterThan(0);
      expect(estimated.units.tokensOut).toBeGreaterThan(0);
    });
  });

  describe('value: The typed answer, where the call states a shape', () => {
    const shape = z.object({ team: z.enum(['billing', 'technical']), urgent: z.boolean() });

    it('is the reply value of a call with an output shape', async () => {
      const app = makeApp();
      app.fake('writer', [{ value: { team: 'billing', urgent: true } }]);
      expect((await app.reply('writer', { messages: 'charged twice', output: shape })).value).toEqual({
        team: 'billing',
        urgent: true,
      });
    });

    it('ends a run whose agent has an output', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [seedAnswers[0], { value: { team: 'technical', urgent: false } }]);
      const run = await app.run({ ...agent, output: shape }, 'reset my password');
      expect(run.value).toEqual({ team: 'technical', urgent: false });
    });

    it('a value for a call that states no shape fails T0006, naming the answer', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'ok' }, { value: 1 }]);
      await app.reply('writer', { messages: 'a' });
      const error = await caught(() => app.reply('writer', { messages: 'b' }, { stepKey: 'call:q2' }));
      expect(error.code).toBe(code.T0006);
      expect(error.message).toBe(
        "T0006: app.fake('writer', answers): answers[1] gives a value, and the call it answers (model 'writer', step 'call:q2') states no shape for a typed value. Give the call an output shape (output: z.object({ ... })), or answer with { text: '...' } instead.",
      );
    });

    it('a value that does not fit the call’s zod shape fails T0008, with the path that does not fit', async () => {
      const app = makeApp();
      app.fake('writer', [{ value: { team: 'sales', urgent: 'yes' } }]);
      const error = await caught(() => app.reply('writer', { messages: 'Hi', output: shape }));
      expect(error.code).toBe(code.T0008);
      expect(error.message).toContain('answers[0].value does not fit the shape');
      expect(error.message).toContain('answers[0].value.team:');
      expect(error.message).toContain('answers[0].value.urgent: expected a boolean, got a string.');
    });
  });

  describe('calls: The tools it asks for, each { tool, with }', () => {
    it('a calls entry naming a tool the request does not offer fails T0007, suggesting the closest', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [{ calls: [{ tool: 'findInGuid', with: {} }] }]);
      const error = await caught(() => app.run(agent, 'Hi', { runId: 'r' }));
      expect(error.code).toBe(code.T0007);
      expect(error.message).toBe(
        "T0007: app.fake('writer', answers): answers[0].calls[0] asks for the tool 'findInGuid', and the call it answers (model 'writer', step 'r#0') offers only 'findInGuide'. Did you mean 'findInGuide'? Name a tool the call offers, or give the call that tool.",
      );
    });

    it('gives each call a deterministic id, or the id the answer states', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [
        {
          calls: [
            { tool: 'findInGuide', with: { words: 'a' } },
            { tool: 'findInGuide', with: { words: 'b' }, id: 'mine' },
          ],
        },
      ]);
      const reply = await app.reply('writer', { messages: 'Hi', tools: agent.tools! });
      expect(reply.calls).toEqual([
        { id: 'call_0_0', tool: 'findInGuide', with: { words: 'a' } },
        { id: 'mine', tool: 'findInGuide', with: { words: 'b' } },
      ]);
      expect(reply.finish).toBe('calls');
    });

    it('a call with no with asks with {}', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [{ calls: [{ tool: 'findInGuide' }] }]);
      expect((await app.reply('writer', { messages: 'Hi', tools: agent.tools! })).calls[0]!.with).toEqual({});
    });

    it('hands out what it was given when made: changing the answers later changes nothing', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      const input = { words: 'reset' };
      const answers = [
        { calls: [{ tool: 'findInGuide', with: input }] },
        { calls: [{ tool: 'findInGuide', with: input }] },
      ];
      app.fake('writer', answers);
      input.words = 'changed';
      const first = await app.reply('writer', { messages: 'Hi', tools: agent.tools! });
      expect(first.calls[0]!.with).toEqual({ words: 'reset' });
      expect(() => ((first.calls[0]!.with as { words: string }).words = 'mutated')).toThrow(TypeError);
      expect((await app.reply('writer', { messages: 'Hi', tools: agent.tools! })).calls[0]!.with).toEqual({
        words: 'reset',
      });
    });
  });

  describe('reasoning: What it reasons for itself, a text or a list of them', () => {
    it('a text is one reasoning block; a list is one block each', async () => {
      const app = makeApp();
      app.fake('writer', [
        { text: 'a', reasoning: 'think' },
        { text: 'b', reasoning: ['first', 'second'] },
      ]);
      expect((await app.reply('writer', { messages: 'x' })).reasoning).toEqual(['think']);
      expect((await app.reply('writer', { messages: 'y' })).reasoning).toEqual(['first', 'second']);
    });
  });

  describe('checks: an optional third argument, to check answers against the agent when the fake is made', () => {
    it('fails T0007 at once for an answer that asks for a tool the agent lacks', () => {
      const { agent } = helpdesk();
      const error = (() => {
        try {
          makeApp().fake('writer', [{ calls: [{ tool: 'findInGuid' }] }], agent);
        } catch (e) {
          return e as StandinError;
        }
        throw new Error('expected T0007');
      })();
      expect(error.code).toBe(code.T0007);
      expect(error.message).toBe(
        "T0007: app.fake('writer', answers, checks): answers[0].calls[0] asks for the tool 'findInGuid', and the checks the fake was given offers only 'findInGuide'. Did you mean 'findInGuide'? Name a tool the call offers, or give the call that tool.",
      );
    });

    it('fails T0008 at once for a value that does not fit the output', () => {
      expect(() =>
        makeApp().fake('writer', [{ value: { n: 'one' } }], { output: z.object({ n: z.number() }) }),
      ).toThrow(
        expect.objectContaining({
          code: code.T0008,
          message: expect.stringContaining('answers[0].value.n: expected a number, got a string.'),
        }),
      );
    });

    it('accepts answers that fit', () => {
      const { agent } = helpdesk();
      expect(() => makeApp().fake('writer', [...seedAnswers], agent)).not.toThrow();
    });

    it('fails T0012 for checks that are malformed', () => {
      expect(() => makeApp().fake('writer', [], { tool: {} } as never)).toThrow(
        expect.objectContaining({
          code: code.T0012,
          message: expect.stringContaining("checks.tool: unknown key 'tool'. Did you mean 'tools'?"),
        }),
      );
      expect(() => makeApp().fake('writer', [], { output: 'zod' } as never)).toThrow(
        expect.objectContaining({ code: code.T0012 }),
      );
    });
  });
});

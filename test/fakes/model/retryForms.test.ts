import { describe, expect, it } from 'vitest';
import { CallFailed, code } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { caught, collect } from './fixtures.js';

const config = {
  models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
  retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0 },
} as const;

describe('app.fake(model, answers)', () => {
  describe('fail n times, then answer: [{ fail, times: n }, answer]', () => {
    it("makes one step fail its first n tries, then gives it the next answer, through the engine's retries", async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ fail: 'server', times: 2 }, { text: 'ok' }]);
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('ok');
      expect(writer.sent.map((call) => call.attempt)).toEqual([1, 2, 3]);
      expect(app.clock.slept).toEqual([500, 1000]);
      expect(await writer.pending()).toEqual([]);
      await expect(writer.verify()).resolves.toBeUndefined();
    });

    it('fails the call when the retries run out before the failures do', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ fail: 'rate_limit', times: 3, retryAfterMs: 5 }, { text: 'ok' }]);
      const error = await caught(() => app.reply('writer', { messages: 'x' }));
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).failures.map((f) => f.kind)).toEqual(['rate_limit', 'rate_limit', 'rate_limit']);
      expect(app.clock.slept).toEqual([5, 5]);
      expect(writer.sent).toHaveLength(3);
    });

    it('gives the answer after it to the next step only once the joined step is done: the next call gets the entry after both', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ fail: 'server', times: 1 }, { text: 'first' }, { text: 'second' }]);
      expect((await app.reply('writer', { messages: 'a' })).text).toBe('first');
      expect((await app.reply('writer', { messages: 'b' })).text).toBe('second');
    });

    it('replays the answered step in a run given its runId: the tries are already spent', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ fail: 'server', times: 1 }, { text: 'ok' }]);
      const run = await app.run({ model: 'writer' }, 'Hi');
      expect(run.text).toBe('ok');
      expect((await app.run({ model: 'writer' }, 'Hi', { runId: run.runId })).text).toBe('ok');
      expect(writer.sent.map((call) => call.attempt)).toEqual([1, 2, 1]);
    });

    it('refuses { fail, times } with no answer after it (T0003), saying what to add', async () => {
      const error = await caught(() =>
        createTestApp(config).fake('writer', [{ text: 'a' }, { fail: 'server', times: 2 }]),
      );
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain(
        "answers[1]: { fail, times } with nothing else fails the step's first 2 tries, then gives the step the next answer, and there is no answer after it",
      );
    });

    it('refuses { fail, times } followed by an answer that fails itself (T0003)', async () => {
      const error = await caught(() =>
        createTestApp(config).fake('writer', [{ fail: 'server', times: 2 }, { fail: 'auth' }]),
      );
      expect(error.code).toBe(code.T0003);
      expect(error.message).toContain('answers[1]: it follows answers[0] ({ fail, times })');
    });
  });

  describe('fail after n parts: { fail, failAfter: n, ... }', () => {
    it('streams n parts, then ends app.stream with CallFailed, with no retry (the parts were handed on)', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ reasoning: 'thinking', text: 'Hello', fail: 'server', failAfter: 1 }]);
      const parts: unknown[] = [];
      const error = await caught(async () => {
        for await (const part of app.stream('writer', { messages: 'x' })) parts.push(part);
      });
      expect(parts).toEqual([{ type: 'reasoning', text: 'thinking', block: 0 }]);
      expect(error).toBeInstanceOf(CallFailed);
      expect(error.message).toContain(
        'Parts had already been handed to the caller, so it was neither retried nor given to a fallback.',
      );
      expect(writer.sent).toHaveLength(1);
      expect(app.clock.slept).toEqual([]);
    });

    it('fails every try of app.reply, which collects each try whole: step replay gives each retry the same answer', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'Hello', fail: 'server', failAfter: 1 }, { text: 'never reached' }]);
      const error = await caught(() => app.reply('writer', { messages: 'x' }));
      expect(error).toBeInstanceOf(CallFailed);
      expect(writer.sent.map((call) => call.attempt)).toEqual([1, 2, 3]);
      expect((await writer.pending()).map((p) => p.index)).toEqual([1]);
    });

    it('streams every part before failing when failAfter is the number of parts', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'Hello', fail: 'network', failAfter: 1 }]);
      const stream = app.stream('writer', { messages: 'x' });
      const error = await caught(() => collect(stream));
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).failures.map((f) => f.kind)).toEqual(['network']);
    });
  });
});

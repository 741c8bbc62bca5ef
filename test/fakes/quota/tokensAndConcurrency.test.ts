import { describe, expect, it } from 'vitest';
import { CallFailed, type ProviderFailure } from 'standin';
import { createTestApp, Quota } from 'standin/testing';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };

/** A request whose estimated input is `tokens` tokens: 4 characters a token. */
const sized = (tokens: number) => ({ messages: 'x'.repeat(tokens * 4) });

describe(Quota, () => {
  describe('tokensPerMinute', () => {
    it('refuses a call whose estimated input does not fit, until the calls that used the room leave the window', async () => {
      const app = createTestApp(config);
      app.fake('writer', [
        { text: 'a', units: { tokensIn: 400, tokensOut: 100 } },
        { text: 'b', units: { tokensIn: 300, tokensOut: 100 } },
        { text: 'c', units: { tokensIn: 400, tokensOut: 100 } },
      ]);
      const quota = app.quota('writer', { tokensPerMinute: 1000 });
      await app.reply('writer', sized(400));
      app.clock.advance(5_000);
      await app.reply('writer', sized(300));
      expect(quota.usage()).toEqual({ requests: 2, tokens: 900, inFlight: 0 });
      app.clock.advance(5_000);
      await app.reply('writer', sized(400)); // 900 + 400 > 1000: waits for the first call's 500 to leave at 60 s
      expect(app.clock.slept).toEqual([50_000]);
      expect(quota.refused).toMatchObject([{ limit: 'tokensPerMinute', at: 10_000, retryAfterMs: 50_000 }]);
      expect(quota.usage()).toEqual({ requests: 2, tokens: 900, inFlight: 0 });
    });

    it("counts a reply's units once it ends, in place of the estimate it started with", async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'short', units: { tokensIn: 10, tokensOut: 5 } }]);
      const quota = app.quota('writer', { tokensPerMinute: 1000 });
      await app.reply('writer', sized(600));
      expect(quota.usage().tokens).toBe(15);
    });

    it('counts the estimate of a stream still going', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['a', { hold: 'g' }, 'b'] }]);
      const quota = app.quota('writer', { tokensPerMinute: 1000 });
      const stream = app.stream('writer', sized(250));
      await stream.next();
      expect(quota.usage()).toEqual({ requests: 1, tokens: 250, inFlight: 1 });
      app.release('g');
      for await (const part of stream) void part;
      expect(quota.usage().inFlight).toBe(0);
    });

    it('refuses a request larger than the limit for good: a rate limit no wait helps, not retried', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'never' }]);
      const quota = app.quota('writer', { tokensPerMinute: 100 });
      const error = await app.reply('writer', sized(101)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CallFailed);
      const failure = (error as CallFailed).cause as ProviderFailure;
      expect(failure).toMatchObject({ kind: 'rate_limit', retryable: false, retryAfterMs: undefined });
      expect(failure.message).toContain('larger than the limit');
      expect(quota.refused).toHaveLength(1);
      expect(app.clock.slept).toEqual([]);
      await app.reset();
    });
  });

  describe('concurrent', () => {
    it('refuses a third stream while two are held, and admits one once a held stream ends', async () => {
      const app = createTestApp(config);
      app.fake('writer', [
        { parts: ['a', { hold: 'g' }, 'b'] },
        { parts: ['a', { hold: 'g' }, 'b'] },
        { text: 'third' },
      ]);
      const quota = app.quota('writer', { concurrent: 2 });
      const first = app.stream('writer', { messages: 'one' });
      const second = app.stream('writer', { messages: 'two' });
      expect((await first.next()).value).toEqual({ type: 'text', text: 'a' });
      expect((await second.next()).value).toEqual({ type: 'text', text: 'a' });

      const third = app.stream('writer', { messages: 'three' });
      const error = await third.next().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).failures.map((failure) => failure.kind)).toEqual([
        'rate_limit',
        'rate_limit',
        'rate_limit',
      ]);
      expect(quota.refused).toHaveLength(3);
      expect(quota.refused[0]).toMatchObject({ limit: 'concurrent', retryAfterMs: undefined });
      expect(app.clock.slept).toHaveLength(2); // the engine's own backoff: no retry-after to honour

      app.release('g');
      for await (const part of first) void part;
      expect(quota.usage().inFlight).toBe(1);
      expect((await app.reply('writer', { messages: 'three' })).text).toBe('third');
      app.release('g');
      for await (const part of second) void part;
      expect(quota.usage().inFlight).toBe(0);
    });

    it('lets a slot go when its caller breaks off the stream', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['a', { hold: 'g' }, 'b'] }, { text: 'next' }]);
      const quota = app.quota('writer', { concurrent: 1 });
      for await (const part of app.stream('writer', { messages: 'one' })) {
        expect(part).toEqual({ type: 'text', text: 'a' });
        break;
      }
      await new Promise((resolve) => setImmediate(resolve)); // the engine stops the provider's stream without waiting
      expect(quota.usage().inFlight).toBe(0);
      expect((await app.reply('writer', { messages: 'two' })).text).toBe('next');
    });

    it('counts a plain call in flight until it settles', async () => {
      const app = createTestApp(config);
      let finish!: () => void;
      const started = new Promise<void>((resolve) => (finish = resolve));
      app.fake('writer', { embed: () => started.then(() => [1, 0]) });
      const quota = app.quota('writer', { concurrent: 1 });
      const pending = app.embed('writer', 'one');
      await Promise.resolve();
      expect(quota.usage().inFlight).toBe(1);
      finish();
      expect(await pending).toEqual([1, 0]);
      expect(quota.usage().inFlight).toBe(0);
    });
  });
});

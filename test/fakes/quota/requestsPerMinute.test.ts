import { describe, expect, it } from 'vitest';
import { CallFailed, ProviderFailure } from 'standin';
import { createTestApp, Quota } from 'standin/testing';

const config = {
  models: {
    writer: { provider: 'openai', model: 'gpt-4.1-mini' },
    drafter: { provider: 'openai', model: 'gpt-4.1', fallback: ['backup'] },
    backup: { provider: 'anthropic', model: 'claude-haiku-4-5' },
    triage: { provider: 'openai', model: 'gpt-4.1-nano' },
  },
};

const hi = { messages: 'Hi' };

/** The provider failure a call that failed on every attempt ended with. */
function lastFailure(error: unknown): ProviderFailure {
  expect(error).toBeInstanceOf(CallFailed);
  const cause = (error as CallFailed).cause;
  expect(cause).toBeInstanceOf(ProviderFailure);
  return cause as ProviderFailure;
}

describe(Quota, () => {
  describe('requestsPerMinute', () => {
    it('refuses the 4th call of a 3 rpm quota with the time until the first call leaves the window', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: '1' }, { text: '2' }, { text: '3' }]);
      const quota = app.quota('writer', { requestsPerMinute: 3 });
      for (const at of [0, 10_000, 20_000]) {
        app.clock.advance(at - app.clock.now());
        await app.reply('writer', hi);
      }
      app.clock.advance(10_000);
      const failure = lastFailure(await app.reply('writer', hi, { retry: false }).catch((error: unknown) => error));
      expect(failure).toMatchObject({ kind: 'rate_limit', status: 429, provider: 'openai', retryAfterMs: 30_000 });
      expect(failure.message).toContain('requestsPerMinute is 3');
      expect(quota.refused).toEqual([
        { scope: '', model: 'writer', call: 'reply', at: 30_000, retryAfterMs: 30_000, limit: 'requestsPerMinute' },
      ]);
    });

    it("lets the engine's retries wait out each retry-after on the clock, so every call succeeds", async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: '1' }, { text: '2' }, { text: '3' }, { text: '4' }, { text: '5' }]);
      const quota = app.quota('writer', { requestsPerMinute: 3 });
      const texts: string[] = [];
      for (const at of [0, 10_000, 20_000, 30_000]) {
        app.clock.advance(at - app.clock.now());
        texts.push((await app.reply('writer', hi)).text);
      }
      texts.push((await app.reply('writer', hi)).text);
      expect(texts).toEqual(['1', '2', '3', '4', '5']);
      // The 4th waits until 60 s (the call at 0 leaves), the 5th until 70 s (the call at 10 s leaves).
      expect(app.clock.slept).toEqual([30_000, 10_000]);
      expect(app.clock.now()).toBe(70_000);
      expect(quota.refused.map((refusal) => [refusal.at, refusal.retryAfterMs])).toEqual([
        [30_000, 30_000],
        [60_000, 10_000],
      ]);
      await app.verify();
    });

    it('counts every capability a model offers as a request', async () => {
      const app = createTestApp(config);
      app.fake('writer', { reply: [{ text: 'Hi' }], embed: () => [0.5, 0.5] });
      app.quota('writer', { requestsPerMinute: 2 });
      await app.embed('writer', 'one');
      await app.reply('writer', hi);
      const failure = lastFailure(await app.embed('writer', 'two', { retry: false }).catch((error: unknown) => error));
      expect(failure.retryAfterMs).toBe(60_000);
    });

    it('shares the limits between the models it names, as models behind one API key do', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'w' }]);
      app.fake('triage', [{ text: 't' }]);
      const quota = app.quota(['writer', 'triage'], { requestsPerMinute: 1 });
      await app.reply('writer', hi);
      await app.reply('triage', hi);
      expect(quota.refused).toMatchObject([{ model: 'triage', retryAfterMs: 60_000 }]);
      expect(app.clock.slept).toEqual([60_000]);
    });

    it('covers every configured model when no model is named', async () => {
      const app = createTestApp(config);
      const quota = app.quota(undefined, { requestsPerMinute: 1 });
      expect(quota.models).toEqual(['writer', 'drafter', 'backup', 'triage']);
    });

    it('leaves the calls of models it does not name alone', async () => {
      const app = createTestApp(config);
      app.fake('triage', [{ text: 'a' }, { text: 'b' }]);
      app.quota('writer', { requestsPerMinute: 1 });
      await app.reply('triage', hi);
      await app.reply('triage', hi);
      expect(app.clock.slept).toEqual([]);
    });

    it("falls back to the model's fallback once the retries of a refused call run out", async () => {
      const app = createTestApp(config);
      app.fake('drafter', [{ text: 'drafter' }]);
      app.fake('backup', [{ text: 'backup' }]);
      app.quota('drafter', { requestsPerMinute: 1 });
      await app.reply('drafter', hi);
      const reply = await app.reply('drafter', hi, { retry: { attempts: 1 } });
      expect(reply.text).toBe('backup');
    });

    it('takes calls before the fakes put after it and before scope fakes', async () => {
      const app = createTestApp(config);
      const quota = app.quota('writer', { requestsPerMinute: 1 });
      app.fake('writer', [{ text: 'every scope' }]);
      app.scope('ann').fake('writer', [{ text: 'Ann' }]);
      await app.reply('writer', hi);
      const failure = lastFailure(
        await app.scope('ann', () => app.reply('writer', hi, { retry: false })).catch((error: unknown) => error),
      );
      expect(failure.kind).toBe('rate_limit');
      expect(quota.refused).toMatchObject([{ scope: 'ann' }]);
    });

    it('replaces the quota a model had when given another', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      app.quota('writer', { requestsPerMinute: 1 });
      const second = app.quota('writer', { requestsPerMinute: 2 });
      await app.reply('writer', hi);
      await app.reply('writer', hi);
      expect(second.refused).toEqual([]);
      expect(second.usage()).toEqual({ requests: 2, tokens: 4, inFlight: 0 }); // 'Hi' and 'a': 1 token in, 1 out
    });
  });

  describe("per: 'scope'", () => {
    it('keeps a window for each scope', async () => {
      const app = createTestApp(config);
      app.fake('writer', (request) => ({ text: String(request.messages.length) }));
      const quota = app.quota('writer', { requestsPerMinute: 1, per: 'scope' });
      await app.scope('ann', () => app.reply('writer', hi));
      await app.scope('bob', () => app.reply('writer', hi));
      expect(app.clock.slept).toEqual([]);
      await app.scope('ann', () => app.reply('writer', hi));
      expect(quota.refused).toMatchObject([{ scope: 'ann', retryAfterMs: 60_000 }]);
      expect(quota.usage('bob').requests).toBe(0); // bob's call left the window while ann waited
    });
  });
});

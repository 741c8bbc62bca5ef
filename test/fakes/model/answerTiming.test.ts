import { describe, expect, it } from 'vitest';
import { code } from 'standin';
import { createTestApp } from 'standin/testing';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

describe('FakeModel', () => {
  describe('.reply', () => {
    it('times: the step fails its first tries, then answers, across the engine retries', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ fail: 'rate_limit', retryAfterMs: 7, times: 2, text: 'third time' }]);
      const reply = await app.reply('writer', { messages: 'Hi' });
      expect(reply.text).toBe('third time');
      expect(app.clock.slept).toEqual([7, 7]);
    });

    it('failAfter: streams its first parts, then fails without a retry', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ reasoning: 'a', text: 'b', fail: 'server', failAfter: 1 }]);
      const seen: string[] = [];
      await expect(
        (async () => {
          for await (const part of app.stream('writer', { messages: 'Hi' })) seen.push(part.type);
        })(),
      ).rejects.toMatchObject({ code: code.E0005 });
      expect(seen).toEqual(['reasoning']);
    });

    it("delayMs and partDelayMs sleep on the app's clock", async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ reasoning: ['a', 'b'], text: 'c', delayMs: 50, partDelayMs: 5 }]);
      await app.reply('writer', { messages: 'Hi' });
      expect(app.clock.slept).toEqual([50, 5, 5]);
    });

    it('refuses failAfter past the parts, and times without fail, when the fake is made (T0003)', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ text: 'x', fail: 'server', failAfter: 3 }])).toThrow(
        /failAfter: 3 parts stream before the failure, and the answer has 1/,
      );
      expect(() => app.fake('writer', [{ text: 'x', times: 1 }])).toThrow(
        /times says how the answer fails, and it has no fail/,
      );
    });
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../src/testing.js';

const config = {
  models: { writer: { provider: 'anthropic', model: 'claude-test' } },
  retry: { attempts: 3, baseDelayMs: 100, jitter: 0 },
};

describe('FakeModel', () => {
  describe('an answer with fail and retryAfterMs', () => {
    it('fails the call with that wait, which the engine honours before trying again', async () => {
      const app = createTestApp(config);
      app.fake('writer', (_request, call) =>
        call.attempt === 1 ? { fail: 'rate_limit', retryAfterMs: 2000 } : { text: 'Hi' },
      );
      const reply = await app.reply('writer', { messages: 'Hello' });
      expect(reply.text).toBe('Hi');
      expect(app.clock.slept).toEqual([2000]);
    });

    it('throws T0003 for retryAfterMs without fail', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ text: 'Hi', retryAfterMs: 5 }])).toThrow(
        expect.objectContaining({ code: 'T0003', message: expect.stringContaining('answers[0].retryAfterMs') }),
      );
    });

    it('throws T0003 for a retryAfterMs that is not a whole number of milliseconds', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ fail: 'server', retryAfterMs: -1 }])).toThrow(
        expect.objectContaining({ code: 'T0003' }),
      );
    });
  });
});

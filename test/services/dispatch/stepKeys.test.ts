import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { Tokens } from '../../../src/index.js';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';

const config = {
  models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
  retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0 },
} as const;

/** A test app on a store the test can look into. */
function withStore(store: MemoryCursorStore): TestApp {
  return createTestApp(
    config,
    new ContainerModule(({ rebind }) => void rebind(Tokens.CursorStore).toConstantValue(store)),
  );
}

describe('Dispatcher', () => {
  describe('.call', () => {
    it('makes two calls that share a caller-given requestId two steps, each with its own answer', async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ text: 'first' }, { text: 'second' }]);
      const one = await app.reply('writer', { messages: 'a' }, { requestId: 'same' });
      const two = await app.reply('writer', { messages: 'b' }, { requestId: 'same' });
      expect([one.text, two.text]).toEqual(['first', 'second']);
      expect(await writer.pending()).toEqual([]);
      expect(writer.sent.map((call) => call.step)).toEqual([
        expect.stringMatching(/^call:/),
        expect.stringMatching(/^call:/),
      ]);
      expect(writer.sent[0]!.step).not.toBe(writer.sent[1]!.step);
    });

    it("keeps one step key across the engine's own retries of a call, so every retry replays its answer", async () => {
      const app = createTestApp(config);
      const writer = app.fake('writer', [{ fail: 'server' }, { text: 'never reached' }]);
      await expect(app.reply('writer', { messages: 'a' }, { requestId: 'r1' })).rejects.toMatchObject({
        name: 'CallFailed',
      });
      expect(writer.sent.map((call) => call.attempt)).toEqual([1, 2, 3]);
      expect(new Set(writer.sent.map((call) => call.step)).size).toBe(1);
      expect((await writer.pending()).map((p) => p.index)).toEqual([1]);
    });

    it('makes a call that names the stepKey of an earlier one the same step: it replays that answer', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ text: 'first' }, { text: 'second' }]);
      await app.reply('writer', { messages: 'a' }, { stepKey: 'client-retry' });
      const again = await app.reply('writer', { messages: 'a' }, { stepKey: 'client-retry' });
      expect(again.text).toBe('first');
    });

    it('forgets the step record of a call outside a run once the call is over, so memory stays bounded', async () => {
      const store = new MemoryCursorStore();
      const app = withStore(store);
      const answers = Array.from({ length: 20_000 }, () => ({ text: 'ok' }));
      app.fake('writer', answers);
      for (let i = 0; i < answers.length; i++) await app.reply('writer', { messages: 'a' });
      expect(store.stepCount).toBe(0);
    });

    it('keeps the step records of a run, which a later run given its runId replays', async () => {
      const store = new MemoryCursorStore();
      const app = withStore(store);
      app.fake('writer', [{ text: 'ran' }]);
      const run = await app.run({ model: 'writer' }, 'Hi');
      expect(store.stepCount).toBe(1);
      expect((await app.run({ model: 'writer' }, 'Hi', { runId: run.runId })).text).toBe('ran');
    });
  });
});

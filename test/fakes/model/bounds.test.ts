import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { caught, makeApp } from './fixtures.js';

const quick = {
  models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
  providers: { anthropic: { timeoutMs: 50 } },
} as const;

describe('FakeModel', () => {
  describe('.sent', () => {
    it('keeps the latest 10,000 calls, so a fake answering without end holds flat memory', async () => {
      const app = makeApp();
      const writer = app.fake('writer', (request) => ({ text: String(request.messages.length) }));
      for (let i = 0; i < 10_050; i++) await app.reply('writer', { messages: `call ${i}` });
      expect(writer.sent).toHaveLength(10_000);
      expect(JSON.stringify(writer.sent[0]!.input)).toContain('call 50');
      expect(JSON.stringify(writer.sent.at(-1)!.input)).toContain('call 10049');
    });

    it('cannot be changed from outside: the list and its entries are frozen', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.reply('writer', { messages: 'one' });
      const sent = writer.sent as unknown as unknown[];
      expect(Object.isFrozen(sent)).toBe(true);
      expect(Object.isFrozen(sent[0])).toBe(true);
      expect(() => sent.pop()).toThrow(TypeError);
      expect(() => sent.push({ call: 'reply' })).toThrow(TypeError);
      expect(() => ((sent[0] as { call: string }).call = 'embed')).toThrow(TypeError);
      expect(writer.sent).toHaveLength(1);
      await app.reply('writer', { messages: 'two' });
      expect(writer.sent).toHaveLength(2);
      expect(sent).toHaveLength(1);
    });
  });

  describe('a function whose promise never settles', () => {
    it("fails the call with T0047 after the model's provider timeoutMs", async () => {
      const app = createTestApp(quick);
      const writer = app.fake('writer', () => new Promise<{ text: string }>(() => undefined));
      const error = await caught(() => app.reply('writer', { messages: 'x' }));
      expect(error.code).toBe(code.T0047);
      expect(error.message).toContain('answers(request) returned did not settle within 50 ms');
      expect(writer.sent).toHaveLength(1);
    });

    it("fails with the signal's reason as soon as the call is aborted", async () => {
      const app = createTestApp({ models: quick.models });
      app.fake('writer', () => new Promise<{ text: string }>(() => undefined));
      const controller = new AbortController();
      const reason = new Error('user left');
      const call = app.reply('writer', { messages: 'x' }, { signal: controller.signal });
      controller.abort(reason);
      expect(await caught(() => call)).toBe(reason);
    });

    it('bounds a call of a record the same way', async () => {
      const app = createTestApp(quick);
      app.fake('writer', { embed: () => new Promise<number[]>(() => undefined) });
      expect((await caught(() => app.embed('writer', 'x'))).code).toBe(code.T0047);
    });
  });
});

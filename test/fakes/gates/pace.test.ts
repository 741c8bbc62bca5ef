import { describe, expect, it } from 'vitest';
import { code, type ReplyPart } from 'standin';
import { createTestApp, fakeProvider } from 'standin/testing';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-test' } } };

async function collect(stream: AsyncIterable<ReplyPart>): Promise<ReplyPart[]> {
  const parts: ReplyPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

describe('FakeModel', () => {
  describe('an answer with a pace', () => {
    it("waits firstMs before the first part and 1000 / perSecond between parts, on the app's instant clock", async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['a', 'b', 'c'], pace: { firstMs: 400, perSecond: 20 } }]);
      const parts = await collect(app.stream('writer', { messages: 'Hi' }));
      expect(parts.filter((part) => part.type === 'text')).toHaveLength(3);
      expect(app.clock.slept).toEqual([400, 50, 50]);
    });

    it('paces an answer written field by field as its parts stream', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ reasoning: ['a', 'b'], text: 'c', pace: { perSecond: 4 } }]);
      expect((await app.reply('writer', { messages: 'Hi' })).text).toBe('c');
      expect(app.clock.slept).toEqual([250, 250]);
    });

    it('with real: true, waits on the system clock even in a test app', async () => {
      const app = createTestApp(config);
      app.fake('writer', [{ parts: ['a', 'b'], pace: { firstMs: 60, perSecond: 20, real: true } }]);
      const started = Date.now();
      await app.reply('writer', { messages: 'Hi' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
      expect(app.clock.slept).toEqual([]);
    });

    it('refuses a pace beside delayMs or partDelayMs (T0003)', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ text: 'x', pace: { firstMs: 5 }, partDelayMs: 5 }])).toThrow(
        /answers\[0\]\.pace: pace says when the parts come, and the answer gives partDelayMs too/,
      );
    });

    it('refuses a malformed pace, naming the field (T0003)', () => {
      const app = createTestApp(config);
      expect(() => app.fake('writer', [{ text: 'x', pace: { perSecond: -1 } }])).toThrow(
        expect.objectContaining({ code: code.T0003, message: expect.stringMatching(/answers\[0\]\.pace\.perSecond/) }),
      );
    });
  });

  describe('.pace', () => {
    it('paces every answer that names no pace or delays of its own', async () => {
      const app = createTestApp(config);
      app
        .fake('writer', [{ parts: ['a', 'b'] }, { parts: ['c', 'd'], pace: { firstMs: 1 } }, { text: 'e', delayMs: 9 }])
        .pace({ firstMs: 300, perSecond: 10 });
      await app.reply('writer', { messages: 'one' });
      await app.reply('writer', { messages: 'two' });
      await app.reply('writer', { messages: 'three' });
      expect(app.clock.slept).toEqual([300, 100, 1, 9]);
    });

    it('refuses a malformed pace (T0074)', () => {
      const fake = fakeProvider([{ text: 'x' }]);
      expect(() => fake.pace({ firstMs: 1.5 })).toThrow(expect.objectContaining({ code: code.T0074 }));
      expect(() => fake.pace({ perSecond: 5, slow: true } as never)).toThrow(/fakeProvider\(answers\)\.pace\(pace\)/);
    });
  });
});

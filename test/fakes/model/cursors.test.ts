import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code, Tokens } from '../../../src/index.js';
import { createTestApp } from '../../../src/testing.js';
import { caught, config, helpdesk, makeApp, seedAnswers } from './fixtures.js';

describe('FakeModel cursors: per container, per scope, never per process', () => {
  describe('two scopes of one app each start at the first answer and never see each other’s', () => {
    it('a scope starts at the first answer, whatever another scope took', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'first' }, { text: 'second' }]);
      const a1 = await app.scope('a', () => app.reply('writer', { messages: 'x' }));
      const b1 = await app.scope('b', () => app.reply('writer', { messages: 'x' }));
      const a2 = await app.scope('a', () => app.reply('writer', { messages: 'x' }));
      const b2 = await app.scope('b', () => app.reply('writer', { messages: 'x' }));
      expect([a1.text, b1.text, a2.text, b2.text]).toEqual(['first', 'first', 'second', 'second']);
    });

    it('the default partition (outside any scope) is a scope of its own', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'first' }, { text: 'second' }]);
      await app.scope('a', () => app.reply('writer', { messages: 'x' }));
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('first');
    });

    it('thousands of interleaved scopes each run the whole script, in order', { timeout: 30_000 }, async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      const writer = app.fake('writer', [...seedAnswers]);
      const runs = await Promise.all(
        Array.from({ length: 2000 }, (_, i) => app.scope(`request-${i}`, () => app.run(agent, `question ${i}`))),
      );
      for (const run of runs) {
        expect(run.steps.map((s) => s.reply.calls.length)).toEqual([1, 0]);
        expect(run.text).toBe(seedAnswers[1].text);
      }
      expect(writer.sent).toHaveLength(4000);
      await writer.verify();
    });

    it('under any interleaving, each scope is given every answer once, with none skipped', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 40 }),
          async (order) => {
            const app = makeApp();
            const answers = Array.from({ length: 40 }, (_, i) => ({ text: String(i) }));
            app.fake('writer', answers);
            const replies = await Promise.all(
              order.map((scope) =>
                app.scope(scope, async () => ({ scope, text: (await app.reply('writer', { messages: 'x' })).text })),
              ),
            );
            for (const scope of new Set(order)) {
              const got = replies.filter((r) => r.scope === scope).map((r) => Number(r.text));
              expect(got.sort((x, y) => x - y)).toEqual(Array.from({ length: got.length }, (_, i) => i));
            }
          },
        ),
        { numRuns: 100 },
      );
    });

    it('a run given its runId again in another scope starts that scope’s script', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      app.fake('writer', [...seedAnswers]);
      await app.scope('a', () => app.run(agent, 'How?', { runId: 'r' }));
      const again = await app.scope('b', () => app.run(agent, 'How?', { runId: 'r' }));
      expect(again.text).toBe(seedAnswers[1].text);
    });
  });

  describe('two apps with content-equal answer lists never share a cursor', () => {
    it('each app starts at the first answer', async () => {
      const one = makeApp();
      const two = makeApp();
      const answers = [{ text: 'first' }, { text: 'second' }];
      one.fake('writer', answers);
      two.fake('writer', answers);
      expect((await one.reply('writer', { messages: 'x' })).text).toBe('first');
      expect((await two.reply('writer', { messages: 'x' })).text).toBe('first');
      expect((await one.reply('writer', { messages: 'x' })).text).toBe('second');
    });

    it('two fakes of one app with equal lists keep two cursors', async () => {
      const app = makeApp();
      const answers = [{ text: 'first' }, { text: 'second' }];
      app.fake('writer', answers);
      app.fake('solo', answers);
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('first');
      expect((await app.reply('solo', { messages: 'x' })).text).toBe('first');
    });

    it('keeps its cursors in the container’s cursor store', async () => {
      const app = makeApp();
      app.fake('writer', [{ text: 'first' }, { text: 'second' }]);
      await app.reply('writer', { messages: 'x' });
      await app.container.get(Tokens.CursorStore).reset();
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('first');
    });
  });

  describe('strict scopes', () => {
    it('a call outside any scope fails S0001, and pending() outside a scope reads the default partition', async () => {
      const app = createTestApp({ ...config, strictScopes: true });
      const writer = app.fake('writer', [{ text: 'a' }]);
      expect((await caught(() => app.reply('writer', { messages: 'x' }))).code).toBe(code.S0001);
      await app.scope('t', () => app.reply('writer', { messages: 'x' }));
      expect(await writer.pending()).toHaveLength(1);
      expect(await app.scope('t', () => writer.pending())).toEqual([]);
    });
  });
});

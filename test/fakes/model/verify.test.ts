import { afterEach, describe, expect, it } from 'vitest';
import { code, StandinError } from '../../../src/index.js';
import type { FakeModel } from '../../../src/testing.js';
import { caught, helpdesk, makeApp, seedAnswers } from './fixtures.js';

describe('FakeModel answers not yet given', () => {
  describe('.pending()', () => {
    it('lists the answers not yet given, with their indexes', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
      expect((await writer.pending()).map((p) => p.index)).toEqual([0, 1, 2]);
      await app.reply('writer', { messages: 'x' });
      expect(await writer.pending()).toEqual([
        { index: 1, answer: { text: 'b' } },
        { index: 2, answer: { text: 'c' } },
      ]);
    });

    it('answers per scope: the scope it is called in, or the one named', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.scope('s', () => app.reply('writer', { messages: 'x' }));
      expect(await writer.pending()).toHaveLength(2);
      expect(await app.scope('s', () => writer.pending())).toHaveLength(1);
      expect(await writer.pending('s')).toHaveLength(1);
    });

    it('is empty once a call has run past the last answer', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }]);
      await app.reply('writer', { messages: 'x' });
      await caught(() => app.reply('writer', { messages: 'x' }));
      expect(await writer.pending()).toEqual([]);
    });

    it('lists the reply list of a record', async () => {
      const writer = makeApp().fake('writer', { reply: [{ text: 'a' }], embed: () => [1] });
      expect(await writer.pending()).toEqual([{ index: 0, answer: { text: 'a' } }]);
    });
  });

  describe('.verify()', () => {
    it('throws T0014 listing the answers never asked for, by index and a short summary', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [
        { text: 'asked' },
        { calls: [{ tool: 'findInGuide', with: { words: 'x' } }] },
        { text: 'A rather long text that goes on and on past the summary limit', value: { n: 1 } },
        { fail: 'server' },
      ]);
      await app.reply('writer', { messages: 'x' });
      const error = await caught(() => writer.verify());
      expect(error).toBeInstanceOf(StandinError);
      expect(error.code).toBe(code.T0014);
      expect(error.message).toBe(
        [
          "T0014: app.fake('writer', answers): answers were never asked for.",
          'In the default scope, 3 of 4 answers never asked for:',
          '  answers[1] { calls: [findInGuide] }',
          '  answers[2] { text: "A rather long text that goes on and on …", value: {"n":1} }',
          "  answers[3] { fail: 'server' }",
          'Remove them, or find why the app asked the model fewer times than the test expects.',
        ].join('\n'),
      );
    });

    it('passes once every answer was asked for', async () => {
      const app = makeApp();
      const { agent } = helpdesk();
      const writer = app.fake('writer', [...seedAnswers]);
      await app.run(agent, 'How?');
      await expect(writer.verify()).resolves.toBeUndefined();
    });

    it('a fake never called has every answer unused', async () => {
      const writer = makeApp().fake('writer', [{ text: 'a' }, { text: 'b' }]);
      const error = await caught(() => writer.verify());
      expect(error.code).toBe(code.T0014);
      expect(error.message).toContain(
        'In the default scope, 2 of 2 answers never asked for (the model was never asked there):',
      );
    });

    it('called outside any scope, checks every scope the fake was used in, with no false failures', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.scope('test-1', async () => {
        await app.reply('writer', { messages: 'x' });
        await app.reply('writer', { messages: 'y' });
      });
      await expect(writer.verify()).resolves.toBeUndefined();
    });

    it('reports each scope that stopped short, by name', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.scope('full', async () => {
        await app.reply('writer', { messages: 'x' });
        await app.reply('writer', { messages: 'y' });
      });
      await app.scope('short', () => app.reply('writer', { messages: 'x' }));
      const error = await caught(() => writer.verify());
      expect(error.message).toContain(
        'In scope \'short\', 1 of 2 answers never asked for:\n  answers[1] { text: "b" }',
      );
      expect(error.message).not.toContain("scope 'full'");
    });

    it('given a scope, checks that scope only', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }]);
      await app.scope('used', () => app.reply('writer', { messages: 'x' }));
      await expect(writer.verify('used')).resolves.toBeUndefined();
      expect((await caught(() => writer.verify('other'))).message).toContain(
        "In scope 'other', 1 of 1 answer never asked for",
      );
    });

    it('has nothing to verify for a function, an empty list, or a record without a reply list', async () => {
      const app = makeApp();
      for (const answers of [() => ({ text: 'x' }), [], { embed: () => [1] }])
        await expect(app.fake('writer', answers).verify()).resolves.toBeUndefined();
    });
  });

  describe('.verify() in afterEach, so an unused answer fails the test', () => {
    const app = makeApp();
    let writer: FakeModel | undefined;
    afterEach(async () => {
      await writer?.verify();
    });

    it('a test that uses every answer inside a scope passes the afterEach check', async () => {
      writer = app.fake('writer', [{ text: 'only' }]);
      await app.scope('after-each', () => app.reply('writer', { messages: 'x' }));
    });
  });
});

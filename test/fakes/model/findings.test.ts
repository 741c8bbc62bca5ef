import { describe, expect, it } from 'vitest';
import { code, Tokens, type CursorStore } from '../../../src/index.js';
import { FakeModel, type Answers, type TestApp } from '../../../src/testing.js';
import { caught, makeApp } from './fixtures.js';

/** An app's handler that answers 500 on any error, as a web framework does. */
function handler(app: TestApp, messages: string): () => Promise<number> {
  return () =>
    app.reply('writer', { messages }).then(
      () => 200,
      () => 500,
    );
}

/** The code `verify()` throws, or undefined when it passes. */
async function verified(fake: { verify(): Promise<void> }): Promise<string | undefined> {
  return fake.verify().then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

describe(FakeModel, () => {
  describe('.findings', () => {
    it('reports every answer of a fake never called as unused in the default scope', async () => {
      const writer = makeApp().fake('writer', [{ text: 'a' }, { text: 'b' }]);
      expect(await writer.findings()).toEqual([
        {
          scope: '',
          code: code.T0014,
          line: 'answers[0] { text: "a" } never asked for (the model was never asked there)',
        },
        {
          scope: '',
          code: code.T0014,
          line: 'answers[1] { text: "b" } never asked for (the model was never asked there)',
        },
      ]);
    });

    it('reports each answer never asked for as one finding, in the scope that left it', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
      await app.scope('short', () => app.reply('writer', { messages: 'x' }));
      expect(await writer.findings()).toEqual([
        { scope: 'short', code: code.T0014, line: 'answers[1] { text: "b" } never asked for' },
        { scope: 'short', code: code.T0014, line: 'answers[2] { text: "c" } never asked for' },
      ]);
    });

    it('reports nothing for a scope that took every answer', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }]);
      await app.scope('full', () => app.reply('writer', { messages: 'x' }));
      expect(await writer.findings()).toEqual([]);
    });

    it('given a scope, reports that scope only', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }]);
      await app.scope('used', () => app.reply('writer', { messages: 'x' }));
      expect(await writer.findings('used')).toEqual([]);
      expect(await writer.findings('other')).toEqual([
        {
          scope: 'other',
          code: code.T0014,
          line: 'answers[0] { text: "a" } never asked for (the model was never asked there)',
        },
      ]);
    });

    it("reports a test author's error the app caught as T0046, naming the call", async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'one' }]);
      await app.scope('req-a', handler(app, 'a'));
      expect(await app.scope('req-a', handler(app, 'b'))).toBe(500);
      const found = await writer.findings();
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ scope: 'req-a', code: code.T0046 });
      const call = /^model 'writer', step 'call:[^']+', attempt 1: /;
      expect(found[0]!.line).toMatch(call);
      const error = /^T0013 app\.fake\('writer', answers\): model 'writer' was faked with 1 answer/;
      expect(found[0]!.line.replace(call, '')).toMatch(error);
    });

    it('lists kept errors first, then the answers never asked for', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ calls: [{ tool: 'missing' }] }, { text: 'b' }]);
      expect(await handler(app, 'a')()).toBe(500);
      expect((await writer.findings()).map((finding) => finding.code)).toEqual([code.T0046, code.T0014]);
    });

    it('names released scopes by the first of them, and says they were released', async () => {
      const app = makeApp();
      const store: CursorStore = app.container.get(Tokens.CursorStore);
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.scope('request:1', () => app.reply('writer', { messages: 'x' }));
      await store.release!('request:1');
      expect(await writer.findings()).toEqual([
        {
          scope: 'request:1',
          code: code.T0014,
          line: 'answers[1] { text: "b" } never asked for in 1 released scope (\'request:1\')',
        },
      ]);
    });

    it('never throws for what it reports', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await handler(app, 'a')();
      await app.scope('s', async () => {
        await handler(app, 'a')();
        await handler(app, 'b')();
        await handler(app, 'c')();
      });
      await expect(writer.findings()).resolves.toHaveLength(2);
    });

    it('has nothing to report for a function, an empty list, or a record without a reply list', async () => {
      const app = makeApp();
      for (const answers of [() => ({ text: 'x' }), [], { embed: () => [1] }]) {
        expect(await app.fake('writer', answers).findings()).toEqual([]);
      }
    });

    it('is what verify() throws for: verify passes exactly when it is empty, and throws its first code', async () => {
      const app = makeApp();
      const twice = async () => Promise.all([handler(app, 'a')(), handler(app, 'b')()]);
      const cases: Array<[Answers, () => Promise<unknown>]> = [
        [[{ text: 'a' }], async () => undefined],
        [[{ text: 'a' }], handler(app, 'a')],
        [[{ text: 'a' }, { text: 'b' }], handler(app, 'a')],
        [[{ text: 'a' }], twice],
        [() => 'plain' as never, handler(app, 'a')],
        [() => ({ text: 'fine' }), handler(app, 'a')],
      ];
      const codes: Array<string | undefined> = [];
      for (const [answers, act] of cases) {
        const writer = app.fake('writer', answers);
        await act();
        const found = await writer.findings();
        expect(await verified(writer)).toBe(found[0]?.code);
        codes.push(found[0]?.code);
      }
      expect(codes).toEqual([code.T0014, undefined, code.T0014, code.T0046, code.T0046, undefined]);
    });

    it("reads the one scope a scope's fake answers in when given none", async () => {
      const app = makeApp();
      const writer = app.scope('mine').fake('writer', [{ text: 'a' }]);
      expect(await writer.findings()).toEqual([
        {
          scope: 'mine',
          code: code.T0014,
          line: 'answers[0] { text: "a" } never asked for (the model was never asked there)',
        },
      ]);
    });

    it('rejects when the store cannot be read', async () => {
      const store = { scopesOf: () => Promise.reject(new Error('store down')) } as unknown as CursorStore;
      const fake = new FakeModel([{ text: 'a' }], { store });
      await expect(fake.findings()).rejects.toThrow('store down');
    });
  });

  describe('.forget', () => {
    it('empties sent', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.reply('writer', { messages: 'x' });
      expect(writer.sent).toHaveLength(1);
      writer.forget();
      expect(writer.sent).toEqual([]);
      await app.reply('writer', { messages: 'y' });
      const messages = writer.sent.map((entry) => entry.call === 'reply' && entry.input.messages[0]);
      expect(messages).toEqual([{ role: 'user', content: 'y' }]);
    });

    it("forgets the test author's errors kept for verify", async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'one' }]);
      await handler(app, 'a')();
      expect(await handler(app, 'b')()).toBe(500);
      expect((await caught(() => writer.verify())).code).toBe(code.T0046);
      writer.forget();
      expect(await writer.findings()).toEqual([]);
      await expect(writer.verify()).resolves.toBeUndefined();
    });

    it('leaves the cursors, which live in the store: the next call gets the next answer', async () => {
      const app = makeApp();
      const writer = app.fake('writer', [{ text: 'a' }, { text: 'b' }]);
      await app.reply('writer', { messages: 'x' });
      writer.forget();
      expect((await app.reply('writer', { messages: 'y' })).text).toBe('b');
    });
  });
});

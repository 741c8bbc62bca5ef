import { describe, expect, it } from 'vitest';
import { ClassificationResponse, type StandinError, Tokens } from '../../src/index.js';
import { FakeClassifier } from '../../src/testing.js';
import { createTestApp } from '../../src/testing.js';
import { questions } from '../fakes/classification/fixtures.js';

const STATE = 'My payouts failed twice this week.';

describe('TestApp', () => {
  describe('.fakeClassifier', () => {
    it('stands the fake in on the classifier slot of that app only, over what Tokens.Classifier binds', async () => {
      const app = createTestApp();
      const other = createTestApp();
      const fake = app.fakeClassifier([{ answers: { d: 'sales' } }]);
      expect(fake).toBeInstanceOf(FakeClassifier);
      expect(app.container.isBound(Tokens.Classifier)).toBe(false);
      expect((await app.classify(STATE, questions())).answer('d')!.choice).toBe('sales');
      await expect(other.classify(STATE, questions())).rejects.toMatchObject({ code: 'K0005' });
    });

    it('with no script (or []) answers every question with its default, on every call', async () => {
      for (const script of [undefined, []]) {
        const app = createTestApp();
        app.fakeClassifier(script);
        for (let i = 0; i < 3; i++)
          expect((await app.classify(STATE, questions())).answer('d')!.choice).toBe('billing');
      }
    });

    it('replaces a classifier bound before, and the new script starts at its first entry', async () => {
      const app = createTestApp();
      app.fakeClassifier([{ answers: { y: 0.1 } }]);
      await app.classify(STATE, questions());
      app.fakeClassifier([{ answers: { y: 0.2 } }]);
      expect((await app.classify(STATE, questions())).answer('y')!.yesProbability).toBe(0.2);
    });

    it('checks the script at once', () => {
      const error = (() => {
        try {
          createTestApp().fakeClassifier([{ answers: {} }, { retryUntilCall: -1 }]);
        } catch (e) {
          return e as StandinError;
        }
        throw new Error('expected a throw');
      })();
      expect(error.code).toBe('K0010');
      expect(error.message).toContain('index 1');
    });

    it("keeps its cursors in the app's cursor store", async () => {
      const app = createTestApp();
      app.fakeClassifier([{ answers: {} }, { answers: {} }]);
      await app.classify(STATE, questions());
      const store = app.container.get(Tokens.CursorStore);
      await store.reset();
      // The store is where the cursor lived: forgetting it starts the script again.
      await app.classify(STATE, questions());
      await app.classify(STATE, questions());
      await expect(app.classify(STATE, questions())).rejects.toMatchObject({ reason: 'unknown' });
    });
  });

  describe("the fake's verify()", () => {
    it('passes when every script entry was used', async () => {
      const app = createTestApp();
      const fake = app.fakeClassifier([{ answers: {} }, { retryUntilCall: 2 }, { answers: {} }]);
      await app.classify(STATE, questions());
      await app.classify(STATE, questions());
      await expect(fake.verify()).resolves.toBeUndefined();
      expect(await fake.pending()).toEqual([]);
    });

    it('throws a clear error listing the entries never used, with their scope', async () => {
      const app = createTestApp();
      const fake = app.fakeClassifier([{ answers: { d: 'sales' } }, { answers: { y: 0.9 } }]);
      await app.classify(STATE, questions());
      const error = await fake.verify().then(
        () => {
          throw new Error('expected verify to throw');
        },
        (e: StandinError) => e,
      );
      expect(error.code).toBe('K0012');
      expect(error.message).toBe(
        'K0012: FakeClassifier: 1 script entry was never used:\n' +
          '  [1] {"answers":{"y":0.9}} — scope ""\n' +
          'Remove them, or find out why the code under test classified fewer times than the script expects.',
      );
    });

    it('checks every scope in which the fake was used', async () => {
      const app = createTestApp();
      const fake = app.fakeClassifier([{ answers: {} }, { answers: {} }]);
      await app.scope('a', async () => {
        await app.classify(STATE, questions());
        await app.classify(STATE, questions());
      });
      await app.scope('b', () => app.classify(STATE, questions()));
      expect(await fake.pending()).toEqual([{ scope: 'b', index: 1, entry: { answers: {} } }]);
      await expect(fake.verify()).rejects.toThrow(/scope "b"/);
    });

    it('lists every entry when the fake was never called', async () => {
      const app = createTestApp();
      const fake = app.fakeClassifier([{ answers: {} }]);
      await expect(fake.verify()).rejects.toThrow(/the fake was never called/);
    });

    it('has nothing to verify without a script of its own', async () => {
      const app = createTestApp();
      const fake = app.fakeClassifier();
      await expect(fake.verify()).resolves.toBeUndefined();
      await expect(app.classify(STATE, questions())).resolves.toBeInstanceOf(ClassificationResponse);
    });
  });
});

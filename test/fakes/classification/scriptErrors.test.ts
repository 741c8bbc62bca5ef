import { describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ClassificationQuestion as Q, code } from '../../../src/index.js';
import { FakeClassifier } from '../../../src/testing.js';
import { createTestApp } from '../../../src/testing.js';
import { request } from './fixtures.js';

const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };

async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error & { code?: string };
}

describe(FakeClassifier, () => {
  describe('.classify with a capture callback', () => {
    it("rejects with K0013, the capture's own error, when the callback throws — not K0007 blaming the classifier", async () => {
      const app = createTestApp();
      app.fakeClassifier([{ answers: { team: 'billing' } }]);
      const thrown = new Error('capture broke');
      const error = await rejection(
        app.classify('Refund me.', questions, {
          adapterOpts: {
            capture: () => {
              throw thrown;
            },
          },
        }),
      );
      expect(error.code).toBe(code.K0013);
      expect(error.message).toContain('the capture callback (adapterOpts.capture) failed with Error: capture broke');
      expect(error.message).toContain('The classifier was not at fault');
      expect(error.cause).toBe(thrown);
    });

    it('awaits an async capture: its rejection is K0013, never an unhandled rejection', async () => {
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const app = createTestApp();
        app.fakeClassifier([{ answers: { team: 'billing' } }]);
        const error = await rejection(
          app.classify('Refund me.', questions, {
            adapterOpts: {
              capture: async () => {
                throw new Error('async capture broke');
              },
            },
          }),
        );
        expect(error.code).toBe(code.K0013);
        expect(error.message).toContain('async capture broke');
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    });

    it('lets an async capture that resolves see the call, and answers as before', async () => {
      const fake = new FakeClassifier();
      const seen: string[] = [];
      const response = await fake.classify(request(), {
        adapterOpts: { capture: async ({ request }) => void seen.push(request.state as string) },
      });
      expect(seen).toEqual(['My payouts failed twice this week.']);
      expect(response.answer('d')?.choice).toBe('billing');
    });
  });

  describe('.classify past the end of the script (K0008)', () => {
    it('says how many entries the script had, which call ran past them, in which scope, and what to do', async () => {
      const app = createTestApp();
      app.fakeClassifier([{ answers: { team: 'billing' } }, { answers: { team: 'technical' } }]);
      await app.scope('ticket-7', async () => {
        await app.classify('a', questions);
        await app.classify('b', questions);
        const error = await rejection(app.classify('c', questions, { requestId: 'third' }));
        expect(error).toBeInstanceOf(ClassificationAdapterError);
        expect(error.code).toBe(code.K0008);
        expect((error as ClassificationAdapterError).metadata).toEqual({ cause: 'classification_script_exhausted' });
        expect(error.message).toBe(
          "K0008: FakeClassifier script exhausted: the script has 2 entries, and call 3 ran past them (request 'third', in scope 'ticket-7'). Add an entry for it, or find why the code under test classifies more often than the test expects.",
        );
      });
    });
  });

  describe('.verify', () => {
    it('fails with K0014 when a call ran past the script, even though the app caught the error', async () => {
      const app = createTestApp();
      const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }]);
      const handler = async (): Promise<number> =>
        app.classify('x', questions, { requestId: 'req-2' }).then(
          () => 200,
          () => 500,
        );
      expect(await handler()).toBe(200);
      expect(await app.scope('e2e-1', handler)).toBe(200);
      expect(await app.scope('e2e-1', handler)).toBe(500);
      const error = await rejection(classifier.verify());
      expect(error.code).toBe(code.K0014);
      expect(error.message).toContain("In scope 'e2e-1', request 'req-2': K0008 FakeClassifier script exhausted");
      expect(error.message).toContain('1 call raised');
    });

    it('fails with K0014 for an answer that does not fit its question (K0011) the app swallowed', async () => {
      const app = createTestApp();
      const classifier = app.fakeClassifier([{ answers: { team: 'legal' } }]);
      await app.classify('x', questions).catch(() => undefined);
      const error = await rejection(classifier.verify());
      expect(error.code).toBe(code.K0014);
      expect(error.message).toContain('K0011');
    });

    it('does not count a provider-like error the script gave on purpose ({ error })', async () => {
      const app = createTestApp();
      const classifier = app.fakeClassifier([
        { error: new ClassificationAdapterError('invalid_request', { message: 'scripted' }) },
      ]);
      await app.classify('x', questions).catch(() => undefined);
      await expect(classifier.verify()).resolves.toBeUndefined();
    });

    it('still passes when every call was answered and every entry used', async () => {
      const app = createTestApp();
      const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }]);
      await app.classify('x', questions);
      await expect(classifier.verify()).resolves.toBeUndefined();
    });
  });
});

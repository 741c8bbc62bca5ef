import { afterEach, describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q, ClassificationRequest } from 'standin';
import { createTestApp, FakeClassification, type ClassificationSent, type TestApp } from 'standin/testing';

const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };
const apps: TestApp[] = [];
const app = (settings: Parameters<typeof createTestApp>[0] = {}): TestApp => {
  const made = createTestApp(settings);
  apps.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(apps.splice(0).map((made) => made.dispose()));
});

describe('FakeClassification', () => {
  describe('.sent', () => {
    it('lists what the classifier was asked, one entry per call, with its scope, step and attempt', async () => {
      const test = app();
      const fake = test.fakeClassifier([{ answers: { team: 'billing' } }, { answers: { team: 'technical' } }]);
      await test.classify('My card was charged twice.', questions);
      await test.scope('t1', () => test.classify('The app crashes.', questions));
      const sent: readonly ClassificationSent[] = fake.sent;
      expect(sent.map((entry) => [entry.request.state, entry.scope, entry.attempt])).toEqual([
        ['My card was charged twice.', '', 1],
        ['The app crashes.', 't1', 1],
      ]);
      expect(sent[0]!.request).toBeInstanceOf(ClassificationRequest);
      expect(Object.keys(sent[0]!.request.questions)).toEqual(['team']);
      expect(sent[0]!.step).toMatch(/^call:/);
    });

    it('lists each attempt of a retried call', async () => {
      const test = app({ retry: { attempts: 3, baseDelayMs: 1, jitter: 0 } });
      const fake = test.fakeClassifier([{ retryUntilCall: 2 }, { answers: {} }]);
      await test.classify('x', questions);
      expect(fake.sent.map((entry) => entry.attempt)).toEqual([1, 2]);
      expect(new Set(fake.sent.map((entry) => entry.step)).size).toBe(1);
    });

    it('lists a direct call in the default scope, and is frozen', async () => {
      const fake = new FakeClassification();
      const request = new ClassificationRequest({ state: 'Please refund me.', questions });
      await fake.classify(request);
      expect(fake.sent).toEqual([{ request, scope: '', step: '', attempt: 1 }]);
      expect(Object.isFrozen(fake.sent)).toBe(true);
      expect(Object.isFrozen(fake.sent[0])).toBe(true);
    });

    it('lists what a classifier faked with a function was asked, as a scripted one does', async () => {
      const test = app();
      const fake = test.fakeClassifier(() => ({ answers: {} }));
      await test.scope('t1', () => test.classify('The app crashes.', questions));
      expect(fake.sent.map((entry) => [entry.request.state, entry.scope, entry.attempt])).toEqual([
        ['The app crashes.', 't1', 1],
      ]);
      expect(Object.isFrozen(fake.sent[0])).toBe(true);
      await test.reset();
      expect(fake.sent).toEqual([]);
    });

    it('is emptied by app.reset(), as a faked model’s is', async () => {
      const test = app();
      const fake = test.fakeClassifier([{ answers: {} }]);
      await test.classify('x', questions);
      await test.reset();
      expect(fake.sent).toEqual([]);
    });
  });
});

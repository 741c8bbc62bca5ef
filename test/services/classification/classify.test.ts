import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationAnswer,
  ClassificationQuestion as Q,
  ClassificationRequest,
  ClassificationResponse,
  StandinError,
  Tokens,
  createApp,
  createContainer,
  type Classifier,
  type ClassificationReason,
} from '../../../src/index.js';
import { startScriptCursor, cursorIndex } from '../../../src/testing.js';
import { type ClassificationCall } from '../../../src/services/spec/Classifier.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { questions, rateLimited } from '../../fakes/classification/fixtures.js';

const STATE = 'My payouts failed twice this week.';

/** A test app whose retry jitter is fixed (random() = 0.5, jitter 0.2: each delay is 90% of its backoff). */
function app(config: Parameters<typeof createTestApp>[0] = {}): TestApp {
  return createTestApp(
    config,
    new ContainerModule(({ rebind }) => {
      rebind(Tokens.Random).toConstantValue(() => 0.5);
    }),
  );
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the promise to reject');
}

/** A classifier that answers with `answer(request, opts)`, recording every call. */
function classifier(
  answer: (request: ClassificationRequest, opts: unknown) => unknown,
  extra: Partial<Classifier> = {},
): Classifier & { calls: number } {
  const adapter = {
    calls: 0,
    ...extra,
    classify(request: ClassificationRequest, opts: unknown) {
      adapter.calls++;
      return answer(request, opts) as Promise<ClassificationResponse>;
    },
  };
  return adapter;
}

describe('Engine.classify (app.classify)', () => {
  describe('validation first', () => {
    it('an invalid request is a StandinError carrying every problem with its path and reason; the adapter is never called', async () => {
      const test = app();
      const calls: ClassificationCall[] = [];
      test.fakeClassifier();
      const error = await rejection(test.classify('', {}, { adapterOpts: { capture: (c) => calls.push(c) } }));
      expect(error).toBeInstanceOf(StandinError);
      expect((error as StandinError).code).toBe('K0003');
      expect(error.message).toBe(
        'K0003: Invalid classification request:\n' +
          'request.questions: empty. Ask at least one question: { team: ClassificationQuestion.choice(...) }.\n' +
          'request.state: empty. Give a non-empty text, object or list to classify.',
      );
      expect(calls).toEqual([]);
    });

    it("names each path, in the validator's order", async () => {
      const test = app();
      test.fakeClassifier();
      const error = await rejection(
        test.classify(null as never, { anger: Q.score('How angry?', ['only']) }, { model: 3 as never }),
      );
      expect(
        error.message
          .split('\n')
          .slice(1)
          .map((line) => line.split(':')[0]),
      ).toEqual(['request.state', 'request.model', 'request.questions.anger.criteria']);
    });

    it('comes before the classifier lookup: with none bound, a bad request still reports its problems', async () => {
      expect(((await rejection(app().classify(STATE, {}))) as StandinError).code).toBe('K0003');
    });

    it('options of the wrong shape are a typed error (K0004)', async () => {
      const test = app();
      test.fakeClassifier();
      for (const options of [
        { retry: 'never' },
        { requestId: '' },
        { colour: 'red' },
        { adapterOpts: { cursorKey: true } },
        'fast',
      ]) {
        expect(((await rejection(test.classify(STATE, questions(), options as never))) as StandinError).code).toBe(
          'K0004',
        );
      }
    });
  });

  describe('the classifier', () => {
    it('with no classifier bound, classify fails with K0005 saying how to bind one', async () => {
      for (const bare of [app(), createApp({})]) {
        const error = (await rejection(bare.classify(STATE, questions()))) as StandinError;
        expect(error.code).toBe('K0005');
        expect(error.message).toContain('app.fakeClassifier(script)');
        expect(error.message).toContain('container.bind(Tokens.Classifier)');
      }
    });

    it('is resolved per call from the container, so a rebinding is seen at once', async () => {
      const test = app();
      test.fakeClassifier([{ answers: { y: 0.1 } }]);
      expect((await test.classify(STATE, questions())).answer('y')!.yesProbability).toBe(0.1);
      test.fakeClassifier([{ answers: { y: 0.2 } }]);
      expect((await test.classify(STATE, questions())).answer('y')!.yesProbability).toBe(0.2);
    });

    it('works in a production container with a classifier bound by a module', async () => {
      const { FakeClassifier } = await import('../../../src/testing.js');
      const container = createContainer(
        {},
        new ContainerModule(({ bind }) => {
          bind(Tokens.Classifier).toConstantValue(new FakeClassifier({ script: [{ answers: { d: 'sales' } }] }));
        }),
      );
      const response = await container.get(Tokens.Engine).classify(STATE, questions());
      expect(response.answer('d')!.choice).toBe('sales');
    });

    it('two bindings at once are a typed error, not an inversify one', async () => {
      const test = app();
      test.container.bind(Tokens.Classifier).toConstantValue(classifier(async () => new ClassificationResponse()));
      test.container.bind(Tokens.Classifier).toConstantValue(classifier(async () => new ClassificationResponse()));
      expect(((await rejection(test.classify(STATE, questions()))) as StandinError).code).toBe('K0005');
    });

    it('a bound value with no classify method breaks the contract (K0007)', async () => {
      const test = app();
      test.container.bind(Tokens.Classifier).toConstantValue({} as never);
      expect(((await rejection(test.classify(STATE, questions()))) as StandinError).code).toBe('K0007');
    });
  });

  describe('the real-call guard', () => {
    const real = () =>
      classifier(async () => new ClassificationResponse({ answers: {} }), { real: true, provider: 'typesafe' });

    it('a classifier with real: true is blocked in test apps (K0006), and is never called', async () => {
      const test = app();
      const adapter = real();
      test.container.bind(Tokens.Classifier).toConstantValue(adapter);
      const error = (await rejection(test.classify(STATE, questions()))) as StandinError;
      expect(error.code).toBe('K0006');
      expect(error.message).toContain("app.allowRealCalls('typesafe')");
      expect(adapter.calls).toBe(0);
    });

    it('passes once its provider is allowed, or every provider is', async () => {
      for (const allow of [['typesafe'], []]) {
        const test = app();
        const adapter = real();
        test.container.bind(Tokens.Classifier).toConstantValue(adapter);
        test.allowRealCalls(...allow);
        await test.classify(STATE, questions());
        expect(adapter.calls).toBe(1);
      }
    });

    it('does not block a real classifier in a production app', async () => {
      const production = createApp({});
      const adapter = real();
      production.container.bind(Tokens.Classifier).toConstantValue(adapter);
      await production.classify(STATE, questions());
      expect(adapter.calls).toBe(1);
    });
  });

  describe('the cursor key and scope', () => {
    it("injects the engine's id as adapterOpts.cursorKey, and the request id, step, scope and attempt as the typed context", async () => {
      const test = app();
      const calls: ClassificationCall[] = [];
      test.fakeClassifier();
      await test.classify(STATE, questions(), { requestId: 'rid-1', adapterOpts: { capture: (c) => calls.push(c) } });
      await test.scope('ticket-7', () =>
        test.classify(STATE, questions(), { adapterOpts: { capture: (c) => calls.push(c) } }),
      );
      expect(calls[0]!.opts).toMatchObject({
        requestId: 'rid-1',
        adapterOpts: { cursorKey: test.id },
        context: { requestId: 'rid-1', stepKey: expect.stringMatching(/^call:.+#\d+$/), scope: '', attempt: 1 },
      });
      expect(calls[0]!.opts.adapterOpts).not.toHaveProperty('scope');
      expect(calls[1]!.opts.adapterOpts).toMatchObject({ cursorKey: test.id });
      expect(calls[1]!.opts.context).toMatchObject({ scope: 'ticket-7' });
    });

    it('keeps a cursor key or scope the caller gave (put_new)', async () => {
      const test = app();
      const calls: ClassificationCall[] = [];
      test.fakeClassifier();
      await test.classify(STATE, questions(), {
        adapterOpts: { cursorKey: 7, scope: 'mine', capture: (c) => calls.push(c) },
      });
      expect(calls[0]!.opts.adapterOpts).toMatchObject({ cursorKey: 7, scope: 'mine' });
    });

    it('two apps with content-equal scripts do not share cursors', async () => {
      const script = [{ answers: { y: 0.5 } }];
      for (const test of [app(), app()]) {
        test.fakeClassifier();
        const response = await test.classify(STATE, questions(), { adapterOpts: { classificationScript: script } });
        expect(response.answer('y')!.yesProbability).toBe(0.5);
      }
    });

    it('one app calling twice with a one-entry call script walks one cursor (its id is the key)', async () => {
      const test = app();
      test.fakeClassifier();
      const opts = { adapterOpts: { classificationScript: [{ answers: { y: 0.5 } }] } };
      await test.classify(STATE, questions(), opts);
      const error = (await rejection(test.classify(STATE, questions(), opts))) as ClassificationAdapterError;
      expect(error.metadata.cause).toBe('classification_script_exhausted');
    });

    it('each scope walks the script from its first entry; entering a scope again goes on where it stood', async () => {
      const test = app();
      test.fakeClassifier([{ answers: { y: 0.1 } }, { answers: { y: 0.2 } }]);
      const y = async () => (await test.classify(STATE, questions())).answer('y')!.yesProbability;
      expect(await test.scope('a', y)).toBe(0.1);
      expect(await test.scope('b', y)).toBe(0.1);
      expect(await test.scope('a', y)).toBe(0.2);
      expect(await y()).toBe(0.1);
    });

    it("thousands of interleaved scopes never see each other's cursors", { timeout: 30_000 }, async () => {
      const test = app();
      test.fakeClassifier([{ answers: { y: 0.1 } }, { retryUntilCall: 2 }, { answers: { y: 0.3 } }]);
      const run = async (i: number) =>
        test.scope(`scope-${i}`, async () => {
          const first = (await test.classify(STATE, questions())).answer('y')!.yesProbability;
          const second = (await test.classify(STATE, questions())).answer('y')!.yesProbability;
          return [first, second];
        });
      const results = await Promise.all(Array.from({ length: 2000 }, (_, i) => run(i)));
      expect(results.every(([a, b]) => a === 0.1 && b === 0.3)).toBe(true);
      expect(test.clock.slept).toHaveLength(2000);
    });

    it('with strictScopes, a call outside any scope is S0001', async () => {
      const test = app({ strictScopes: true });
      test.fakeClassifier();
      expect(((await rejection(test.classify(STATE, questions()))) as StandinError).code).toBe('S0001');
      await expect(test.scope('s', () => test.classify(STATE, questions()))).resolves.toBeInstanceOf(
        ClassificationResponse,
      );
    });

    it("an explicit cursor handle from startScriptCursor(container) outranks the engine's key", async () => {
      const test = app();
      test.fakeClassifier();
      const cursor = startScriptCursor(test.container);
      const opts = { adapterOpts: { classificationScript: [{ answers: {} }, { answers: {} }], scriptCursor: cursor } };
      await test.classify(STATE, questions(), opts);
      await test.classify(STATE, questions(), opts);
      expect(await cursorIndex(cursor)).toBe(2);
    });
  });

  describe('the request id', () => {
    it("is the caller's, or the engine's next one (as for replies), reflected onto the response", async () => {
      const test = app();
      test.fakeClassifier();
      expect((await test.classify(STATE, questions(), { requestId: 'rid-1' })).requestId).toBe('rid-1');
      const made = (await test.classify(STATE, questions())).requestId;
      expect(made).toMatch(new RegExp(`^${test.id}#\\d+$`));
      expect((await test.classify(STATE, questions())).requestId).not.toBe(made);
    });

    it('is filled in when the adapter leaves it empty, and kept when the adapter set its own', async () => {
      const test = app();
      test.container
        .bind(Tokens.Classifier)
        .toConstantValue(classifier(async () => new ClassificationResponse({ model: 'm' })));
      const filled = await test.classify(STATE, questions(), { requestId: 'rid-2' });
      expect(filled).toBeInstanceOf(ClassificationResponse);
      expect([filled.requestId, filled.model]).toEqual(['rid-2', 'm']);
      test.container
        .rebind(Tokens.Classifier)
        .toConstantValue(classifier(async () => new ClassificationResponse({ requestId: 'theirs' })));
      expect((await test.classify(STATE, questions(), { requestId: 'rid-3' })).requestId).toBe('theirs');
    });
  });

  describe('retries', () => {
    it('a retry_until_call 3 entry succeeds on attempt 3, after two backoff sleeps on the Clock', async () => {
      const test = app();
      test.fakeClassifier([{ answers: {} }, { retryUntilCall: 3 }, { answers: { y: 0.7 } }]);
      await test.classify(STATE, questions());
      const response = await test.classify(STATE, questions());
      expect(response.answer('y')!.yesProbability).toBe(0.7);
      expect(test.clock.slept).toEqual([450, 900]);
    });

    it('a retry_until_call 4 entry ends in rate_limited after 3 attempts; the budget persists, so the next call succeeds', async () => {
      const test = app();
      test.fakeClassifier([{ retryUntilCall: 4 }, { answers: { y: 0.4 } }]);
      const error = (await rejection(test.classify(STATE, questions()))) as ClassificationAdapterError;
      expect(error).toBeInstanceOf(ClassificationAdapterError);
      expect(error.reason).toBe('rate_limited');
      expect(test.clock.slept).toEqual([450, 900]);
      expect((await test.classify(STATE, questions())).answer('y')!.yesProbability).toBe(0.4);
    });

    it('honours a positive retryAfterMs instead of the backoff', async () => {
      const test = app();
      test.fakeClassifier([{ error: rateLimited() }, { answers: {} }]);
      await test.classify(STATE, questions());
      expect(test.clock.slept).toEqual([250]);
    });

    it("drops a retryAfterMs past maxRetryAfterMs (default 60 s) as a provider's is: the usual backoff waits", async () => {
      const test = app();
      const huge = (ms: number): ClassificationAdapterError =>
        new ClassificationAdapterError('rate_limited', { retryAfterMs: ms });
      test.fakeClassifier([{ error: huge(3_000_000) }, { error: huge(1e14) }, { answers: {} }]);
      await test.classify(STATE, questions());
      expect(test.clock.slept).toEqual([450, 900]);
    });

    it("uses the config's retry policy, changed per call", async () => {
      const test = app({ retry: { attempts: 5, baseDelayMs: 100, jitter: 0 } });
      test.fakeClassifier([{ retryUntilCall: 5 }, { answers: {} }, { retryUntilCall: 3 }, { answers: {} }]);
      await test.classify(STATE, questions());
      expect(test.clock.slept).toEqual([100, 200, 400, 800]);
      await test.classify(STATE, questions(), { retry: { baseDelayMs: 10 } });
      expect(test.clock.slept.slice(4)).toEqual([10, 20]);
    });

    it('retry: false makes one attempt', async () => {
      const test = app();
      test.fakeClassifier([{ retryUntilCall: 2 }, { answers: {} }]);
      expect(
        ((await rejection(test.classify(STATE, questions(), { retry: false }))) as ClassificationAdapterError).reason,
      ).toBe('rate_limited');
      expect(test.clock.slept).toEqual([]);
    });

    it.each([['rate_limited'], ['provider_unavailable'], ['timeout'], ['network_error']])(
      'retries %s',
      async (reason) => {
        const test = app();
        test.fakeClassifier([
          { error: new ClassificationAdapterError(reason as ClassificationReason) },
          { answers: {} },
        ]);
        await expect(test.classify(STATE, questions())).resolves.toBeInstanceOf(ClassificationResponse);
        expect(test.clock.slept).toHaveLength(1);
      },
    );

    it.each([
      ['authentication_failed'],
      ['invalid_request'],
      ['context_length_exceeded'],
      ['malformed_response'],
      ['unknown'],
    ])("rejects with %s at once, with the adapter's own error", async (reason) => {
      const test = app();
      const error = new ClassificationAdapterError(reason as ClassificationReason);
      test.fakeClassifier([{ error }, { answers: {} }]);
      expect(await rejection(test.classify(STATE, questions()))).toBe(error);
      expect(test.clock.slept).toEqual([]);
    });

    it('two apps with content-equal scripts do not share retry budgets', async () => {
      const script = [{ retryUntilCall: 2 }, { answers: { y: 0.5 } }];
      for (const test of [app(), app()]) {
        test.fakeClassifier();
        await test.classify(STATE, questions(), { adapterOpts: { classificationScript: script } });
        expect(test.clock.slept).toEqual([450]);
      }
    });

    it("a test author's mistake is thrown once, never retried or turned into a default", async () => {
      const test = app();
      const fake = test.fakeClassifier([{ answers: { y: 2 } }, { answers: {} }]);
      expect(((await rejection(test.classify(STATE, questions()))) as StandinError).code).toBe('K0011');
      expect(test.clock.slept).toEqual([]);
      expect((await fake.pending()).map((p) => p.index)).toEqual([1]);
    });

    it('an abort stops the call and its retries', async () => {
      const test = app();
      test.fakeClassifier([{ retryUntilCall: 3 }, { answers: {} }]);
      const aborted = AbortSignal.abort(new Error('stop'));
      expect((await rejection(test.classify(STATE, questions(), { signal: aborted }))).message).toBe('stop');
      const controller = new AbortController();
      // The fake stands in front of what Tokens.Classifier binds: take it off first.
      await test.reset();
      test.container.bind(Tokens.Classifier).toConstantValue(
        classifier(async () => {
          controller.abort(new Error('stopped mid-call'));
          throw new ClassificationAdapterError('timeout');
        }),
      );
      expect((await rejection(test.classify(STATE, questions(), { signal: controller.signal }))).message).toBe(
        'stopped mid-call',
      );
      expect(test.clock.slept).toEqual([]);
    });
  });

  describe('the adapter contract', () => {
    it('an adapter that resolves with anything but a ClassificationResponse violates the contract (K0007)', async () => {
      for (const value of [{ answers: {} }, null, 'ok']) {
        const test = app();
        test.container.bind(Tokens.Classifier).toConstantValue(classifier(async () => value));
        const error = (await rejection(test.classify(STATE, questions()))) as StandinError;
        expect(error.code).toBe('K0007');
        expect(error.cause).toBe(value);
      }
    });

    it('an adapter that rejects (or throws) with anything but a ClassificationAdapterError violates the contract (K0007), never retried', async () => {
      const cause = new TypeError('boom');
      for (const answer of [
        async () => Promise.reject(cause),
        () => {
          throw cause;
        },
      ]) {
        const test = app();
        const adapter = classifier(answer);
        test.container.bind(Tokens.Classifier).toConstantValue(adapter);
        const error = (await rejection(test.classify(STATE, questions()))) as StandinError;
        expect(error.code).toBe('K0007');
        expect(error.message).toContain('TypeError: boom');
        expect(error.cause).toBe(cause);
        expect(adapter.calls).toBe(1);
      }
    });

    it('a StandinError from the adapter is passed on as it is', async () => {
      const test = app();
      const own = new StandinError('K0011', 'a mistake');
      test.container.bind(Tokens.Classifier).toConstantValue(classifier(async () => Promise.reject(own)));
      expect(await rejection(test.classify(STATE, questions()))).toBe(own);
    });
  });

  describe('the request', () => {
    it("is built from the state, the questions and the options' model, options and metadata", async () => {
      const test = app();
      const calls: ClassificationCall[] = [];
      test.fakeClassifier();
      const response = await test.classify({ text: STATE }, questions(), {
        model: 'jev-latest',
        options: { fast: true },
        metadata: { ticket: 7 },
        adapterOpts: { capture: (c) => calls.push(c) },
      });
      expect(calls[0]!.request).toMatchObject({
        state: { text: STATE },
        model: 'jev-latest',
        options: { fast: true },
        metadata: { ticket: 7 },
      });
      expect(response).toMatchObject({ model: 'jev-latest', metadata: { ticket: 7 } });
    });

    it("a ClassificationRequest in the state's place is dispatched verbatim", async () => {
      const test = app();
      const calls: ClassificationCall[] = [];
      test.fakeClassifier();
      const request = new ClassificationRequest({ state: STATE, questions: questions(), metadata: { mine: true } });
      const response = await test.classify(request, { requestId: 'r', adapterOpts: { capture: (c) => calls.push(c) } });
      expect(calls[0]!.request).toBe(request);
      expect(response).toMatchObject({ requestId: 'r', metadata: { mine: true } });
      expect(response.answer('d')).toBeInstanceOf(ClassificationAnswer);
    });

    it('with a ClassificationRequest, request fields in the options are a typed error: they belong on the request', async () => {
      const test = app();
      test.fakeClassifier();
      const request = new ClassificationRequest({ state: STATE, questions: questions() });
      const error = (await rejection(test.classify(request, { model: 'other' } as never))) as StandinError;
      expect(error.code).toBe('K0004');
      expect(error.message).toContain('options.model belongs on the request');
      expect(
        ((await rejection((test.classify as (...a: unknown[]) => Promise<unknown>)(request, {}, {}))) as StandinError)
          .code,
      ).toBe('K0004');
    });

    it('a ClassificationRequest is validated like any other', async () => {
      const test = app();
      test.fakeClassifier();
      const error = (await rejection(
        test.classify(new ClassificationRequest({ state: STATE, questions: {} })),
      )) as StandinError;
      expect(error.code).toBe('K0003');
    });
  });
});

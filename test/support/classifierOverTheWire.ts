import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClassificationAdapterError,
  ClassificationQuestion as Q,
  ClassificationRequest,
  type Classifier,
} from 'standin';
import { classificationReasons } from '../../src/services/classification/ClassificationAdapterError.js';
import { createFakeServer, type FakeServer } from 'standin/server';
import { classifierConformance } from 'standin/conformance';
import type { Pointing } from './overTheWire.js';

/** A classifier adapter run through the classifier conformance suite against the wire server. */
export interface ClassifierOverTheWire {
  /** The `describe` block's name. */
  readonly name: string;
  /** The adapter, pointed as `pointing` says. */
  readonly adapter: (pointing: Pointing) => Classifier;
}

const API_KEY = 'sk-wire-0000000000';

const request = new ClassificationRequest({
  state: 'My card was charged twice.',
  questions: {
    team: Q.choice('Which team?', ['billing', 'technical']),
    urgency: Q.score('How urgent?', ['can wait', 'today', 'right now']),
    refund: Q.yesNo('Is a refund requested?'),
  },
});

/**
 * Runs the classifier conformance suite on an adapter pointed at one wire server (started for the
 * file), each case in a scope of its own scripted with one answer, then reads back every
 * classification reason a script can fail a call with: the adapter reads what the server's dialect
 * writes, answers and failures alike.
 */
export function classifierConformsOverTheWire(subject: ClassifierOverTheWire): void {
  let server: FakeServer;
  let cases = 0;
  beforeAll(async () => {
    server = await createFakeServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const pointed = (scope: string): Classifier =>
    subject.adapter({
      url: server.url,
      headers: { 'x-standin-scope': scope },
      fetch: globalThis.fetch,
      apiKey: API_KEY,
    });

  classifierConformance(
    () => {
      const scope = `case-${++cases}`;
      server.fakeClassifier([{ answers: {} }], scope);
      return pointed(scope);
    },
    { describe, it },
    subject.name,
  );

  describe(`${subject.name}: over the wire`, () => {
    it("answers from the script of the request's scope", async () => {
      server.fakeClassifier([{ answers: { team: 'technical', urgency: 1.5, refund: 0.9 } }], 'scripted');
      const response = await pointed('scripted').classify(request);
      expect(response.answer('team')).toMatchObject({
        choice: 'technical',
        probabilities: { billing: 0, technical: 1 },
      });
      expect(response.answer('urgency')).toMatchObject({ score: 1.5, probabilities: [0, 0.5, 0.5] });
      expect(response.answer('refund')!.yesProbability).toBe(0.9);
      expect(server.sent.filter((entry) => entry.scope === 'scripted')).toHaveLength(1);
    });

    for (const reason of classificationReasons) {
      it(`reads a scripted ${reason} back as ${reason}`, async () => {
        // A scope's name is a header value, which the adapter masks in messages like a key: it names no reason.
        const scope = `case-${++cases}`;
        const scripted = new ClassificationAdapterError(reason, { message: `scripted ${reason}`, retryAfterMs: 20 });
        server.fakeClassifier([{ error: scripted }], scope);
        const error: unknown = await pointed(scope)
          .classify(request)
          .then(
            () => undefined,
            (rejected: unknown) => rejected,
          );
        expect(error).toBeInstanceOf(ClassificationAdapterError);
        expect((error as ClassificationAdapterError).reason).toBe(reason);
        if (reason === 'rate_limited') expect((error as ClassificationAdapterError).retryAfterMs).toBe(20);
      });
    }
  });
}

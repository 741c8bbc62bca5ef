import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ClassificationAdapter, ClassifyCallOptions } from '../services/classification/ClassificationAdapter.js';
import { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import { ClassificationAnswer } from '../services/classification/ClassificationAnswer.js';
import { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import { ClassificationRequest } from '../services/classification/ClassificationRequest.js';
import { ClassificationResponse } from '../services/classification/ClassificationResponse.js';

/** The `describe` and `it` of a test runner: vitest's, jest's, node:test's or mocha's. */
export interface ConformanceRunner {
  readonly describe: (name: string, body: () => void) => unknown;
  readonly it: (name: string, body: () => Promise<void>) => unknown;
}

/** One case of the conformance suite: run it against an adapter; it rejects with an assertion error when the adapter breaks the contract. */
export interface ConformanceCase {
  readonly name: string;
  run(adapter: ClassificationAdapter): Promise<void>;
}

const OPTIONS = ['billing', 'technical', 'sales'];
const LEVELS = ['Calm', 'Annoyed', 'Angry'];

function request(fields: { questions?: Record<string, ClassificationQuestion>; metadata?: Record<string, unknown> } = {}): ClassificationRequest {
  return new ClassificationRequest({
    state: 'My payouts failed twice this week.',
    questions: fields.questions ?? {
      team: ClassificationQuestion.choice('Which team should handle this?', OPTIONS),
      frustration: ClassificationQuestion.score('How frustrated is the customer?', LEVELS),
      refund: ClassificationQuestion.yesNo('Is a refund requested?'),
    },
    ...(fields.metadata === undefined ? {} : { metadata: fields.metadata }),
  });
}

/**
 * The options every answering case passes: a one-entry script (a real adapter answers it with
 * the fake, or answers for real), under a cursor key of its own so cases never share a cursor.
 */
function opts(extra: { requestId?: string } = {}): ClassifyCallOptions {
  return { ...extra, adapterOpts: { classificationScript: [{ answers: {} }], cursorKey: `conformance:${randomUUID()}` } };
}

async function classify(adapter: ClassificationAdapter, req: ClassificationRequest, options?: ClassifyCallOptions): Promise<ClassificationResponse> {
  const response: unknown = await adapter.classify(req, options);
  assert.ok(response instanceof ClassificationResponse, `classify must resolve with a ClassificationResponse, got ${String(response)}`);
  return response;
}

function answerOf(response: ClassificationResponse, id: string): ClassificationAnswer {
  const answer = response.answer(id);
  assert.ok(answer instanceof ClassificationAnswer, `the answer to '${id}' must be a ClassificationAnswer`);
  return answer;
}

function probability(value: unknown, what: string): void {
  assert.ok(typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1, `${what} must be a number from 0 to 1, got ${String(value)}`);
}

function nullFields(answer: ClassificationAnswer, fields: readonly (keyof ClassificationAnswer)[], type: string): void {
  for (const field of fields) assert.equal(answer[field], null, `a ${type} answer leaves ${String(field)} null`);
}

/**
 * The nine cases of the classification adapter contract, in order. Run them all with
 * {@link classificationAdapterConformance}, or one by one.
 *
 * @example
 * ```ts
 * await classificationConformanceCases[2].run(myClassifier); // rejects when a choice is not one of its options
 * ```
 */
export const classificationConformanceCases: readonly ConformanceCase[] = [
  {
    name: '1. answers are keyed by exactly the question ids',
    async run(adapter) {
      const response = await classify(adapter, request(), opts());
      assert.deepEqual(Object.keys(response.answers).sort(), ['frustration', 'refund', 'team'], 'the answers must be keyed by exactly the question ids');
    },
  },
  {
    name: "2. each answer has its question's type",
    async run(adapter) {
      const response = await classify(adapter, request(), opts());
      assert.equal(answerOf(response, 'team').type, 'choice');
      assert.equal(answerOf(response, 'frustration').type, 'score');
      assert.equal(answerOf(response, 'refund').type, 'yesNo');
    },
  },
  {
    name: '3. a choice answer is one of its options, with a probability per option',
    async run(adapter) {
      const answer = answerOf(await classify(adapter, request(), opts()), 'team');
      assert.ok(typeof answer.choice === 'string' && OPTIONS.includes(answer.choice), `choice must be one of ${OPTIONS.join(', ')}, got ${String(answer.choice)}`);
      const probabilities = answer.probabilities;
      assert.ok(probabilities !== null && !Array.isArray(probabilities), 'a choice answer has probabilities keyed by option');
      assert.deepEqual(Object.keys(probabilities).sort(), [...OPTIONS].sort(), 'the probabilities must be keyed by exactly the options');
      for (const [option, p] of Object.entries(probabilities)) probability(p, `the probability of '${option}'`);
      probability(answer.confidence, 'confidence');
      nullFields(answer, ['score', 'yesProbability', 'legend'], 'choice');
    },
  },
  {
    name: '4. a score answer is a position on the levels, with a probability and a legend entry per level',
    async run(adapter) {
      const answer = answerOf(await classify(adapter, request(), opts()), 'frustration');
      assert.ok(typeof answer.score === 'number' && answer.score >= 0 && answer.score <= LEVELS.length - 1, `score must be a number from 0 to ${LEVELS.length - 1}, got ${String(answer.score)}`);
      assert.ok(Array.isArray(answer.probabilities), 'a score answer has a list of probabilities');
      assert.equal(answer.probabilities.length, LEVELS.length, 'one probability per level');
      answer.probabilities.forEach((p, level) => probability(p, `the probability of level ${level}`));
      assert.ok(Array.isArray(answer.legend), 'a score answer has a legend');
      assert.equal(answer.legend.length, LEVELS.length, 'one legend entry per level');
      probability(answer.confidence, 'confidence');
      nullFields(answer, ['choice', 'yesProbability'], 'score');
    },
  },
  {
    name: '5. a yes-no answer is a probability of yes, with no confidence',
    async run(adapter) {
      const answer = answerOf(await classify(adapter, request(), opts()), 'refund');
      probability(answer.yesProbability, 'yesProbability');
      nullFields(answer, ['confidence', 'choice', 'score', 'probabilities', 'legend'], 'yes-no');
    },
  },
  {
    name: '6. empty questions reject with reason invalid_request',
    async run(adapter) {
      await assert.rejects(
        Promise.resolve().then(() => adapter.classify(request({ questions: {} }))),
        (error: unknown) => {
          assert.ok(error instanceof ClassificationAdapterError, `empty questions must reject with a ClassificationAdapterError, got ${String(error)}`);
          assert.equal(error.reason, 'invalid_request');
          return true;
        },
      );
    },
  },
  {
    name: '7. the request metadata comes back on the response',
    async run(adapter) {
      const metadata = { traceId: 'abc', user: 'alice' };
      const response = await classify(adapter, request({ metadata }), opts());
      assert.deepEqual(response.metadata, metadata, "the response's metadata must be the request's");
    },
  },
  {
    name: '8. the request id is reflected onto the response',
    async run(adapter) {
      const response = await classify(adapter, request(), opts({ requestId: 'test-id-123' }));
      assert.equal(response.requestId, 'test-id-123');
    },
  },
  {
    name: '9. usage is reported as token counts',
    async run(adapter) {
      const { usage } = await classify(adapter, request(), opts());
      assert.ok(typeof usage === 'object' && usage !== null, 'usage must be an object, never null');
      for (const field of ['inputTokens', 'outputTokens', 'totalTokens'] as const) {
        const count = usage[field];
        assert.ok(count === null || (Number.isInteger(count) && count >= 0), `usage.${field} must be a whole number or null, got ${String(count)}`);
      }
    },
  },
];

/**
 * Runs the classification adapter contract against the adapters `makeAdapter` makes (a fresh
 * one per case), with the test runner's `describe` and `it`. Imports no test runner: it works in
 * vitest, jest, node:test and mocha.
 *
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { classificationAdapterConformance } from 'standin/testing';
 *
 * classificationAdapterConformance(() => new FakeClassification(), { describe, it });
 * ```
 */
export function classificationAdapterConformance(
  makeAdapter: () => ClassificationAdapter | Promise<ClassificationAdapter>,
  runner: ConformanceRunner,
  name = 'classification adapter conformance',
): void {
  runner.describe(name, () => {
    for (const conformanceCase of classificationConformanceCases) {
      runner.it(conformanceCase.name, async () => conformanceCase.run(await makeAdapter()));
    }
  });
}

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Classifier, ClassifyCallOptions } from '../services/spec/Classifier.js';
import { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import { ClassificationAnswer } from '../services/classification/ClassificationAnswer.js';
import { ClassificationQuestion } from '../services/classification/ClassificationQuestion.js';
import { ClassificationRequest } from '../services/classification/ClassificationRequest.js';
import { ClassificationResponse } from '../services/classification/ClassificationResponse.js';
import type { ClassificationCaseBody } from './classificationCaseBody.js';

const OPTIONS = ['billing', 'technical', 'sales'];
const LEVELS = ['Calm', 'Annoyed', 'Angry'];

function request(
  fields: { questions?: Record<string, ClassificationQuestion>; metadata?: Record<string, unknown> } = {},
): ClassificationRequest {
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
  return {
    ...extra,
    adapterOpts: { classificationScript: [{ answers: {} }], cursorKey: `conformance:${randomUUID()}` },
  };
}

async function classify(
  adapter: Classifier,
  req: ClassificationRequest,
  options?: ClassifyCallOptions,
): Promise<ClassificationResponse> {
  const response: unknown = await adapter.classify(req, options);
  assert.ok(
    response instanceof ClassificationResponse,
    `classify must resolve with a ClassificationResponse, got ${String(response)}`,
  );
  return response;
}

function answerOf(response: ClassificationResponse, id: string): ClassificationAnswer {
  const answer = response.answer(id);
  assert.ok(answer instanceof ClassificationAnswer, `the answer to '${id}' must be a ClassificationAnswer`);
  return answer;
}

function probability(value: unknown, what: string): void {
  assert.ok(
    typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1,
    `${what} must be a number from 0 to 1, got ${String(value)}`,
  );
}

function nullFields(answer: ClassificationAnswer, fields: readonly (keyof ClassificationAnswer)[], type: string): void {
  for (const field of fields) assert.equal(answer[field], null, `a ${type} answer leaves ${String(field)} null`);
}

/**
 * The bodies of the classification adapter contract's cases, which classifierConformance.ts
 * lists. A case loads this module when it first runs, so a program that imports
 * `standin/testing` for its fakes never loads the suite.
 */
export const classificationRuns = {
  async keys(adapter) {
    const response = await classify(adapter, request(), opts());
    assert.deepEqual(
      Object.keys(response.answers).sort(),
      ['frustration', 'refund', 'team'],
      'the answers must be keyed by exactly the question ids',
    );
  },
  async types(adapter) {
    const response = await classify(adapter, request(), opts());
    assert.equal(answerOf(response, 'team').type, 'choice');
    assert.equal(answerOf(response, 'frustration').type, 'score');
    assert.equal(answerOf(response, 'refund').type, 'yesNo');
  },
  async choice(adapter) {
    const answer = answerOf(await classify(adapter, request(), opts()), 'team');
    assert.ok(
      typeof answer.choice === 'string' && OPTIONS.includes(answer.choice),
      `choice must be one of ${OPTIONS.join(', ')}, got ${String(answer.choice)}`,
    );
    const probabilities = answer.probabilities;
    assert.ok(
      probabilities !== null && !Array.isArray(probabilities),
      'a choice answer has probabilities keyed by option',
    );
    assert.deepEqual(
      Object.keys(probabilities).sort(),
      [...OPTIONS].sort(),
      'the probabilities must be keyed by exactly the options',
    );
    for (const [option, p] of Object.entries(probabilities)) probability(p, `the probability of '${option}'`);
    probability(answer.confidence, 'confidence');
    nullFields(answer, ['score', 'yesProbability', 'legend'], 'choice');
  },
  async score(adapter) {
    const answer = answerOf(await classify(adapter, request(), opts()), 'frustration');
    assert.ok(
      typeof answer.score === 'number' && answer.score >= 0 && answer.score <= LEVELS.length - 1,
      `score must be a number from 0 to ${LEVELS.length - 1}, got ${String(answer.score)}`,
    );
    assert.ok(Array.isArray(answer.probabilities), 'a score answer has a list of probabilities');
    assert.equal(answer.probabilities.length, LEVELS.length, 'one probability per level');
    answer.probabilities.forEach((p, level) => probability(p, `the probability of level ${level}`));
    assert.ok(Array.isArray(answer.legend), 'a score answer has a legend');
    assert.equal(answer.legend.length, LEVELS.length, 'one legend entry per level');
    probability(answer.confidence, 'confidence');
    nullFields(answer, ['choice', 'yesProbability'], 'score');
  },
  async yesNo(adapter) {
    const answer = answerOf(await classify(adapter, request(), opts()), 'refund');
    probability(answer.yesProbability, 'yesProbability');
    nullFields(answer, ['confidence', 'choice', 'score', 'probabilities', 'legend'], 'yes-no');
  },
  async empty(adapter) {
    await assert.rejects(
      Promise.resolve().then(() => adapter.classify(request({ questions: {} }))),
      (error: unknown) => {
        assert.ok(
          error instanceof ClassificationAdapterError,
          `empty questions must reject with a ClassificationAdapterError, got ${String(error)}`,
        );
        assert.equal(error.reason, 'invalid_request');
        return true;
      },
    );
  },
  async metadata(adapter) {
    const metadata = { traceId: 'abc', user: 'alice' };
    const response = await classify(adapter, request({ metadata }), opts());
    assert.deepEqual(response.metadata, metadata, "the response's metadata must be the request's");
  },
  async requestId(adapter) {
    const response = await classify(adapter, request(), opts({ requestId: 'test-id-123' }));
    assert.equal(response.requestId, 'test-id-123');
  },
  async usage(adapter) {
    const { usage } = await classify(adapter, request(), opts());
    assert.ok(typeof usage === 'object' && usage !== null, 'usage must be an object, never null');
    for (const field of ['inputTokens', 'outputTokens', 'totalTokens'] as const) {
      const count = usage[field];
      assert.ok(
        count === null || (Number.isInteger(count) && count >= 0),
        `usage.${field} must be a whole number or null, got ${String(count)}`,
      );
    }
  },
} satisfies Record<ClassificationCaseBody, (adapter: Classifier) => Promise<void>>;

import {
  APICallError,
  type Experimental_DecisionModelV4 as DecisionModelV4,
  type Experimental_DecisionModelV4Answer as DecisionAnswer,
  type Experimental_DecisionModelV4CallOptions as DecisionCallOptions,
  type Experimental_DecisionModelV4Result as DecisionResult,
} from '@ai-sdk/provider';
import { StandinError } from '../errors/StandinError.js';
import type { App } from '../services/app/App.js';
import { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import type { ClassificationAnswer } from '../services/classification/ClassificationAnswer.js';
import { ClassificationRequest } from '../services/classification/ClassificationRequest.js';
import type { ClassificationReason } from '../services/spec/failures.js';
import { fromDecisionQuestion, fromDecisionState } from './decisionShapes.js';

/** The HTTP status a classification failure of each reason stands for, when it carries none. */
const statusOfReason: Readonly<Partial<Record<ClassificationReason, number>>> = {
  authentication_failed: 401,
  rate_limited: 429,
  invalid_request: 400,
  context_length_exceeded: 400,
  provider_unavailable: 503,
  timeout: 504,
  malformed_response: 502,
};

/** How far a score may be from its probabilities' weighted mean for the AI SDK to take both. */
const TOLERANCE = 1e-6;

/**
 * An app's classifier as an AI SDK decision model (and, under its older name, an evaluation model: it has `doEvaluate`
 * too), for `experimental_decide` and `experimental_evaluate`. Each call goes through `app.classify` — the classifier
 * bound (a fake one from `app.fakeClassifier()` included), its scripts and scopes, retries on the app's clock and its
 * fallback — with the state (text and JSON parts) and the questions as standin's: `choice` as a choice, `score` as a
 * score, `boolean` as a yes-no. Answers come back with their probabilities: a choice's by option, a score's by level
 * index (left out when the score is not their weighted mean, which the AI SDK requires), a yes-no's probability of yes.
 * A classification failure that survives standin's retries reaches the AI SDK as a non-retryable `APICallError` with
 * the reason's status and the reason in `data`; any other standin error is thrown as it is. standin has no box
 * questions and no question without instructions (`A0021`), and no file in a state (`A0020`).
 *
 * @throws {StandinError} `A0022` when `app` is not a standin app or `model` not a string.
 * @example
 * ```ts
 * import { experimental_decide as decide } from 'ai';
 * app.fakeClassifier({ script: [{ answers: { refund: true } }] });
 * const { answers } = await decide({
 *   model: decisionModel(app),
 *   state: [{ type: 'text', text: 'Please refund my order.' }],
 *   questions: { refund: { type: 'boolean', instructions: 'Is a refund requested?' } },
 * });
 * ```
 */
export function decisionModel(app: App, model?: string): DecisionModelV4 & { doEvaluate: DecisionModelV4['doDecide'] } {
  if (typeof app !== 'object' || app === null || typeof app.classify !== 'function') {
    throw new StandinError(
      'A0022',
      `decisionModel(app): app must be a standin app (from createApp or createTestApp), got ` +
        `${app === null ? 'null' : typeof app}.`,
    );
  }
  if (model !== undefined && (typeof model !== 'string' || model === '')) {
    throw new StandinError(
      'A0022',
      `decisionModel(app, model): model must be a non-empty string, got ${typeof model}.`,
    );
  }
  const modelId = model ?? 'classifier';
  const doDecide = async (call: DecisionCallOptions): Promise<DecisionResult> => {
    const questions = Object.fromEntries(
      Object.entries(call.questions).map(([id, question]) => [id, fromDecisionQuestion(id, question)]),
    );
    const request = new ClassificationRequest({
      state: fromDecisionState(call.state),
      questions,
      ...(model !== undefined ? { model } : {}),
    });
    const given = call.providerOptions?.standin?.requestId;
    let response;
    try {
      response = await app.classify(request, {
        ...(typeof given === 'string' && given !== '' ? { requestId: given } : {}),
        ...(call.abortSignal !== undefined ? { signal: call.abortSignal } : {}),
      });
    } catch (error) {
      throw toDecisionError(error, modelId);
    }
    const answers = Object.fromEntries(
      Object.entries(response.answers).map(([id, answer]) => [id, toDecisionAnswer(answer)]),
    );
    const { inputTokens, outputTokens } = response.usage;
    return {
      answers,
      usage: { ...(inputTokens !== null ? { inputTokens } : {}), ...(outputTokens !== null ? { outputTokens } : {}) },
      warnings: [],
      response: { ...(response.id !== null ? { id: response.id } : {}), modelId: response.model ?? modelId },
      ...(response.requestId !== null ? { providerMetadata: { standin: { requestId: response.requestId } } } : {}),
    };
  };
  return {
    specificationVersion: 'v4',
    provider: 'standin',
    modelId,
    supportedQuestionTypes: ['choice', 'score', 'boolean'],
    doDecide,
    doEvaluate: doDecide,
  };
}

/** One standin answer as the AI SDK's, its probabilities kept where the AI SDK's rules take them. */
function toDecisionAnswer(answer: ClassificationAnswer): DecisionAnswer {
  if (answer.type === 'yesNo') return { type: 'boolean', probability: answer.yesProbability ?? 0 };
  if (answer.type === 'choice') {
    const probabilities = answer.probabilities as Record<string, number> | null;
    const chosen = answer.choice ?? '';
    const top = probabilities === null ? undefined : Math.max(...Object.values(probabilities));
    const keep = probabilities !== null && probabilities[chosen]! + TOLERANCE >= top!;
    return { type: 'choice', choice: chosen, ...(keep ? { probabilities: { ...probabilities } } : {}) };
  }
  const score = answer.score ?? 0;
  const levels = answer.probabilities as readonly number[] | null;
  const mean = levels?.reduce((total, p, level) => total + p * level, 0);
  const keep = levels !== null && Math.abs(mean! - score) <= TOLERANCE;
  return {
    type: 'score',
    score,
    ...(keep ? { probabilities: Object.fromEntries(levels.map((p, level) => [String(level), p])) } : {}),
  };
}

/** A classification failure as a non-retryable `APICallError` (standin retried it already); anything else as it is. */
function toDecisionError(error: unknown, model: string): unknown {
  if (!(error instanceof ClassificationAdapterError)) return error;
  const statusCode = error.status ?? statusOfReason[error.reason];
  const headers: Record<string, string> = {};
  if (error.retryAfterMs !== null) headers['retry-after-ms'] = String(error.retryAfterMs);
  return new APICallError({
    message: error.message,
    url: `standin:${model}`,
    requestBodyValues: undefined,
    ...(statusCode !== undefined ? { statusCode } : {}),
    responseHeaders: headers,
    isRetryable: false,
    cause: error,
    data: { code: error.code, reason: error.reason },
  });
}

import type {
  Experimental_DecisionModelV4 as DecisionModelV4,
  Experimental_DecisionModelV4Answer as DecisionAnswer,
  Experimental_DecisionModelV4Result as DecisionResult,
} from '@ai-sdk/provider';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { abortReason } from '../services/clock/Clock.js';
import { untilAborted } from '../services/dispatch/untilAborted.js';
import { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import { ClassificationAnswer } from '../services/classification/ClassificationAnswer.js';
import type { ClassificationRequest } from '../services/classification/ClassificationRequest.js';
import { ClassificationResponse } from '../services/classification/ClassificationResponse.js';
import { classificationFailure } from '../services/providers/classifier/classificationFailure.js';
import type { Classifier, ClassifyCallOptions } from '../services/spec/Classifier.js';
import { Deadline } from './Deadline.js';
import { toDecisionQuestion, toDecisionState } from './decisionShapes.js';
import { toProviderFailure } from './toProviderFailure.js';

/** An AI SDK decision model, or one under its older name (an evaluation model, `doEvaluate`). */
export type AiSdkDecisionModel =
  DecisionModelV4 | (Omit<DecisionModelV4, 'doDecide'> & { readonly doEvaluate: DecisionModelV4['doDecide'] });

/** The AI SDK's answer type of each standin question type. */
const answerTypes = { choice: 'choice', score: 'score', yesNo: 'boolean' } as const;

/**
 * An AI SDK decision (or evaluation) model as a classifier, asking `doDecide` (or `doEvaluate`). Made by
 * `fromAiSdk(model)`.
 */
export class DecisionModelClassifier implements Classifier {
  readonly real: boolean;
  readonly provider: string;
  readonly #model: AiSdkDecisionModel;
  readonly #timeoutMs: number;
  readonly #secrets: readonly (string | undefined)[];

  constructor(model: AiSdkDecisionModel, settings: { real: boolean; timeoutMs: number; apiKey?: string | undefined }) {
    this.#model = model;
    this.real = settings.real;
    this.provider = model.provider;
    this.#timeoutMs = settings.timeoutMs;
    this.#secrets = [settings.apiKey];
  }

  async classify(request: ClassificationRequest, opts: ClassifyCallOptions = {}): Promise<ClassificationResponse> {
    const ids = Object.keys(request.questions);
    if (ids.length === 0) throw this.#error('invalid_request', 'the request asks no question; ask at least one.');
    const questions = Object.fromEntries(ids.map((id) => [id, toDecisionQuestion(request.questions[id]!)]));
    for (const id of ids) {
      if (!this.#model.supportedQuestionTypes.includes(questions[id]!.type))
        throw this.#error('invalid_request', `the model takes no ${questions[id]!.type} question ('${id}').`);
    }
    const outer = opts.signal ?? new AbortController().signal;
    const deadline = new Deadline(outer, this.#timeoutMs);
    const model = this.#model;
    let result: DecisionResult;
    try {
      const call = { state: toDecisionState(request.state), questions, abortSignal: deadline.signal };
      const asked = 'doDecide' in model ? model.doDecide(call) : model.doEvaluate(call);
      result = await untilAborted(Promise.resolve(asked), deadline.signal);
    } catch (error) {
      if (outer.aborted) throw abortReason(outer);
      if (deadline.passed)
        throw this.#error('timeout', `no answer within ${this.#timeoutMs} ms (fromAiSdk's timeoutMs).`);
      const failure = toProviderFailure(error, this.provider, Date.now(), this.#secrets, opts.context?.attempt ?? 1);
      if (failure instanceof ProviderFailure) throw classificationFailure(failure, undefined, opts.requestId);
      throw this.#error('unknown', `the model failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    } finally {
      deadline.clear();
    }
    const answers = this.#answers(request, result);
    return new ClassificationResponse({
      id: result.response?.id ?? null,
      requestId: opts.requestId ?? null,
      model: result.response?.modelId ?? request.model ?? model.modelId,
      provider: this.provider,
      answers,
      usage: { inputTokens: result.usage?.inputTokens ?? null, outputTokens: result.usage?.outputTokens ?? null },
      metadata: request.metadata,
    });
  }

  /** The model's answers as standin's, each checked against its question; refusals reject with reason `unknown`. */
  #answers(request: ClassificationRequest, result: DecisionResult): Record<string, ClassificationAnswer> {
    const given: unknown = result?.answers;
    if (typeof given !== 'object' || given === null) throw this.#malformed('the result has no answers record');
    const answers: Record<string, ClassificationAnswer> = {};
    const refused: string[] = [];
    for (const [id, question] of Object.entries(request.questions)) {
      const answer = (given as Record<string, DecisionAnswer | undefined>)[id];
      if (answer?.type === 'refusal') {
        refused.push(id);
        continue;
      }
      if (answer?.type !== answerTypes[question.type])
        throw this.#malformed(`answer '${id}' is not a ${answerTypes[question.type]} answer`);
      answers[id] = this.#answer(id, question.criteria, answer);
    }
    const extra = Object.keys(given).filter((id) => !Object.hasOwn(request.questions, id));
    if (extra.length > 0)
      throw this.#malformed(`it answers questions it was not asked: ${extra.slice(0, 5).join(', ')}`);
    if (refused.length > 0) {
      throw this.#error('unknown', `the model refused to answer ${refused.join(', ')}. No answer was made up.`, {
        cause: 'refusal',
        refused,
      });
    }
    return answers;
  }

  #answer(id: string, criteria: unknown, answer: DecisionAnswer): ClassificationAnswer {
    try {
      const ps =
        answer.type === 'boolean'
          ? [answer.probability]
          : Object.values(('probabilities' in answer && answer.probabilities) || {});
      if (!ps.every((p) => typeof p === 'number' && p >= 0 && p <= 1))
        throw new Error('a probability is not from 0 to 1');
      if (answer.type === 'score' && !(answer.score >= 0 && answer.score <= (criteria as unknown[]).length - 1))
        throw new Error(`its score ${String(answer.score)} is not on the levels`);
      if (answer.type === 'boolean')
        return new ClassificationAnswer({ type: 'yesNo', yesProbability: answer.probability });
      if (answer.type === 'choice') {
        const options = Object.keys(criteria as object);
        if (!options.includes(answer.choice))
          throw new Error(`its choice ${JSON.stringify(answer.choice)} is no option`);
        const p = answer.probabilities;
        return new ClassificationAnswer({
          type: 'choice',
          choice: answer.choice,
          probabilities: p === undefined ? null : Object.fromEntries(options.map((o) => [o, p[o] ?? Number.NaN])),
        });
      }
      if (answer.type === 'score') {
        const levels = criteria as readonly unknown[];
        const p = answer.probabilities;
        return new ClassificationAnswer({
          type: 'score',
          score: answer.score,
          probabilities: p === undefined ? null : levels.map((_, level) => p[String(level)] ?? Number.NaN),
          legend: [...levels],
        });
      }
      throw new Error(`it is a ${String(answer.type)} answer`);
    } catch (error) {
      throw this.#malformed(`answer '${id}' does not fit its question: ${(error as Error).message}`);
    }
  }

  #malformed(problem: string): ClassificationAdapterError {
    return this.#error('malformed_response', `malformed response: ${problem}`);
  }

  #error(
    reason: ConstructorParameters<typeof ClassificationAdapterError>[0],
    message: string,
    metadata?: Record<string, unknown>,
  ): ClassificationAdapterError {
    return new ClassificationAdapterError(reason, {
      message: `${this.provider}: ${message}`,
      provider: this.provider,
      ...(metadata !== undefined ? { metadata } : {}),
    });
  }
}

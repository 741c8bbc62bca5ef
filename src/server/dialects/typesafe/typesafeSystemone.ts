import type { ClassificationAnswer } from '../../../services/classification/ClassificationAnswer.js';
import { ClassificationQuestion } from '../../../services/classification/ClassificationQuestion.js';
import type { ClassificationResponse } from '../../../services/classification/ClassificationResponse.js';
import { checkFields, need } from '../../checkFields.js';
import { classifyWire, type WireClassification } from '../../classifyWire.js';
import { readJson } from '../../readBody.js';
import type { WireContext } from '../../WireContext.js';
import { isObject } from '../../wireInput.js';

const known = new Set(['state', 'model', 'questions']);
const questionKeys = new Set(['type', 'instructions', 'criteria']);
const types = { choice: 'choice', score: 'score', noul: 'yesNo' } as const;

/**
 * `POST /v1/systemone`, TypeSafe's System One classifier: reads `{ state, model, questions }`
 * (each question `{ type: 'choice' | 'score' | 'noul', instructions, criteria? }`), asks the
 * app's classifier, and answers `{ model, answers, usage }` with `x-typesafe-request-id`: a
 * choice's `probabilities` keyed by option, a score's `probabilities` and `legend` keyed `"0"`
 * to `"n-1"`, a `noul` the probability of yes. Errors are TypeSafe's `{ detail }`.
 *
 * @example
 * ```ts
 * await typesafeSystemone(context);
 * ```
 */
export async function typesafeSystemone(context: WireContext): Promise<void> {
  const asked = readSystemone(readJson(context.body));
  await classifyWire(context, asked, (response) => systemoneBody(response, asked.questions), {
    'x-typesafe-request-id': context.responseId,
  });
}

function readSystemone(body: Record<string, unknown>): WireClassification {
  checkFields(body, known);
  const questions: Record<string, ClassificationQuestion> = {};
  const given = need(isObject(body.questions) && body.questions, 'questions', 'an object of questions keyed by id');
  for (const [id, raw] of Object.entries(given)) {
    const question = need(
      isObject(raw) && raw,
      `questions.${id}`,
      "a question { type: 'choice' | 'score' | 'noul', instructions, criteria? }",
    );
    checkFields(question, questionKeys, {}, `questions.${id}.`);
    const type = need(
      Object.hasOwn(types, question.type as string) && types[question.type as keyof typeof types],
      `questions.${id}.type`,
      "'choice', 'score' or 'noul'",
    );
    const asked = new ClassificationQuestion({
      type,
      instructions: question.instructions as string,
      ...(question.criteria === undefined ? {} : { criteria: question.criteria as never }),
    });
    // Defined, not assigned: an id such as __proto__ is a key like any other, never the object's prototype.
    Object.defineProperty(questions, id, { value: asked, enumerable: true, writable: true, configurable: true });
  }
  const model =
    body.model === undefined || body.model === null
      ? undefined
      : need(typeof body.model === 'string' && body.model, 'model', 'the model as a string');
  return { model, state: body.state as WireClassification['state'], questions };
}

function systemoneBody(
  response: ClassificationResponse,
  questions: Readonly<Record<string, ClassificationQuestion>>,
): unknown {
  const answers: Record<string, unknown> = {};
  for (const id of Object.keys(questions))
    Object.defineProperty(answers, id, {
      value: systemoneAnswer(response.answers[id]!),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return {
    model: response.model,
    answers,
    usage: { input_tokens: response.usage.inputTokens ?? 0, output_tokens: response.usage.outputTokens ?? 0 },
  };
}

function systemoneAnswer(answer: ClassificationAnswer): unknown {
  if (answer.type === 'choice')
    return {
      type: 'choice',
      choice: answer.choice,
      probabilities: answer.probabilities,
      confidence: answer.confidence ?? 1,
    };
  if (answer.type === 'score') {
    const byLevel = (list: readonly unknown[] | null): Record<string, unknown> =>
      Object.fromEntries((list ?? []).map((value, level) => [String(level), value]));
    return {
      type: 'score',
      score: answer.score,
      legend: byLevel(answer.legend),
      probabilities: byLevel(answer.probabilities as readonly number[] | null),
      confidence: answer.confidence ?? 1,
    };
  }
  return { type: 'noul', noul: answer.yesProbability };
}

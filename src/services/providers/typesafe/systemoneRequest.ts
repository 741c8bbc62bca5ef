import type { ClassificationRequest } from '../../classification/ClassificationRequest.js';
import type { QuestionType } from '../../classification/ClassificationQuestion.js';
import type { Reject } from '../classifier/HttpClassifier.js';
import { TYPESAFE_MAX_LEVELS, TYPESAFE_MAX_OPTIONS } from './TypesafeClassifierSettings.js';

/** The System One name of each question type: a yes-no question is a `noul`. */
export const systemoneTypes: Readonly<Record<QuestionType, string>> = {
  choice: 'choice',
  score: 'score',
  yesNo: 'noul',
};

/**
 * The JSON body of `POST /v1/systemone` for a valid request: `{ state, model, questions }`, each
 * question `{ type, instructions, criteria? }` with a choice's option -> description record and
 * a score's levels sent as they are, and a yes-no's `{ true?, false? }` (left out when it has
 * none). `request.options` is never sent. Rejects, before any I/O, a choice of more than 255
 * options, a score of more than 10 levels (questions taken in id order), and a state list
 * holding anything but texts.
 *
 * @example
 * ```ts
 * systemoneRequest(new ClassificationRequest({ state: 'Refund me', questions: { refund: ClassificationQuestion.yesNo('Refund?') } }), 'jev-latest', reject);
 * // { state: 'Refund me', model: 'jev-latest', questions: { refund: { type: 'noul', instructions: 'Refund?' } } }
 * ```
 */
export function systemoneRequest(
  request: ClassificationRequest,
  model: string,
  reject: Reject,
): Record<string, unknown> {
  const ids = Object.keys(request.questions);
  for (const id of [...ids].sort()) {
    const question = request.questions[id]!;
    if (question.type === 'choice') {
      const options = Object.keys(question.criteria as object).length;
      if (options > TYPESAFE_MAX_OPTIONS) {
        reject(
          `question '${id}' has ${options} options, and TypeSafe takes at most ${TYPESAFE_MAX_OPTIONS} per choice ` +
            `question. Split it into questions of ${TYPESAFE_MAX_OPTIONS} options or fewer.`,
          { question: id, limit: TYPESAFE_MAX_OPTIONS },
        );
      }
    } else if (question.type === 'score') {
      const levels = (question.criteria as readonly unknown[]).length;
      if (levels > TYPESAFE_MAX_LEVELS) {
        reject(
          `question '${id}' has ${levels} levels, and TypeSafe takes 2 to ${TYPESAFE_MAX_LEVELS} per score question. ` +
            `Merge levels until ${TYPESAFE_MAX_LEVELS} or fewer are left.`,
          {
            question: id,
            limit: TYPESAFE_MAX_LEVELS,
          },
        );
      }
    }
  }
  const { state } = request;
  if (Array.isArray(state)) {
    const at = state.findIndex((item) => typeof item !== 'string');
    if (at !== -1) {
      reject(
        `state[${at}] is not a text: TypeSafe takes a state as a text, an object, or a list of texts. Write the ` +
          `list's items as strings, or send an object.`,
        { field: 'state', index: at },
      );
    }
  }
  const questions: Record<string, unknown> = {};
  for (const id of ids) {
    const question = request.questions[id]!;
    const wire: Record<string, unknown> = { type: systemoneTypes[question.type], instructions: question.instructions };
    if (question.criteria !== null) wire.criteria = question.criteria;
    questions[id] = wire;
  }
  return { state, model, questions };
}

import type { ClassificationQuestion, QuestionType } from '../../classification/ClassificationQuestion.js';
import type { ClassificationRequest } from '../../classification/ClassificationRequest.js';
import { isPlainObject, show } from '../../classification/shapeError.js';
import type { Reject } from '../classifier/HttpClassifier.js';
import { DECISIONS_CHOICES, DECISIONS_MAX_QUESTIONS } from './DecisionsClassifierSettings.js';

/** The Decisions name of each question type: a yes-no question is a `predicate`. */
export const decisionsTypes: Readonly<Record<QuestionType, string>> = {
  choice: 'choice',
  score: 'score',
  yesNo: 'predicate',
};

/**
 * The JSON body of `POST /decisions` for a valid request: `{ model, input, questions }`.
 *
 * - `input` is the state: a text as it is; an object as one user message holding it as JSON
 *   (`input_json`); a list item by item, a text as a user message and an object as an input
 *   item written in the API's own shape (a message, a `function_call`, ...).
 * - `questions` is a list in the request's order, each named by its id: a yes-no question is a
 *   `predicate`; a choice lists `choices: [{ value, description? }]` (an option's description
 *   must be a text or nothing); a score lists `levels: [{ label, description? }]` (a level is a
 *   text, or an object `{ label, description? }` of texts).
 * - instructions: a text as it is, an object as one `input_json` part, a list part by part (a
 *   text as an `input_text` part, an object as written).
 *
 * Rejects, before any I/O: more than 400 questions; a choice of fewer than 2 or more than 255
 * options; a yes-no question that says what yes and no mean (a predicate takes instructions
 * only: say it there); an option description or a level the wire cannot carry; a state list
 * item that is neither a text nor an object. `request.options` is never sent.
 *
 * @example
 * ```ts
 * const questions = { refund: ClassificationQuestion.yesNo('A refund is asked for.') };
 * decisionsRequest(new ClassificationRequest({ state: 'Refund me', questions }), 'gpt-6-luna', reject);
 * // { model: 'gpt-6-luna', input: 'Refund me', questions: [{ type: 'predicate', name: 'refund', instructions: 'A refund is asked for.' }] }
 * ```
 */
export function decisionsRequest(
  request: ClassificationRequest,
  model: string,
  reject: Reject,
): Record<string, unknown> {
  const ids = Object.keys(request.questions);
  if (ids.length > DECISIONS_MAX_QUESTIONS) {
    reject(
      `the request asks ${ids.length} questions, and the Decisions API takes 1 to ${DECISIONS_MAX_QUESTIONS} per ` +
        `request. Split them over requests of ${DECISIONS_MAX_QUESTIONS} or fewer.`,
      {
        field: 'questions',
        limit: DECISIONS_MAX_QUESTIONS,
      },
    );
  }
  for (const id of [...ids].sort()) {
    const question = request.questions[id]!;
    if (question.type !== 'choice') continue;
    const options = Object.keys(question.criteria as object).length;
    const limit =
      options < DECISIONS_CHOICES.min
        ? DECISIONS_CHOICES.min
        : options > DECISIONS_CHOICES.max
          ? DECISIONS_CHOICES.max
          : undefined;
    if (limit !== undefined) {
      reject(
        `question '${id}' has ${options} option${options === 1 ? '' : 's'}, and the Decisions API takes ` +
          `${DECISIONS_CHOICES.min} to ${DECISIONS_CHOICES.max} per choice question. ` +
          (limit === DECISIONS_CHOICES.min
            ? 'Add an option, or ask a yes-no question instead.'
            : `Split it into questions of ${DECISIONS_CHOICES.max} options or fewer.`),
        { question: id, limit },
      );
    }
  }
  const input = wireInput(request.state, reject);
  const questions = ids.map((id) => wireQuestion(id, request.questions[id]!, reject));
  return { model, input, questions };
}

function wireInput(state: ClassificationRequest['state'], reject: Reject): unknown {
  if (typeof state === 'string') return state;
  if (!Array.isArray(state)) return [{ role: 'user', content: [{ type: 'input_json', data: state }] }];
  return state.map((item: unknown, index) => {
    if (typeof item === 'string') return { role: 'user', content: item };
    if (isPlainObject(item)) return item;
    return reject(
      `state[${index}] is ${show(item)}: in a state list the Decisions API takes texts (each sent as a user message) ` +
        `and input items written in its own shape, such as { role: 'user', content: '...' }.`,
      { field: 'state', index },
    );
  });
}

function wireQuestion(id: string, question: ClassificationQuestion, reject: Reject): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    type: decisionsTypes[question.type],
    name: id,
    instructions: wireInstructions(question.instructions),
  };
  if (question.type === 'choice') {
    wire.choices = Object.entries(question.criteria as Readonly<Record<string, unknown>>).map(
      ([value, description]) => {
        if (description === null || description === undefined) return { value };
        if (typeof description === 'string') return { value, description };
        return reject(
          `question '${id}': the description of option '${value}' is ${show(description)}, and the Decisions API ` +
            `takes a text. Write it as a string, or null for none.`,
          {
            question: id,
            option: value,
          },
        );
      },
    );
  } else if (question.type === 'score') {
    wire.levels = (question.criteria as readonly unknown[]).map((level, index) => {
      if (typeof level === 'string') return { label: level };
      if (isLevel(level))
        return level.description === undefined
          ? { label: level.label }
          : { label: level.label, description: level.description };
      return reject(
        `question '${id}': level ${index} is ${show(level)}, and the Decisions API takes a level as a text (its ` +
          `label) or { label, description? } of texts.`,
        {
          question: id,
          level: index,
        },
      );
    });
  } else {
    const labels = question.criteria as { true?: string; false?: string } | null;
    if (labels !== null && (labels.true !== undefined || labels.false !== undefined)) {
      reject(
        `question '${id}' says what yes and no mean, and the Decisions API's predicate questions take instructions ` +
          `only. Say it in the instructions instead.`,
        {
          question: id,
          field: 'criteria',
        },
      );
    }
  }
  return wire;
}

function wireInstructions(instructions: ClassificationQuestion['instructions']): unknown {
  if (typeof instructions === 'string') return instructions;
  if (!Array.isArray(instructions)) return [{ type: 'input_json', data: instructions }];
  return instructions.map((part: unknown) => (typeof part === 'string' ? { type: 'input_text', text: part } : part));
}

function isLevel(level: unknown): level is { label: string; description?: string } {
  if (!isPlainObject(level) || typeof level.label !== 'string') return false;
  return Object.keys(level).every(
    (key) =>
      key === 'label' ||
      (key === 'description' && (level.description === undefined || typeof level.description === 'string')),
  );
}

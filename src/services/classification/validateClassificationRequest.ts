import { ClassificationQuestion } from './ClassificationQuestion.js';
import { isJsonEncodable } from './isJsonEncodable.js';
import { isPlainObject } from './shapeError.js';

/** Why one part of a classification request is invalid. */
export type ClassificationProblemReason =
  | 'invalid_shape'
  | 'empty'
  | 'not_json_encodable'
  | 'invalid_id'
  | 'invalid_question'
  | 'invalid_type'
  | 'invalid_option'
  | 'too_few_levels';

/** One problem of a request: where it is, and why. */
export interface ClassificationProblem {
  /** The path inside the request, such as `['questions', 'anger', 'criteria']`. */
  readonly path: readonly string[];
  readonly reason: ClassificationProblemReason;
}

/**
 * Every problem of a classification request, each with its path and reason, in this order: `questions` (a record of
 * questions, or nothing else is checked; not empty), `state` (not empty, a string, object or list, JSON data), `model`
 * (a string or nothing), then each question in order: its id (a non-empty string), that it is a
 * `ClassificationQuestion`, its `type`, its `instructions` (as the state), its `criteria` (options for a choice, at
 * least two levels for a score, `{ true?, false? }` for a yes-no), and whether the criteria are JSON data. An empty
 * list means the request is valid. Never throws. Provider limits are not checked here.
 */
export function validateClassificationRequest(request: unknown): ClassificationProblem[] {
  if (typeof request !== 'object' || request === null) return [{ path: [], reason: 'invalid_shape' }];
  let fields: { state?: unknown; questions?: unknown; model?: unknown };
  let ids: string[];
  try {
    const { state, questions, model } = request as typeof fields;
    fields = { state, questions, model };
    if (!isPlainObject(questions)) return [{ path: ['questions'], reason: 'invalid_shape' }];
    ids = Object.keys(questions);
  } catch {
    // A getter or proxy trap that throws: the request cannot be read, so it has no valid shape.
    return [{ path: [], reason: 'invalid_shape' }];
  }
  const questions = fields.questions as Record<string, unknown>;
  const problems: ClassificationProblem[] = [];
  if (ids.length === 0) problems.push({ path: ['questions'], reason: 'empty' });
  const stateReason = jsonFieldReason(fields.state);
  if (stateReason !== undefined) problems.push({ path: ['state'], reason: stateReason });
  const model = fields.model;
  if (model !== undefined && model !== null && typeof model !== 'string')
    problems.push({ path: ['model'], reason: 'invalid_shape' });
  for (const id of ids) {
    const before = problems.length;
    try {
      checkQuestion(id, questions[id], problems);
    } catch {
      problems.length = before;
      problems.push({ path: ['questions', id], reason: 'invalid_question' });
    }
  }
  return problems;
}

/** The rule for the state and for a question's instructions: not empty, a string/object/list, JSON data. */
function jsonFieldReason(value: unknown): ClassificationProblemReason | undefined {
  try {
    return jsonShapeReason(value);
  } catch {
    return 'not_json_encodable';
  }
}

function jsonShapeReason(value: unknown): ClassificationProblemReason | undefined {
  if (value === null || value === undefined || value === '') return 'empty';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'empty';
  } else if (isPlainObject(value)) {
    if (Object.keys(value).length === 0) return 'empty';
  } else if (typeof value !== 'string') {
    return 'invalid_shape';
  }
  return isJsonEncodable(value) ? undefined : 'not_json_encodable';
}

function checkQuestion(id: string, question: unknown, problems: ClassificationProblem[]): void {
  const at = ['questions', id];
  // `__proto__` cannot key the response's answers: it would become their prototype.
  if (id.length === 0 || id === '__proto__') problems.push({ path: at, reason: 'invalid_id' });
  if (!(question instanceof ClassificationQuestion)) {
    problems.push({ path: at, reason: 'invalid_question' });
    return;
  }
  const known = question.type === 'choice' || question.type === 'score' || question.type === 'yesNo';
  if (!known) problems.push({ path: [...at, 'type'], reason: 'invalid_type' });
  const instructions = jsonFieldReason(question.instructions);
  if (instructions !== undefined) problems.push({ path: [...at, 'instructions'], reason: instructions });
  if (!known) return;
  const path = [...at, 'criteria'];
  const before = problems.length;
  const criteria: unknown = question.criteria;
  if (question.type === 'choice') {
    if (!isPlainObject(criteria)) problems.push({ path, reason: 'invalid_shape' });
    else {
      const options = Object.keys(criteria);
      if (options.length === 0) problems.push({ path, reason: 'empty' });
      for (const option of options)
        if (option.length === 0) problems.push({ path: [...path, option], reason: 'invalid_option' });
    }
  } else if (question.type === 'score') {
    if (!Array.isArray(criteria)) problems.push({ path, reason: 'invalid_shape' });
    else if (criteria.length === 0) problems.push({ path, reason: 'empty' });
    else if (criteria.length === 1) problems.push({ path, reason: 'too_few_levels' });
  } else if (criteria !== null && criteria !== undefined) {
    if (!isPlainObject(criteria) || Object.keys(criteria).some((key) => key !== 'true' && key !== 'false')) {
      problems.push({ path, reason: 'invalid_shape' });
    }
  }
  if (problems.length === before && criteria !== null && criteria !== undefined && !isJsonEncodable(criteria)) {
    problems.push({ path, reason: 'not_json_encodable' });
  }
}

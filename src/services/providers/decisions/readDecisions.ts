import { ClassificationAnswer } from '../../classification/ClassificationAnswer.js';
import type { ClassificationRequest } from '../../classification/ClassificationRequest.js';
import { quoted } from '../classifier/quoted.js';
import type { BodyPath, ResponseReader } from '../classifier/ResponseReader.js';
import { decisionsTypes } from './decisionsRequest.js';

/**
 * The answers of a Decisions body, checked against the questions asked: `answers` must be a
 * list with one answer per question, in the questions' order (an answer's `name`, when it gives
 * one, must be its question's id), each of its question's wire type, and
 *
 * - `predicate`: `probability` from 0 to 1, the probability of yes (no confidence);
 * - `choice`: `choice` one of the options (a text: the options were sent as texts), `confidence`
 *   from 0 to 1, `probabilities: [{ value, probability }]` with each option exactly once;
 * - `score`: `score` from 0 to levels - 1, `confidence` from 0 to 1,
 *   `probabilities: [{ label, value, probability }]` with each level exactly once, `value` its
 *   index and `label` the label it was sent with; the legend is the question's levels.
 *
 * A `{ type: 'refusal' }` answer is never turned into an answer (no probability is made up):
 * once every other answer is read, a response with refusals rejects with reason `unknown`,
 * `metadata.cause: 'refusal'`, `metadata.refused` (the question ids, in order) and
 * `metadata.answers` (the other answers, as plain data). Anything else that does not fit throws
 * `malformed_response` through `reader`, naming the path.
 *
 * @example
 * ```ts
 * readDecisions({ answers: [{ type: 'predicate', name: 'refund', probability: 0.63 }] }, request, reader, 'gpt-6-luna').refund.yesProbability; // 0.63
 * ```
 */
export function readDecisions(
  body: Readonly<Record<string, unknown>>,
  request: ClassificationRequest,
  reader: ResponseReader,
  model: string,
): Record<string, ClassificationAnswer> {
  const given = reader.list(body.answers, ['answers']);
  const ids = Object.keys(request.questions);
  if (given.length < ids.length)
    reader.fail(
      ['answers'],
      `has ${given.length} answers for ${ids.length} questions: no answer for ${quoted(ids.slice(given.length))}`,
    );
  if (given.length > ids.length)
    reader.fail(['answers'], `has ${given.length} answers for ${ids.length} questions: one per question, in order`);
  const answers: Record<string, ClassificationAnswer> = {};
  const refused: string[] = [];
  ids.forEach((id, index) => {
    const question = request.questions[id]!;
    const at = ['answers', index];
    const answer = reader.record(given[index], at, id);
    if (typeof answer.name === 'string' && answer.name !== id) {
      reader.fail(
        [...at, 'name'],
        `is ${JSON.stringify(answer.name)}, and question ${index} is '${id}': answers come in the questions' order`,
        id,
      );
    }
    const type = reader.string(answer.type, [...at, 'type'], id);
    if (type === 'refusal') {
      refused.push(id);
      return;
    }
    const expected = decisionsTypes[question.type];
    if (type !== expected)
      reader.fail([...at, 'type'], `is '${type}', and question '${id}' is a ${expected} question`, id);
    if (question.type === 'choice')
      answers[id] = choice(answer, Object.keys(question.criteria as object), at, id, reader);
    else if (question.type === 'score')
      answers[id] = score(answer, question.criteria as readonly unknown[], at, id, reader);
    else
      answers[id] = new ClassificationAnswer({
        type: 'yesNo',
        yesProbability: reader.probability(answer.probability, [...at, 'probability'], id),
      });
  });
  if (refused.length > 0) {
    const others = Object.fromEntries(Object.entries(answers).map(([id, answer]) => [id, { ...answer }]));
    throw reader.error(
      'unknown',
      `the model refused to answer question${refused.length > 1 ? 's' : ''} ${quoted(refused)}. No answer was made ` +
        `up; the answers to the other questions are in error.metadata.answers.`,
      { cause: 'refusal', refused, answers: others, model },
    );
  }
  return answers;
}

function choice(
  answer: Readonly<Record<string, unknown>>,
  options: readonly string[],
  at: BodyPath,
  id: string,
  reader: ResponseReader,
): ClassificationAnswer {
  const picked = answer.choice;
  if (typeof picked === 'boolean')
    reader.fail(
      [...at, 'choice'],
      `is ${String(picked)}, a boolean, and the options of '${id}' were sent as texts`,
      id,
    );
  const chosen = reader.string(picked, [...at, 'choice'], id);
  if (!options.includes(chosen))
    reader.fail(
      [...at, 'choice'],
      `is ${JSON.stringify(chosen)}, which is not an option of '${id}' (${quoted(options)})`,
      id,
    );
  const confidence = reader.probability(answer.confidence, [...at, 'confidence'], id);
  const entries = reader.list(answer.probabilities, [...at, 'probabilities'], id);
  const values: string[] = [];
  const probabilities: Record<string, number> = {};
  entries.forEach((raw, i) => {
    const path = [...at, 'probabilities', i];
    const entry = reader.record(raw, path, id);
    const value = reader.string(entry.value, [...path, 'value'], id);
    values.push(value);
    probabilities[value] = reader.probability(entry.probability, [...path, 'probability'], id);
  });
  reader.sameKeys(values, options, [...at, 'probabilities'], 'options', id);
  // Keyed in the options' order, whatever order the entries came in.
  return new ClassificationAnswer({
    type: 'choice',
    choice: chosen,
    probabilities: Object.fromEntries(options.map((o) => [o, probabilities[o]!])),
    confidence,
  });
}

function score(
  answer: Readonly<Record<string, unknown>>,
  levels: readonly unknown[],
  at: BodyPath,
  id: string,
  reader: ResponseReader,
): ClassificationAnswer {
  const top = levels.length - 1;
  const value = reader.number(answer.score, [...at, 'score'], 0, top, id);
  const confidence = reader.probability(answer.confidence, [...at, 'confidence'], id);
  const entries = reader.list(answer.probabilities, [...at, 'probabilities'], id);
  const probabilities = new Array<number>(levels.length);
  const seen: string[] = [];
  entries.forEach((raw, i) => {
    const path = [...at, 'probabilities', i];
    const entry = reader.record(raw, path, id);
    const level = reader.number(entry.value, [...path, 'value'], 0, top, id);
    if (!Number.isInteger(level))
      reader.fail(
        [...path, 'value'],
        `is ${level}, and a level's value is its index, a whole number from 0 to ${top}`,
        id,
      );
    const label = reader.string(entry.label, [...path, 'label'], id);
    const sent = labelOf(levels[level]);
    if (label !== sent)
      reader.fail(
        [...path, 'label'],
        `is ${JSON.stringify(label)}, and level ${level} of '${id}' was sent as ${JSON.stringify(sent)}`,
        id,
      );
    seen.push(String(level));
    probabilities[level] = reader.probability(entry.probability, [...path, 'probability'], id);
  });
  reader.sameKeys(
    seen,
    levels.map((_, level) => String(level)),
    [...at, 'probabilities'],
    'levels',
    id,
  );
  return new ClassificationAnswer({ type: 'score', score: value, probabilities, legend: [...levels], confidence });
}

/** The label a level was sent with: the text itself, or its object's `label`. */
function labelOf(level: unknown): string {
  return typeof level === 'string' ? level : (level as { label: string }).label;
}

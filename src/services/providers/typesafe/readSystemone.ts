import { ClassificationAnswer } from '../../classification/ClassificationAnswer.js';
import type { ClassificationRequest } from '../../classification/ClassificationRequest.js';
import { quoted } from '../classifier/quoted.js';
import type { BodyPath, ResponseReader } from '../classifier/ResponseReader.js';
import { systemoneTypes } from './systemoneRequest.js';

/**
 * The answers of a System One body, checked against the questions asked: `answers` must be a
 * record keyed by exactly the question ids, each answer of its question's wire type, and
 *
 * - `choice`: `choice` one of the options, `probabilities` keyed by exactly the options, each
 *   and `confidence` from 0 to 1;
 * - `score`: `score` from 0 to levels - 1, `confidence` from 0 to 1, `probabilities` and
 *   `legend` records keyed `"0"` to `"n-1"` (n the question's levels; a gap or an extra key
 *   fails), turned into lists, index = level;
 * - `noul`: `noul` from 0 to 1, the probability of yes (it carries no confidence).
 *
 * Every number is read as a float. Anything else throws `malformed_response` through `reader`,
 * naming the path.
 *
 * @example
 * ```ts
 * readSystemone({ answers: { refund: { type: 'noul', noul: 0.63 } } }, request, reader).refund.yesProbability; // 0.63
 * ```
 */
export function readSystemone(
  body: Readonly<Record<string, unknown>>,
  request: ClassificationRequest,
  reader: ResponseReader,
): Record<string, ClassificationAnswer> {
  const given = reader.record(body.answers, ['answers']);
  const ids = Object.keys(request.questions);
  const missing = ids.filter((id) => !Object.hasOwn(given, id));
  if (missing.length > 0)
    reader.fail(['answers'], `has no answer for question${missing.length > 1 ? 's' : ''} ${quoted(missing)}`);
  const extra = Object.keys(given).filter((id) => !Object.hasOwn(request.questions, id));
  if (extra.length > 0)
    reader.fail(
      ['answers'],
      `has answer${extra.length > 1 ? 's' : ''} for unasked id${extra.length > 1 ? 's' : ''} ${quoted(extra)}`,
    );
  const answers: Record<string, ClassificationAnswer> = {};
  for (const id of ids) {
    const question = request.questions[id]!;
    const at = ['answers', id];
    const answer = reader.record(given[id], at, id);
    const type = reader.string(answer.type, [...at, 'type'], id);
    const expected = systemoneTypes[question.type];
    if (type !== expected)
      reader.fail([...at, 'type'], `is '${type}', and question '${id}' is a ${expected} question`, id);
    if (question.type === 'choice') {
      const options = Object.keys(question.criteria as object);
      const choice = reader.string(answer.choice, [...at, 'choice'], id);
      if (!options.includes(choice))
        reader.fail(
          [...at, 'choice'],
          `is ${JSON.stringify(choice)}, which is not an option of '${id}' (${quoted(options)})`,
          id,
        );
      const offered = reader.record(answer.probabilities, [...at, 'probabilities'], id);
      reader.sameKeys(Object.keys(offered), options, [...at, 'probabilities'], 'options', id);
      const probabilities: Record<string, number> = {};
      for (const option of options)
        probabilities[option] = reader.probability(offered[option], [...at, 'probabilities', option], id);
      const confidence = reader.probability(answer.confidence, [...at, 'confidence'], id);
      answers[id] = new ClassificationAnswer({ type: 'choice', choice, probabilities, confidence });
    } else if (question.type === 'score') {
      const levels = (question.criteria as readonly unknown[]).length;
      const score = reader.number(answer.score, [...at, 'score'], 0, levels - 1, id);
      const confidence = reader.probability(answer.confidence, [...at, 'confidence'], id);
      const probabilities = byLevel(reader, answer.probabilities, levels, [...at, 'probabilities'], id).map(
        (p, level) => reader.probability(p, [...at, 'probabilities', String(level)], id),
      );
      const legend = byLevel(reader, answer.legend, levels, [...at, 'legend'], id);
      answers[id] = new ClassificationAnswer({ type: 'score', score, probabilities, legend, confidence });
    } else {
      answers[id] = new ClassificationAnswer({
        type: 'yesNo',
        yesProbability: reader.probability(answer.noul, [...at, 'noul'], id),
      });
    }
  }
  return answers;
}

/** A record keyed `"0"` to `"levels-1"`, as a list in level order. */
function byLevel(reader: ResponseReader, value: unknown, levels: number, path: BodyPath, question: string): unknown[] {
  const record = reader.record(value, path, question);
  const keys = Array.from({ length: levels }, (_, level) => String(level));
  reader.sameKeys(Object.keys(record), keys, path, 'levels', question);
  return keys.map((key) => record[key]);
}

import { answerObject, jsonObject, mismatch, quoted, readAt, sameKeys, text, usageOf } from '../answerReading.js';
import type { AskedQuestion, Classified, ClassifiedAnswer } from '../Classification.js';
import { systemOneChoice, noulAnswer, systemOneScore } from './systemoneShapes.js';
import { systemoneTypes } from './systemoneRequest.js';

const head = answerObject({ answers: jsonObject });
const typed = answerObject({ type: text });

/** A System One reply as JSON text. The protocol has no refusal: `reply.refused` is not written. */
export function writeSystemoneReply(reply: Classified): string {
  const answers = Object.entries(reply.answers).map(([id, answer]) => `${JSON.stringify(id)}:${answerJson(answer)}`);
  const model = reply.model === undefined ? '' : `"model":${JSON.stringify(reply.model)},`;
  return (
    `{${model}"answers":{${answers.join(',')}},"usage":{"input_tokens":${json(reply.usage.inputTokens ?? 0)},` +
    `"output_tokens":${json(reply.usage.outputTokens ?? 0)}}}`
  );
}

function answerJson(answer: ClassifiedAnswer): string {
  switch (answer.type) {
    case 'choice':
      return (
        `{"type":"choice","choice":${json(answer.choice)},"probabilities":${json(answer.probabilities)},` +
        `"confidence":${json(answer.confidence)}}`
      );
    case 'score':
      return (
        `{"type":"score","score":${json(answer.score)},"legend":${byLevel(answer.legend)},` +
        `"probabilities":${byLevel(answer.probabilities)},"confidence":${json(answer.confidence)}}`
      );
    case 'yesNo':
      return `{"type":"noul","noul":${json(answer.yesProbability)}}`;
  }
}

/** A list as System One keys it: by index, `"0"` to `"n-1"`. */
function byLevel(list: readonly unknown[]): string {
  return `{${list.map((value, level) => `"${level}":${json(value)}`).join(',')}}`;
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/**
 * The answers of a System One reply, checked against the questions asked: `answers` keyed by
 * exactly the question ids, each of its question's wire type, and
 *
 * - `choice`: `choice` one of the options, `probabilities` keyed by exactly the options, each and
 *   `confidence` from 0 to 1;
 * - `score`: `score` from 0 to levels - 1, `confidence` from 0 to 1, `probabilities` and `legend`
 *   keyed `"0"` to `"n-1"` (a gap or an extra key is a mismatch), turned into lists;
 * - `noul`: from 0 to 1, the probability of yes.
 *
 * `model` is the reply's when it names one; usage is read as {@link usageOf} says. Anything else
 * throws an {@link AnswerMismatch} naming its path in the body.
 */
export function readSystemoneReply(value: unknown, questions: Readonly<Record<string, AskedQuestion>>): Classified {
  const body = readAt(head, value, []);
  const given = body.answers;
  const ids = Object.keys(questions);
  const missing = ids.filter((id) => !Object.hasOwn(given, id));
  if (missing.length > 0)
    mismatch(['answers'], `has no answer for question${missing.length > 1 ? 's' : ''} ${quoted(missing)}`);
  const extra = Object.keys(given).filter((id) => !Object.hasOwn(questions, id));
  if (extra.length > 0) {
    const s = extra.length > 1 ? 's' : '';
    mismatch(['answers'], `has answer${s} for unasked id${s} ${quoted(extra)}`);
  }
  const answers = Object.fromEntries(ids.map((id) => [id, answerOf(id, questions[id]!, given[id])]));
  const model = (value as { model?: unknown }).model;
  return {
    ...(typeof model === 'string' && model !== '' ? { model } : {}),
    answers,
    refused: [],
    usage: usageOf((value as { usage?: unknown }).usage),
  };
}

function answerOf(id: string, question: AskedQuestion, value: unknown): ClassifiedAnswer {
  const at = ['answers', id];
  const expected = systemoneTypes[question.type];
  const { type } = readAt(typed, value, at, id);
  if (type !== expected) mismatch([...at, 'type'], `is '${type}', and question '${id}' is a ${expected} question`, id);
  if (question.type === 'yesNo') return { type: 'yesNo', yesProbability: readAt(noulAnswer, value, at, id).noul };
  if (question.type === 'choice') {
    const answer = readAt(systemOneChoice, value, at, id);
    const options = Object.keys(question.criteria ?? {});
    if (!options.includes(answer.choice)) {
      mismatch(
        [...at, 'choice'],
        `is ${JSON.stringify(answer.choice)}, which is not an option of '${id}' (${quoted(options)})`,
        id,
      );
    }
    sameKeys(Object.keys(answer.probabilities), options, [...at, 'probabilities'], 'options', id);
    const probabilities = Object.fromEntries(options.map((option) => [option, answer.probabilities[option]!]));
    return { type: 'choice', choice: answer.choice, probabilities, confidence: answer.confidence };
  }
  const answer = readAt(systemOneScore, value, at, id);
  const levels = (question.criteria as readonly unknown[]).length;
  if (answer.score < 0 || answer.score > levels - 1)
    mismatch([...at, 'score'], `is ${answer.score}, out of range: it should be from 0 to ${levels - 1}`, id);
  return {
    type: 'score',
    score: answer.score + 0,
    probabilities: byIndex(answer.probabilities, levels, [...at, 'probabilities'], id),
    legend: byIndex(answer.legend, levels, [...at, 'legend'], id),
    confidence: answer.confidence,
  };
}

/** A record keyed `"0"` to `"levels-1"`, as a list in level order. */
function byIndex<T>(record: Readonly<Record<string, T>>, levels: number, at: readonly string[], id: string): T[] {
  const keys = Array.from({ length: levels }, (_, level) => String(level));
  sameKeys(Object.keys(record), keys, at, 'levels', id);
  return keys.map((key) => record[key]!);
}

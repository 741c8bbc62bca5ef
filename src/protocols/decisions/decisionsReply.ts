import { answerObject, jsonList, mismatch, quoted, readAt, sameKeys, text, usageOf } from '../answerReading.js';
import type { AskedQuestion, Classified, ClassifiedAnswer } from '../Classification.js';
import { decisionsTypes } from './decisionsRequest.js';
import { choiceAnswer, predicateAnswer, scoreAnswer } from './decisionsShapes.js';

const head = answerObject({ answers: jsonList });
const typed = answerObject({ type: text, name: predicateAnswer.shape.name });

/**
 * A Decisions reply as JSON text, answers in the questions' order, a refused one as `{ type: 'refusal', name }`. The
 * wire carries no legend: a score's levels are its question's.
 */
export function writeDecisionsReply(reply: Classified, questions: Readonly<Record<string, AskedQuestion>>): string {
  const answers = Object.keys(questions).map((id) => {
    const answer = reply.answers[id];
    const name = json(id);
    return answer === undefined || reply.refused.includes(id)
      ? `{"type":"refusal","name":${name}}`
      : answerJson(name, answer, questions[id]!);
  });
  const input = reply.usage.inputTokens ?? 0;
  const output = reply.usage.outputTokens ?? 0;
  return (
    `{"model":${json(reply.model ?? '')},"answers":[${answers.join(',')}],"usage":{"input_tokens":${json(input)},` +
    `"input_tokens_details":{"cached_tokens":0,"cache_write_tokens":0},"output_tokens":${json(output)},` +
    `"output_tokens_details":{"reasoning_tokens":0},"total_tokens":${json(reply.usage.totalTokens ?? input + output)}}}`
  );
}

function answerJson(name: string, answer: ClassifiedAnswer, question: AskedQuestion): string {
  switch (answer.type) {
    case 'choice': {
      const probabilities = Object.entries(answer.probabilities).map(
        ([value, probability]) => `{"value":${json(value)},"probability":${json(probability)}}`,
      );
      return (
        `{"type":"choice","name":${name},"choice":${json(answer.choice)},"confidence":${json(answer.confidence)},` +
        `"probabilities":[${probabilities.join(',')}]}`
      );
    }
    case 'score': {
      const levels = question.criteria as readonly unknown[];
      const probabilities = answer.probabilities.map(
        (probability, value) =>
          `{"label":${json(labelOf(levels[value]))},"value":${value},"probability":${json(probability)}}`,
      );
      return (
        `{"type":"score","name":${name},"score":${json(answer.score)},"confidence":${json(answer.confidence)},` +
        `"probabilities":[${probabilities.join(',')}]}`
      );
    }
    case 'yesNo':
      return `{"type":"predicate","name":${name},"probability":${json(answer.yesProbability)}}`;
  }
}

function json(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** The label a level was sent with: the text itself, or its object's `label`. */
function labelOf(level: unknown): string {
  return typeof level === 'string' ? level : String((level as { label?: unknown } | undefined)?.label ?? '');
}

/**
 * The answers of a Decisions reply, checked against the questions asked: `answers` a list of one
 * answer per question, in the questions' order (an answer's `name`, when it gives one, must be its
 * question's id), each of its question's wire type, and
 *
 * - `predicate`: `probability` from 0 to 1, the probability of yes;
 * - `choice`: `choice` one of the options (a text: the options were sent as texts), `confidence`
 *   from 0 to 1, `probabilities: [{ value, probability }]` with each option exactly once;
 * - `score`: `score` from 0 to levels - 1, `confidence` from 0 to 1,
 *   `probabilities: [{ label, value, probability }]` with each level exactly once, `value` its
 *   index and `label` the label it was sent with; the legend is the question's levels.
 *
 * A `{ type: 'refusal' }` answer is no answer: its question's id is in `refused`. Anything else
 * throws an {@link AnswerMismatch} naming its path in the body.
 */
export function readDecisionsReply(value: unknown, questions: Readonly<Record<string, AskedQuestion>>): Classified {
  const given = readAt(head, value, []).answers;
  const ids = Object.keys(questions);
  if (given.length < ids.length) {
    mismatch(
      ['answers'],
      `has ${given.length} answers for ${ids.length} questions: no answer for ${quoted(ids.slice(given.length))}`,
    );
  }
  if (given.length > ids.length)
    mismatch(['answers'], `has ${given.length} answers for ${ids.length} questions: one per question, in order`);
  const answers: [string, ClassifiedAnswer][] = [];
  const refused: string[] = [];
  ids.forEach((id, index) => {
    const at = ['answers', index];
    const { type, name } = readAt(typed, given[index], at, id);
    if (typeof name === 'string' && name !== id) {
      mismatch(
        [...at, 'name'],
        `is ${JSON.stringify(name)}, and question ${index} is '${id}': answers come in the questions' order`,
        id,
      );
    }
    if (type === 'refusal') refused.push(id);
    else answers.push([id, answerOf(id, questions[id]!, type, given[index], at)]);
  });
  const model = (value as { model?: unknown }).model;
  return {
    ...(typeof model === 'string' && model !== '' ? { model } : {}),
    answers: Object.fromEntries(answers),
    refused,
    usage: usageOf((value as { usage?: unknown }).usage),
  };
}

function answerOf(
  id: string,
  question: AskedQuestion,
  type: string,
  value: unknown,
  at: readonly (string | number)[],
): ClassifiedAnswer {
  const expected = decisionsTypes[question.type];
  if (type !== expected) mismatch([...at, 'type'], `is '${type}', and question '${id}' is a ${expected} question`, id);
  if (question.type === 'yesNo')
    return { type: 'yesNo', yesProbability: readAt(predicateAnswer, value, at, id).probability };
  if (question.type === 'choice') return choiceOf(id, Object.keys(question.criteria ?? {}), value, at);
  const levels = question.criteria as readonly unknown[];
  const answer = readAt(scoreAnswer, value, at, id);
  const top = levels.length - 1;
  if (answer.score < 0 || answer.score > top)
    mismatch([...at, 'score'], `is ${answer.score}, out of range: it should be from 0 to ${top}`, id);
  const probabilities = new Array<number>(levels.length);
  const seen: string[] = [];
  answer.probabilities.forEach((entry, i) => {
    const path = [...at, 'probabilities', i, 'value'];
    if (entry.value < 0 || entry.value > top)
      mismatch(path, `is ${entry.value}, out of range: it should be from 0 to ${top}`, id);
    if (!Number.isInteger(entry.value))
      mismatch(path, `is ${entry.value}, and a level's value is its index, a whole number from 0 to ${top}`, id);
    const sent = labelOf(levels[entry.value]);
    if (entry.label !== sent) {
      mismatch(
        [...at, 'probabilities', i, 'label'],
        `is ${JSON.stringify(entry.label)}, and level ${entry.value} of '${id}' was sent as ${JSON.stringify(sent)}`,
        id,
      );
    }
    seen.push(String(entry.value));
    probabilities[entry.value] = entry.probability;
  });
  const indexes = levels.map((_, level) => String(level));
  sameKeys(seen, indexes, [...at, 'probabilities'], 'levels', id);
  return { type: 'score', score: answer.score + 0, probabilities, legend: [...levels], confidence: answer.confidence };
}

function choiceOf(
  id: string,
  options: readonly string[],
  value: unknown,
  at: readonly (string | number)[],
): ClassifiedAnswer {
  const answer = readAt(choiceAnswer, value, at, id);
  const chosen = answer.choice;
  if (typeof chosen === 'boolean')
    mismatch([...at, 'choice'], `is ${String(chosen)}, a boolean, and the options of '${id}' were sent as texts`, id);
  if (!options.includes(chosen)) {
    mismatch(
      [...at, 'choice'],
      `is ${JSON.stringify(chosen)}, which is not an option of '${id}' (${quoted(options)})`,
      id,
    );
  }
  const values = answer.probabilities.map((entry) => entry.value);
  sameKeys(values, options, [...at, 'probabilities'], 'options', id);
  const byValue = new Map(answer.probabilities.map((entry) => [entry.value, entry.probability]));
  // Keyed in the options' order, whatever order the entries came in.
  return {
    type: 'choice',
    choice: chosen,
    probabilities: Object.fromEntries(options.map((option) => [option, byValue.get(option)!])),
    confidence: answer.confidence,
  };
}

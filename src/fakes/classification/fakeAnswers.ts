import { StandinError } from '../../errors/StandinError.js';
import { ClassificationAnswer, trustedAnswer } from '../../services/classification/ClassificationAnswer.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import type { ClassifyCallOptions } from '../../services/spec/Classifier.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import { trustedResponse, type ClassificationResponse } from '../../services/classification/ClassificationResponse.js';

/** A question as the fake reads it: its type and criteria, nothing else. */
interface ReadableQuestion {
  readonly type?: unknown;
  readonly criteria?: unknown;
}

/**
 * The fake's answer to every question of a request: the scripted value where `overrides` gives
 * one, the default otherwise (`fitting()`'s answer with `fitting`: see {@link defaultAnswer}). The
 * answers are keyed exactly like the questions, in their order.
 *
 * @throws {StandinError} `K0011` when `overrides` names a question the request does not ask, or a
 *   value does not fit its question; `K0001` when a question cannot be read; `K0003` when
 *   `questions` is not a record.
 */
export function fakeAnswers(
  questions: unknown,
  overrides?: Readonly<Record<string, unknown>>,
  fitting = false,
): Record<string, ClassificationAnswer> {
  if (!isPlainObject(questions)) {
    throw new StandinError(
      'K0003',
      `FakeClassifier cannot read request.questions: expected a record of question id -> ClassificationQuestion, got ` +
        `${show(questions)}.`,
    );
  }
  if (overrides !== undefined) {
    const unknown = Object.keys(overrides).filter((id) => !Object.hasOwn(questions, id));
    if (unknown.length > 0) {
      throw new StandinError(
        'K0011',
        `FakeClassifier: the scripted answers name question id${unknown.length === 1 ? '' : 's'} ` +
          `${quoteAll(unknown)}, which the request does not ask. The request's question ids: ` +
          `${quoteAll(Object.keys(questions)) || 'none'}. Key each answer by one of them.`,
      );
    }
  }
  const answers: Record<string, ClassificationAnswer> = {};
  for (const id in questions) {
    const question = questions[id] as ReadableQuestion;
    answers[id] =
      overrides !== undefined && Object.hasOwn(overrides, id)
        ? scriptedAnswer(id, question, overrides[id])
        : defaultAnswer(id, question, fitting);
  }
  return answers;
}

/**
 * The default answer: a choice's lexicographically first option (probability 1 on it, 0 on the
 * others, confidence 1); score 0 (probability 1 on the lowest level, confidence 1); a yes
 * probability of 0 (no confidence). `fitting()`'s answer instead (`fitting`): the first option as
 * listed, the top level, a yes probability of 1.
 */
export function defaultAnswer(id: string, question: ReadableQuestion, fitting = false): ClassificationAnswer {
  switch (typeOf(id, question)) {
    case 'choice': {
      const names = options(id, question);
      const listed = fitting ? Object.keys(names)[0] : undefined;
      return choiceAnswer(listed ?? firstOption(id, names), names);
    }
    case 'score': {
      const list = levels(id, question);
      return scoreAnswer(fitting ? Math.max(0, list.length - 1) : 0, list);
    }
    case 'yesNo':
      return yesNoAnswer(fitting ? 1 : 0);
  }
}

/**
 * The answer a scripted value gives: a `ClassificationAnswer` as it is; for a choice an option
 * name; for a score a position from 0 to the top level; for a yes-no the probability of yes.
 */
export function scriptedAnswer(id: string, question: ReadableQuestion, value: unknown): ClassificationAnswer {
  if (value instanceof ClassificationAnswer) return value;
  const type = typeOf(id, question);
  if (type === 'choice') {
    const names = options(id, question);
    if (typeof value !== 'string') throw wrongKind(id, value, 'an option name (a string) or a ClassificationAnswer');
    if (!Object.hasOwn(names, value)) {
      const sorted = Object.keys(names).sort(byCodePoint);
      throw new StandinError(
        'K0011',
        `FakeClassifier: the scripted answer for question ${JSON.stringify(id)} is ${show(value)}, which is not one ` +
          `of the options: ${quoteAll(sorted)}. Write one of the options, or a ClassificationAnswer.`,
      );
    }
    return choiceAnswer(value, names);
  }
  if (type === 'score') {
    const list = levels(id, question);
    if (typeof value !== 'number')
      throw wrongKind(id, value, 'a number (the score position) or a ClassificationAnswer');
    const top = list.length - 1;
    if (!(value >= 0 && value <= top)) {
      throw new StandinError(
        'K0011',
        `FakeClassifier: the scripted answer for question ${JSON.stringify(id)} is ${show(value)}; this score ` +
          `question has ${list.length} level${list.length === 1 ? '' : 's'}, so it takes a number between 0 and ` +
          `${top} (the score position) or a ClassificationAnswer.`,
      );
    }
    return scoreAnswer(value, list);
  }
  if (typeof value !== 'number')
    throw wrongKind(id, value, 'a number (the probability of yes) or a ClassificationAnswer');
  if (!(value >= 0 && value <= 1)) {
    throw new StandinError(
      'K0011',
      `FakeClassifier: the scripted answer for question ${JSON.stringify(id)} is ${show(value)}; a yes-no question ` +
        `takes a number between 0 and 1 (the probability of yes) or a ClassificationAnswer.`,
    );
  }
  return yesNoAnswer(value);
}

function choiceAnswer(chosen: string, names: Readonly<Record<string, unknown>>): ClassificationAnswer {
  const probabilities: Record<string, number> = {};
  for (const name in names) probabilities[name] = name === chosen ? 1 : 0;
  return trustedAnswer({
    type: 'choice',
    choice: chosen,
    score: null,
    yesProbability: null,
    probabilities,
    legend: null,
    confidence: 1,
  });
}

/**
 * A score of `x`: a whole number puts probability 1 on its level; a fractional one puts
 * `ceil(x) - x` on level `floor(x)` and `x - floor(x)` on level `ceil(x)`. The confidence is the
 * larger of the two: the fake's own convention, not any provider's formula.
 */
function scoreAnswer(x: number, list: readonly unknown[]): ClassificationAnswer {
  const score = x + 0; // -0 becomes 0
  const lo = Math.floor(score);
  const hi = Math.ceil(score);
  const probabilities = new Array<number>(list.length).fill(0);
  let confidence = 1;
  if (lo === hi) {
    if (lo < list.length) probabilities[lo] = 1;
  } else {
    probabilities[lo] = hi - score;
    probabilities[hi] = score - lo;
    confidence = Math.max(hi - score, score - lo);
  }
  return trustedAnswer({
    type: 'score',
    choice: null,
    score,
    yesProbability: null,
    probabilities,
    legend: [...list],
    confidence,
  });
}

function yesNoAnswer(p: number): ClassificationAnswer {
  return trustedAnswer({
    type: 'yesNo',
    choice: null,
    score: null,
    yesProbability: p + 0,
    probabilities: null,
    legend: null,
    confidence: null,
  });
}

function typeOf(id: string, question: ReadableQuestion): 'choice' | 'score' | 'yesNo' {
  const type = typeof question === 'object' && question !== null ? question.type : undefined;
  if (type === 'choice' || type === 'score' || type === 'yesNo') return type;
  throw new StandinError(
    'K0001',
    `FakeClassifier cannot answer question ${JSON.stringify(id)}: its type is ${show(type)}, not 'choice', 'score' ` +
      `or 'yesNo'. Build it with ClassificationQuestion.choice, .score or .yesNo.`,
  );
}

function options(id: string, question: ReadableQuestion): Readonly<Record<string, unknown>> {
  if (isPlainObject(question.criteria)) return question.criteria;
  throw new StandinError(
    'K0001',
    `FakeClassifier cannot answer choice question ${JSON.stringify(id)}: its options (criteria) are ` +
      `${show(question.criteria)}, not a record of option -> description. Build it with ` +
      `ClassificationQuestion.choice(instructions, ['a', 'b']).`,
  );
}

function levels(id: string, question: ReadableQuestion): readonly unknown[] {
  if (Array.isArray(question.criteria)) return question.criteria;
  throw new StandinError(
    'K0001',
    `FakeClassifier cannot answer score question ${JSON.stringify(id)}: its levels (criteria) are ` +
      `${show(question.criteria)}, not a list. Build it with ClassificationQuestion.score(instructions, ['low', ` +
      `'high']).`,
  );
}

function firstOption(id: string, names: Readonly<Record<string, unknown>>): string {
  let first: string | undefined;
  for (const name in names) if (first === undefined || byCodePoint(name, first) < 0) first = name;
  if (first === undefined) {
    throw new StandinError(
      'K0001',
      `FakeClassifier cannot answer choice question ${JSON.stringify(id)}: it has no options. Give it at least one: ` +
        `ClassificationQuestion.choice(instructions, ['a', 'b']).`,
    );
  }
  return first;
}

/** Orders strings by Unicode code point (the byte order of their UTF-8), not by UTF-16 unit. */
export function byCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let ca = a.charCodeAt(i);
    let cb = b.charCodeAt(i);
    if (ca !== cb) {
      // Surrogates (astral code points) sort after U+E000..U+FFFF by code point, before them by unit.
      if (ca >= 0xd800 && cb >= 0xd800) {
        ca = ca >= 0xe000 ? ca - 0x800 : ca + 0x2000;
        cb = cb >= 0xe000 ? cb - 0x800 : cb + 0x2000;
      }
      return ca - cb;
    }
  }
  return a.length - b.length;
}

function wrongKind(id: string, value: unknown, accepts: string): StandinError {
  return new StandinError(
    'K0011',
    `FakeClassifier: the scripted answer for question ${JSON.stringify(id)} is ${show(value)}; this question takes ` +
      `${accepts}.`,
  );
}

function quoteAll(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(', ');
}

/**
 * A fake classifier's response to `request`: {@link fakeAnswers} for its questions, the request's
 * model (or `fake-classification`), id and metadata, and no usage.
 *
 * @example
 * ```ts
 * return fakeResponse(request, opts, { team: 'billing' });
 * ```
 */
export function fakeResponse(
  request: ClassificationRequest,
  opts: ClassifyCallOptions | undefined,
  answers?: Readonly<Record<string, unknown>>,
  fitting = false,
): ClassificationResponse {
  return trustedResponse({
    id: null,
    requestId: opts?.requestId ?? null,
    model: request.model ?? 'fake-classification',
    provider: 'fake',
    raw: null,
    answers: fakeAnswers(request.questions, answers, fitting),
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    metadata: request.metadata,
  });
}

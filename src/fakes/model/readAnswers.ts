import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { describeType } from '../../validation/formatPath.js';
import { capabilities, plainCapabilities } from '../../services/capabilities/capabilities.js';
import type { AnswerFunction, Answers, CallRecord } from './Answer.js';
import { answerFields } from './answerSchema.js';
import { isGeneratorFunction, type PreparedAnswer } from './prepareAnswer.js';
import { prepareList } from './joinFailures.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** The calls of a record besides `reply`. */
export type RecordCall = Exclude<keyof CallRecord, 'reply'>;

/** How a fake answers replies: from a checked list, or from a function. */
export type ReplySource =
  | {
      readonly kind: 'list';
      readonly root: string;
      readonly answers: readonly PreparedAnswer[];
      /** Whether an answer has a `when`: then each step takes the first answer left that matches its request. */
      readonly matching: boolean;
    }
  | { readonly kind: 'function'; readonly root: string; readonly fn: AnswerFunction };

/** `answers`, read and checked: which of the three forms it is, and what it answers to each call. */
export interface ReadAnswers {
  readonly form: 'list' | 'function' | 'record';
  /** How replies are answered; undefined for a record without `reply`. */
  readonly reply: ReplySource | undefined;
  /** The record's other calls. */
  readonly calls: Readonly<Partial<Pick<CallRecord, RecordCall>>>;
}

const fn = lazySchema(() =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', { message: 'Expected a function' }),
);

// A record's keys are `reply` and the plain capabilities, each a function; their hints are the capabilities' own.
const recordSchema = lazySchema(() =>
  z.strictObject({
    reply: z.union([z.array(z.unknown()), fn]).optional(),
    ...Object.fromEntries(plainCapabilities.map((name) => [name, fn.optional()])),
  }),
);

const recordHints = {
  expected: {
    reply: 'a list of answers, or a function of the request',
    ...Object.fromEntries(plainCapabilities.map((name) => [name, capabilities[name].answer])),
  },
  get keys() {
    return { '': Object.keys(recordSchema.shape) };
  },
};

const forms =
  "a list of answers ([{ text: '...' }]), a function of the request ((request) => ({ text: '...' })), or a record of " +
  'calls ({ reply: [...], embed: ... })';

/**
 * Reads and checks what a model is faked with when the fake is made: the form (`T0001`), every answer
 * (`T0002`-`T0005`).
 *
 * @throws {StandinError} the first problem found, naming where it is and what to write instead.
 */
export function readAnswers(answers: Answers, owner: string): ReadAnswers {
  const raw: unknown = answers;
  if (Array.isArray(raw)) return { form: 'list', reply: list(raw, 'answers', owner), calls: {} };
  if (typeof raw === 'function') {
    if (isGeneratorFunction(raw))
      throw formError(owner, 'answers', 'a generator of parts is no answer', `the fake makes the parts: ${forms}`);
    return { form: 'function', reply: { kind: 'function', root: 'answers', fn: raw as AnswerFunction }, calls: {} };
  }
  if (typeof raw === 'string')
    throw formError(owner, 'answers', 'a plain text is no list of answers', "write [{ text: '...' }]");
  if (raw === null || typeof raw !== 'object')
    throw formError(owner, 'answers', `${describeType(raw)} is none of the forms`);
  if (Symbol.asyncIterator in raw || Symbol.iterator in raw)
    throw formError(owner, 'answers', 'a generator (or an iterable) of parts is no answer');
  const keys = Object.keys(raw);
  if (keys.length > 0 && keys.every((key) => answerFields().includes(key))) {
    throw formError(owner, 'answers', 'one answer is no list of answers', `write a list: [{ ${keys.join(', ')} }]`);
  }
  const parsed = recordSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = describeIssues('answers', raw, parsed.error.issues, recordHints);
    throw new StandinError('T0001', `${owner}: answers is not a record of calls:\n${lines.join('\n')}`);
  }
  const record = raw as CallRecord;
  let reply: ReplySource | undefined;
  if (Array.isArray(record.reply)) reply = list(record.reply, 'answers.reply', owner);
  else if (typeof record.reply === 'function') {
    if (isGeneratorFunction(record.reply))
      throw formError(
        owner,
        'answers.reply',
        'a generator of parts is no answer',
        "the fake makes the parts: give a list of answers ([{ text: '...' }]) or a function of the request",
      );
    reply = { kind: 'function', root: 'answers.reply', fn: record.reply };
  }
  const calls: { -readonly [K in RecordCall]?: CallRecord[K] } = {};
  for (const call of plainCapabilities) {
    if (record[call] !== undefined) (calls as Record<string, unknown>)[call] = record[call];
  }
  return { form: 'record', reply, calls };
}

function list(raw: readonly unknown[], root: string, owner: string): ReplySource {
  const answers = prepareList(raw, root, owner);
  return { kind: 'list', root, answers, matching: answers.some((prepared) => prepared.matcher !== undefined) };
}

function formError(owner: string, where: string, problem: string, fix = `fake a model with ${forms}`): StandinError {
  return new StandinError('T0001', `${owner}: ${where}: ${problem}; ${fix}.`);
}

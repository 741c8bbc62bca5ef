import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { App } from '../../services/app/App.js';
import { ClassificationQuestion } from '../../services/classification/ClassificationQuestion.js';
import type { ClassificationState } from '../../services/classification/ClassificationRequest.js';
import { isJsonEncodable } from '../../services/classification/isJsonEncodable.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { lazySchema } from '../../validation/lazySchema.js';
import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';
import { shownName } from '../../validation/readGuard.js';

/**
 * How a judge grades: what it takes to pass, and how many times it asks.
 *
 * @example
 * ```ts
 * const options: JudgeOptions = { atLeast: 0.8, repeat: 3, majority: true };
 * ```
 */
export interface JudgeOptions {
  /**
   * The least probability that passes, from 0 to 1: of yes for a yes-no question, of `option` for a
   * choice, the score over the top level for a score (2 of levels 0 to 2 is 1).
   */
  readonly atLeast: number;
  /** How many times the classifier is asked, from 1 to 25: 1 when left out. */
  readonly repeat?: number | undefined;
  /** With `true`, the judge passes when more than half the grades reach `atLeast`; left out, when their mean does. */
  readonly majority?: boolean | undefined;
  /** For a choice question: the option that passes. Only for a choice question. */
  readonly option?: string | undefined;
}

/** The most times a judge asks the classifier. */
export const MAX_REPEAT = 25;

const optionsSchema = lazySchema(() =>
  z.strictObject({
    atLeast: z.number().min(0).max(1),
    repeat: z.number().int().min(1).max(MAX_REPEAT).optional(),
    majority: z.boolean().optional(),
    option: z.string().min(1).optional(),
  }),
);

const expected: Readonly<Record<string, string>> = {
  '': 'an object { atLeast, repeat?, majority?, option? }',
  atLeast: 'a number from 0 to 1: the least probability that passes',
  repeat: `a whole number from 1 to ${MAX_REPEAT}: how many times to ask`,
  majority: 'true (more than half the grades pass) or false (their mean passes)',
  option: "the option of the choice question that passes, such as 'friendly'",
};

/** What a judge reads from its arguments, checked. */
export interface JudgeCall {
  readonly app: App;
  /** What the classifier is asked about: the reply's text, or its typed value. */
  readonly state: ClassificationState | undefined;
  readonly question: ClassificationQuestion;
  readonly options: JudgeOptions & { readonly repeat: number; readonly majority: boolean };
}

/**
 * A judge's arguments, checked: the app whose classifier judges, the reply (a text, or a reply or run result: its
 * `text`, else its typed `value`; an empty one is left undefined, and fails), the question and the options.
 *
 * @throws {StandinError} `T0150` for an app or a reply it cannot read; `T0151` for a bad question or options.
 */
export function readJudge(where: string, reply: unknown, app: unknown, question: unknown, options: unknown): JudgeCall {
  if (!(app instanceof App)) {
    throw new StandinError(
      'T0150',
      `${where}: the app is ${shownName(app)}; pass the app whose classifier judges: toPassJudge(app, question, options).`,
    );
  }
  if (!(question instanceof ClassificationQuestion)) {
    throw new StandinError(
      'T0151',
      `${where}: the question is ${shownName(question)}; build it with ClassificationQuestion.yesNo('Does the answer ` +
        `cite the guide?'), .score or .choice.`,
    );
  }
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const lines = describeIssues('options', options, parsed.error.issues, {
      expected,
      keys: { '': Object.keys(optionsSchema.shape) },
    });
    throw new StandinError('T0151', `${where}: the options are not valid:\n${lines.join('\n')}`);
  }
  const read = parsed.data;
  const choices =
    question.type === 'choice' && isOrdinaryObject(question.criteria) ? Object.keys(question.criteria) : [];
  if (question.type === 'choice' && (read.option === undefined || !choices.includes(read.option))) {
    throw new StandinError(
      'T0151',
      `${where}: a choice question passes on one of its options, and options.option is ` +
        `${shownName(read.option)}; name one of ${choices.map((name) => `'${name}'`).join(', ') || 'its options'}.`,
    );
  }
  if (question.type !== 'choice' && read.option !== undefined) {
    throw new StandinError(
      'T0151',
      `${where}: options.option is for a choice question, and this is a ${question.type} question; leave it out.`,
    );
  }
  return {
    app,
    state: stateOf(where, reply),
    question,
    options: { ...read, repeat: read.repeat ?? 1, majority: read.majority ?? false },
  };
}

/**
 * What the classifier is asked about: a text; a reply or run result's text, else its typed value;
 * a JSON value. Undefined when there is nothing to judge (an empty text, no value).
 */
function stateOf(where: string, reply: unknown): ClassificationState | undefined {
  // A reply (app.reply) and a run result (app.run) both have a text and units.
  if (isOrdinaryObject(reply) && typeof reply.text === 'string' && isOrdinaryObject(reply.units)) {
    if (reply.text.trim() !== '') return reply.text;
    return reply.value === undefined ? undefined : valueState(where, reply.value);
  }
  return valueState(where, reply);
}

function valueState(where: string, value: unknown): ClassificationState | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null && isJsonEncodable(value)) {
    return Object.keys(value).length === 0 ? undefined : (value as ClassificationState);
  }
  throw new StandinError(
    'T0150',
    `${where}: the reply is ${shownName(value)}; judge a text, a reply or run result (app.reply, app.run), or a JSON value.`,
  );
}

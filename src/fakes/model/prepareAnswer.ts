import type { FailureKind } from '../../services/spec/failures.js';
import { StandinError } from '../../errors/StandinError.js';
import type { ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { Answer } from './Answer.js';
import type { AnswerSource } from './AnswerSource.js';
import { answerHints, answerSchema } from './answerSchema.js';
import { fieldProblems } from './fieldProblems.js';
import { fieldParts, streamValue } from './madeParts.js';
import { notAnAnswer } from './notAnAnswer.js';
import { quickAnswer } from './quickAnswer.js';
import { isStreamList, readStreamParts } from './streamParts.js';
import { compileWhen, type Matcher } from './matchWhen.js';
import type { Hold } from '../gates/holdPart.js';
import type { Pace } from './pace.js';
import { checkKind, checkMisbehave, type PreparedMisbehaviour } from '../misbehave/checkMisbehave.js';

/** An answer checked and turned into the parts it gives, ready to be handed out any number of times. */
export interface PreparedAnswer {
  /** Where the answer was written, as a message names it: `answers[1]`, `answers.reply[0]`, ... */
  readonly label: string;
  /** The answer's index in its list; undefined for one a function gave. */
  readonly index: number | undefined;
  /** The answer as it was given. */
  readonly answer: Answer;
  /** The kind of failure the call fails with, when the answer is a failure. */
  readonly fail: FailureKind | undefined;
  /** With `fail`: the wait the failure asks for, in milliseconds. */
  readonly retryAfterMs: number | undefined;
  /** Its parts before the units and the finish. */
  readonly parts: readonly ReplyPart[];
  /** Whether its parts carry its units (a `parts` list with units parts): then no units part follows them. */
  readonly unitsStreamed: boolean;
  /** The tools it asks for, with their ids. */
  readonly calls: readonly ToolCall[];
  /** Whether it gives a typed value. */
  readonly hasValue: boolean;
  /** The typed value, as its JSON reads back. */
  readonly value: unknown;
  /** Its units part, when it states its units; otherwise they are estimated per call. */
  readonly units: ReplyPart | undefined;
  /** The characters of its text, reasoning, value JSON and calls: the base of the units estimate. */
  readonly outChars: number;
  /** The part that ends the reply: the answer's `finish`, else `calls` when it asks for tools, `stop` otherwise. */
  readonly finish: ReplyPart;
  /** With `fail`: how many parts stream before the failure. */
  readonly failAfter: number | undefined;
  /** With `fail`: how many tries of the step fail before it answers. */
  readonly times: number | undefined;
  /** The wait before the first part, in ms (0 when none). */
  readonly delayMs: number;
  /** The wait between two parts, in ms (0 when none). */
  readonly partDelayMs: number;
  /** Its `when`, compiled: which requests it is for; undefined for an answer for every request. */
  readonly matcher: Matcher | undefined;
  /** Where its stream holds at gates, in order (a `parts` list's `{ hold }` parts). */
  readonly holds: readonly Hold[];
  /** Its own pace, when it names one. */
  readonly pace: Pace | undefined;
  /** Its misbehaviour, made into its reply when a call takes it: then its parts are its reasoning only. */
  readonly misbehave: PreparedMisbehaviour | undefined;
  /** What call ids start with when it gives none. */
  readonly idPrefix: string;
}

/**
 * Checks one answer (`T0002`-`T0005`) and turns it into its parts. The value and calls' inputs are copied through JSON
 * and frozen, so nothing a test or app does later changes what the fake hands out.
 *
 * @throws {StandinError} `T0002` no answer record, `T0003` a bad field, `T0004` no JSON, `T0005` bad cuts, `E0041` a
 * read that threw.
 */
export function prepareAnswer(raw: unknown, source: AnswerSource): PreparedAnswer {
  try {
    return prepare(raw, source);
  } catch (error) {
    if (error instanceof StandinError) throw error;
    // A getter or a proxy trap that throws, or a value nested past what can be walked: never a raw TypeError or
    // RangeError.
    const thrown =
      error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'a value that is not an Error';
    throw new StandinError(
      'E0041',
      `${source.owner}: ${source.label} could not be read: reading it threw (${thrown}). Give answers as plain data ` +
        `(objects, arrays, strings, numbers), not getters or proxies that can fail.`,
      { cause: error },
    );
  }
}

/** The answer record as `answerSchema` reads it; `T0003` listing every problem when it refuses it. */
function parseAnswer(raw: unknown, owner: string, label: string): Answer {
  const parsed = answerSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = describeIssues(label, raw, parsed.error.issues, answerHints);
    throw new StandinError('T0003', `${owner}: ${label} is not an answer record:\n${lines.join('\n')}`);
  }
  return parsed.data as Answer;
}

function prepare(raw: unknown, source: AnswerSource): PreparedAnswer {
  const { owner, label } = source;
  const notRecord = notAnAnswer(raw);
  if (notRecord !== undefined) throw new StandinError('T0002', `${owner}: ${label}: ${notRecord}.`);
  checkKind(raw, source);
  const answer = quickAnswer(raw) ?? parseAnswer(raw, owner, label);
  const misbehave =
    answer.misbehave === undefined ? undefined : checkMisbehave({ ...answer, misbehave: answer.misbehave }, source);
  const lines = fieldProblems(answer, label);
  const matcher = answer.when === undefined ? undefined : compileWhen(answer.when, label);
  if (typeof matcher === 'string') lines.push(matcher);
  if (matcher !== undefined && source.index === undefined) {
    lines.push(`${label}.when: a function chooses its answer itself; when is for the answers of a list. Remove it.`);
  }
  if (lines.length > 0)
    throw new StandinError('T0003', `${owner}: ${label} is not an answer record:\n${lines.join('\n')}`);

  const stream = isStreamList(answer.parts)
    ? readStreamParts(answer.parts, owner, label, source.idPrefix, source.index !== undefined)
    : undefined;
  if (stream !== undefined && answer.units !== undefined && stream.units) {
    throw new StandinError(
      'T0003',
      `${owner}: ${label} is not an answer record:\n${label}.units: its parts carry units already. Remove units, or ` +
        `the units parts.`,
    );
  }
  // A misbehaving answer's other parts are made for the call that takes it.
  const fields =
    misbehave === undefined ? answer : answer.reasoning === undefined ? {} : { reasoning: answer.reasoning };
  const made = stream === undefined ? fieldParts(fields, source) : streamValue(stream, answer, source);
  const { parts, calls, hasValue, value, outChars } = made;
  const unreached = stream?.holds.find((hold) => answer.failAfter !== undefined && hold.at > answer.failAfter);
  if (unreached !== undefined) {
    throw new StandinError(
      'T0003',
      `${owner}: ${label} is not an answer record:\n${label}.parts: the hold '${unreached.gate}' comes after part ` +
        `${unreached.at}, and the answer fails after ${answer.failAfter}, so no stream reaches it. Move the hold ` +
        `before the failure, or remove it.`,
    );
  }
  if (answer.failAfter !== undefined && answer.failAfter > parts.length) {
    throw new StandinError(
      'T0003',
      `${owner}: ${label} is not an answer record:\n${label}.failAfter: ${answer.failAfter} parts stream before the ` +
        `failure, and the answer has ${parts.length}. Give a number from 1 to ${parts.length}, or add parts.`,
    );
  }

  return {
    label,
    index: source.index,
    answer: raw as Answer,
    fail: answer.fail,
    retryAfterMs: answer.retryAfterMs,
    parts,
    unitsStreamed: stream?.units ?? false,
    calls,
    hasValue,
    value,
    units:
      answer.units === undefined
        ? undefined
        : Object.freeze({ type: 'units', tokensIn: answer.units.tokensIn, tokensOut: answer.units.tokensOut }),
    outChars,
    finish: Object.freeze({ type: 'finish', reason: answer.finish ?? (calls.length > 0 ? 'calls' : 'stop') }),
    failAfter: answer.failAfter,
    times: answer.times,
    delayMs: answer.delayMs ?? 0,
    partDelayMs: answer.partDelayMs ?? 0,
    matcher: typeof matcher === 'string' ? undefined : matcher,
    holds: stream?.holds ?? [],
    pace: answer.pace,
    misbehave,
    idPrefix: source.idPrefix,
  };
}

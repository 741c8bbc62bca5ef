import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError } from '../../errors/StandinError.js';
import type { FailureKind } from '../../services/spec/failures.js';
import type { ReplyPart, ToolCall } from '../../services/spec/Provider.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { describeType } from '../../validation/formatPath.js';
import type { Hold } from '../gates/holdPart.js';
import { checkKind, checkMisbehave, type PreparedMisbehaviour } from '../misbehave/checkMisbehave.js';
import type { Answer } from './Answer.js';
import type { AnswerSource } from './AnswerSource.js';
import { answerHints, answerSchema, quickAnswer } from './answerSchema.js';
import { fieldParts, isStreamList, readStreamParts, streamValue } from './madeParts.js';
import { compileWhen, type Matcher } from './matchWhen.js';
import type { Pace } from './pace.js';
import { unitsOf } from '../../protocols/units.js';

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
        : Object.freeze({ type: 'units', ...unitsOf(answer.units.tokensIn, answer.units.tokensOut, answer.units) }),
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

/** The fields {@link fieldProblems} reads together, listed once rather than on every answer. */
const GIVEN = ['text', 'calls', 'value', 'reasoning'] as const;
const HOW_IT_FAILS = ['failAfter', 'times', 'retryAfterMs'] as const;
const NOT_WITH_FAIL = [
  'text',
  'calls',
  'value',
  'reasoning',
  'parts',
  'units',
  'finish',
  'partDelayMs',
  'pace',
] as const;
const TIMED = ['delayMs', 'partDelayMs'] as const;
const NONE: readonly never[] = [];

/** The problems of fields that are each well typed but do not go together, which the schema checks one by one. */
function fieldProblems(answer: Answer, label: string): string[] {
  const lines: string[] = [];
  const streamed = isStreamList(answer.parts);
  const gives =
    answer.text !== undefined ||
    (answer.calls ?? []).length > 0 ||
    answer.value !== undefined ||
    answer.reasoning !== undefined ||
    answer.misbehave !== undefined ||
    streamed;
  if (streamed) {
    const both = GIVEN.filter((field) => answer[field] !== undefined);
    if (both.length > 0)
      lines.push(
        `${label}: parts, as a list of stream parts, is the whole reply, and the answer gives ${both.join(', ')} ` +
          `too. Keep the parts, or remove parts and keep ${both.join(', ')}.`,
      );
  } else if (Array.isArray(answer.parts) && answer.parts.some((part) => typeof part !== 'number')) {
    lines.push(
      `${label}.parts: a list of parts is either the offsets a value's JSON is cut at (numbers) or the stream's ` +
        `parts (objects such as { text }), not both. Keep one kind.`,
    );
  }
  if (answer.failAfter !== undefined && answer.times !== undefined) {
    lines.push(
      `${label}: failAfter (fail mid-reply) and times (fail, then answer) do not go together. Keep one of them.`,
    );
  }
  for (const field of HOW_IT_FAILS) {
    if (answer[field] !== undefined && answer.fail === undefined)
      lines.push(
        `${label}.${field}: ${field} says how the answer fails, and it has no fail. Add fail: 'server' (or another ` +
          `kind), or remove ${field}.`,
      );
  }
  if (answer.fail !== undefined && answer.failAfter === undefined && answer.times === undefined) {
    const others = NOT_WITH_FAIL.filter((field) => answer[field] !== undefined);
    if (others.length > 0) {
      lines.push(
        `${label}: fail makes the call fail before any part, so it goes with no other field. Remove ` +
          `${others.join(', ')}, add failAfter: n to fail after n parts, or times: n to fail n tries and then ` +
          `answer; or drop fail.`,
      );
    }
  } else if (answer.fail !== undefined && !gives) {
    lines.push(
      `${label}: ${
        answer.failAfter !== undefined
          ? 'failAfter streams parts of the answer before the failure'
          : 'times fails some tries and then answers'
      }, and the answer gives nothing. Add text, calls, value, reasoning or parts.`,
    );
  } else if (answer.fail === undefined && !gives) {
    lines.push(
      `${label}: an empty answer gives nothing. Write { text: '' } for an empty reply, or give text, calls, value, ` +
        `reasoning or fail.`,
    );
  }
  if (answer.parts !== undefined && !streamed && answer.value === undefined && answer.text === undefined) {
    lines.push(
      `${label}.parts: parts says how a value or a text arrives, and this answer has neither. Remove parts, or add ` +
        `a value or a text.`,
    );
  }
  const timed = answer.pace === undefined ? NONE : TIMED.filter((field) => answer[field] !== undefined);
  if (timed.length > 0) {
    lines.push(
      `${label}.pace: pace says when the parts come, and the answer gives ${timed.join(' and ')} too. Keep pace ` +
        `({ firstMs, perSecond }), or remove it and keep ${timed.join(' and ')}.`,
    );
  }
  if (answer.calls === undefined || answer.calls.length === 0) return lines;
  const seen = new Map<string, number>();
  answer.calls.forEach((call, i) => {
    if (call.id === undefined) return;
    const first = seen.get(call.id);
    if (first !== undefined)
      lines.push(
        `${label}.calls[${i}].id: '${call.id}' is the id of calls[${first}] too. Give each call of an answer its own ` +
          `id.`,
      );
    else seen.set(call.id, i);
  });
  return lines;
}

/**
 * Says why `raw` is no answer record at all, each kind told apart so its message says what to write instead; undefined
 * when it is an object to check field by field.
 */
function notAnAnswer(raw: unknown): string | undefined {
  const record = "an answer is a record such as { text: '...' }, { calls: [{ tool, with }] } or { value }";
  if (typeof raw === 'string') return "a plain text is no answer; write { text: '...' }";
  if (raw === undefined) return "nothing (undefined) is no answer; write { text: '...' }";
  if (raw === null) return "null is no answer; write { text: '...' }";
  if (typeof raw === 'function') {
    if (isGeneratorFunction(raw)) return `a generator of parts is no answer; ${record}, and the fake makes the parts`;
    return (
      'a function is no answer in a list; to answer from the request, fake the model with one function: ' +
      "app.fake(model, (request) => ({ text: '...' }))"
    );
  }
  if (typeof raw !== 'object') return `${describeType(raw)} is no answer; write { text: '...' }`;
  if (Array.isArray(raw)) return `a list is no answer (is a list nested in the list?); ${record}`;
  if (raw instanceof Error) {
    const kind = raw instanceof ProviderFailure ? raw.kind : 'server';
    return `an error is no answer; to make the call fail as a provider that is down, write { fail: '${kind}' }`;
  }
  if (typeof (raw as { then?: unknown }).then === 'function')
    return 'a promise is no answer in a list; a function of the request may answer a promise';
  if (Symbol.asyncIterator in raw || Symbol.iterator in raw)
    return `a generator (or an iterable) of parts is no answer; ${record}, and the fake makes the parts`;
  return undefined;
}

/** Whether `fn` is a generator function, sync or async. */
export function isGeneratorFunction(fn: unknown): boolean {
  const name = (fn as { constructor?: { name?: string } } | null)?.constructor?.name;
  return typeof fn === 'function' && (name === 'GeneratorFunction' || name === 'AsyncGeneratorFunction');
}

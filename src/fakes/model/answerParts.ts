import type { ProviderFailure } from '../../errors/ProviderFailure.js';
import type { Clock } from '../../services/clock/Clock.js';
import { SystemClock } from '../../services/clock/SystemClock.js';
import type { CallContext, ReplyPart, ReplyRequest, Units, UserMessage } from '../../services/spec/Provider.js';
import type { Gates } from '../gates/Gates.js';
import type { Pace } from './pace.js';
import type { PreparedAnswer } from './prepareAnswer.js';

/** What a taken answer's parts need besides the answer: the request, the clock, the JSON lengths and its failure. */
export interface PartsOf {
  readonly request: ReplyRequest;
  readonly context: CallContext;
  readonly clock: Clock;
  readonly jsonLength: (value: unknown) => number;
  /** The failure the answer's `fail` asks for, thrown after `failAfter` parts. */
  readonly failure: () => ProviderFailure;
  /** Where the answer's holds wait for their release. */
  readonly gates: Gates;
  /** The fake's pace, for an answer that names no pace and no delays. */
  readonly pace: Pace | undefined;
  /** The fake and the answer, for messages: `app.fake('writer', answers): answers[0]`. */
  readonly where: string;
}

/** Whether an answer must be streamed: it waits, holds at a gate, or fails part-way. */
export function streamsParts(prepared: PreparedAnswer, pace: Pace | undefined): boolean {
  return (
    prepared.failAfter !== undefined ||
    prepared.partDelayMs > 0 ||
    prepared.holds.length > 0 ||
    paceOf(prepared, pace) !== undefined
  );
}

/** The pace an answer streams at: its own, else the fake's when it names no delays of its own. */
function paceOf(prepared: PreparedAnswer, pace: Pace | undefined): Pace | undefined {
  if (prepared.pace !== undefined) return prepared.pace;
  return prepared.delayMs > 0 || prepared.partDelayMs > 0 ? undefined : pace;
}

/** A taken answer's parts in one list: its parts, the units (stated or estimated) and the finish. */
export function wholeParts(
  prepared: PreparedAnswer,
  request: ReplyRequest,
  jsonLength: (value: unknown) => number,
): ReplyPart[] {
  const parts = [...prepared.parts];
  const units = unitsPart(prepared, request, jsonLength);
  if (units !== undefined) parts.push(units);
  parts.push(prepared.finish);
  return parts;
}

/**
 * A taken answer's parts, streamed: paced, held at its gates until released in the call's scope, failing at
 * `failAfter`.
 */
export async function* streamedParts(
  prepared: PreparedAnswer,
  of: PartsOf,
): AsyncGenerator<ReplyPart, void, undefined> {
  const pace = paceOf(prepared, of.pace);
  const waits = pace === undefined ? undefined : paceWaits(pace, of.clock);
  const { signal, scope } = of.context;
  let hold = 0;
  const holdsAt = async (at: number): Promise<void> => {
    for (; prepared.holds[hold]?.at === at; hold++) {
      const { gate, timeoutMs } = prepared.holds[hold]!;
      await of.gates.hold({ gate, scope, timeoutMs, signal, where: of.where });
    }
  };
  for (const [i, part] of prepared.parts.entries()) {
    await holdsAt(i);
    if (i === prepared.failAfter) throw of.failure();
    if (waits !== undefined) {
      const ms = i === 0 ? waits.firstMs : waits.gapMs;
      if (ms > 0) await waits.clock.sleep(ms, signal);
    } else if (i > 0 && prepared.partDelayMs > 0) await of.clock.sleep(prepared.partDelayMs, signal);
    yield part;
  }
  await holdsAt(prepared.parts.length);
  if (prepared.failAfter === prepared.parts.length) throw of.failure();
  const units = unitsPart(prepared, of.request, of.jsonLength);
  if (units !== undefined) yield units;
  yield prepared.finish;
}

/** The units part that follows the answer's parts: the one it states, else an estimate, unless its parts carry them. */
function unitsPart(
  prepared: PreparedAnswer,
  request: ReplyRequest,
  jsonLength: (value: unknown) => number,
): ReplyPart | undefined {
  if (prepared.units !== undefined) return prepared.units;
  if (prepared.unitsStreamed) return undefined;
  return { type: 'units', ...estimateUnits(request, prepared.outChars, jsonLength) };
}

/** A pace as the stream reads it: the two waits, and the clock they run on. */
interface PaceWaits {
  readonly firstMs: number;
  readonly gapMs: number;
  readonly clock: Clock;
}

/** The waits of a pace on `clock` (or the system clock, for a `real` pace). */
function paceWaits(pace: Pace, clock: Clock): PaceWaits {
  return {
    firstMs: pace.firstMs ?? 0,
    gapMs: pace.perSecond === undefined ? 0 : 1000 / pace.perSecond,
    clock: pace.real === true ? new SystemClock() : clock,
  };
}

/** Characters per estimated token: the usual rule of thumb for English text. */
const CHARS_PER_TOKEN = 4;

/** Measures JSON texts; a fake keeps one, so a schema the engine hands it again is measured once. */
export type JsonLength = (value: unknown) => number;

/**
 * The units a faked reply reports when its answer leaves `units` out: deterministic, and never zero for a real
 * conversation, so token-budget tests are not vacuous. `tokensIn` is a quarter of the characters of the instructions,
 * messages (tool calls and results as name and JSON), tools offered and output schema; `tokensOut` a quarter of the
 * answer's text, reasoning, value JSON and calls.
 */
export function estimateUnits(
  request: ReplyRequest,
  outChars: number,
  jsonLength: JsonLength = plainJsonLength,
): Units {
  return {
    tokensIn: Math.ceil(requestChars(request, jsonLength) / CHARS_PER_TOKEN),
    tokensOut: Math.ceil(outChars / CHARS_PER_TOKEN),
  };
}

/** The input tokens `estimateUnits` gives a request: what a faked model counts when asked to count its tokens. */
export function estimateTokensIn(request: Omit<ReplyRequest, 'model'>): number {
  return Math.ceil(requestChars(request as ReplyRequest) / CHARS_PER_TOKEN);
}

/** The characters `estimateUnits` counts for a request. */
function requestChars(request: ReplyRequest, jsonLength: JsonLength = plainJsonLength): number {
  let chars = request.instructions?.length ?? 0;
  for (const message of request.messages) {
    if (message.role === 'user') chars += userChars(message.content);
    else if (message.role === 'assistant') {
      chars += message.content?.length ?? 0;
      for (const call of message.calls ?? []) chars += call.tool.length + jsonLength(call.with);
    } else {
      for (const result of message.results)
        chars += result.tool.length + (result.error?.length ?? jsonLength(result.output));
    }
  }
  for (const tool of request.tools ?? [])
    chars += tool.name.length + (tool.description?.length ?? 0) + jsonLength(tool.input);
  if (request.output !== undefined) chars += jsonLength(request.output.schema);
  return chars;
}

/** A value's JSON length; a value JSON cannot hold counts as its string form, as an estimate must not fail the call. */
function plainJsonLength(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return String(value).length;
  }
}

/** An image or a file counts as this many characters: what a small picture costs a provider, roughly. */
const PART_CHARS = 1000;

function userChars(content: UserMessage['content']): number {
  if (typeof content === 'string') return content.length;
  let chars = 0;
  for (const part of content) chars += part.type === 'text' ? part.text.length : PART_CHARS;
  return chars;
}

/** JSON lengths worked out once per object: a fake sees the same messages and tools on every step of a run. */
export function jsonLengths(): (value: unknown) => number {
  const lengths = new WeakMap<object, number>();
  return (value) => {
    if (value === null || typeof value !== 'object') return plainJsonLength(value);
    let length = lengths.get(value);
    if (length === undefined) {
      length = plainJsonLength(value);
      lengths.set(value, length);
    }
    return length;
  };
}

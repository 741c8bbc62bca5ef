import type { ProviderFailure } from '../../errors/ProviderFailure.js';
import type { Clock } from '../../services/clock/Clock.js';
import type { CallContext, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { estimateUnits } from './estimateUnits.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import type { Gates } from '../gates/Gates.js';
import { paceWaits, type Pace } from './pace.js';

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

import type { ProviderFailure } from '../../errors/ProviderFailure.js';
import type { Clock } from '../../services/clock/Clock.js';
import type { CallContext, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { estimateUnits } from './estimateUnits.js';
import type { PreparedAnswer } from './prepareAnswer.js';

/** What a taken answer's parts need besides the answer: the request, the clock, the JSON lengths and its failure. */
export interface PartsOf {
  readonly request: ReplyRequest;
  readonly context: CallContext;
  readonly clock: Clock;
  readonly jsonLength: (value: unknown) => number;
  /** The failure the answer's `fail` asks for, thrown after `failAfter` parts. */
  readonly failure: () => ProviderFailure;
}

/** Whether an answer's parts must be streamed: they wait (`partDelayMs`) or fail part-way (`failAfter`). */
export function streamsParts(prepared: PreparedAnswer): boolean {
  return prepared.failAfter !== undefined || prepared.partDelayMs > 0;
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

/** A taken answer's parts, streamed: each after its `partDelayMs`, failing at `failAfter`. */
export async function* streamedParts(
  prepared: PreparedAnswer,
  of: PartsOf,
): AsyncGenerator<ReplyPart, void, undefined> {
  for (const [i, part] of prepared.parts.entries()) {
    if (i === prepared.failAfter) throw of.failure();
    if (i > 0 && prepared.partDelayMs > 0) await of.clock.sleep(prepared.partDelayMs, of.context.signal);
    yield part;
  }
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

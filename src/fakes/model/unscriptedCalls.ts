import { capabilities } from '../../services/capabilities/capabilities.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import { fittingCalls } from '../fitting/fittingCalls.js';

/** Only the unscripted capabilities' answers are read, so the vector length is never used. */
const ANY_DIMENSIONS = 8;

let fitting: ReturnType<typeof fittingCalls> | undefined;

/**
 * What a faked model answers capability `name` with when its script has no function for it: `fitting()`'s answer for
 * an unscripted capability (a token count), undefined for the others. Such a call costs nothing, so a fake faked with
 * replies alone answers it, and it never takes a reply's answer.
 */
export function unscriptedAnswer(name: PlainCapability): ((...args: never[]) => unknown) | undefined {
  if (capabilities[name].unscripted !== true) return undefined;
  fitting ??= fittingCalls(ANY_DIMENSIONS);
  return fitting[name] as (...args: never[]) => unknown;
}

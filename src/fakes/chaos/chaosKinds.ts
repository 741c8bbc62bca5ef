import { misbehaviourKinds, type MisbehaviourKind } from '../misbehave/misbehaviourKinds.js';

/**
 * The provider failures a chaos layer can fail a call with: the kinds of an answer's `fail`, but for
 * `content_filter`, which chaos draws as the misbehaviour (a reply the filter stopped, as a real adapter sees it).
 *
 * @example
 * ```ts
 * chaosFailureKinds.includes('rate_limit'); // true
 * ```
 */
export const chaosFailureKinds = [
  'server',
  'rate_limit',
  'timeout',
  'network',
  'auth',
  'bad_request',
  'context_length',
  'unknown',
] as const;

/** A provider failure a chaos layer draws: see {@link chaosFailureKinds}. */
export type ChaosFailureKind = (typeof chaosFailureKinds)[number];

/**
 * Every kind a chaos layer draws, in the order its draw walks them: the failures, then the misbehaviours.
 *
 * @example
 * ```ts
 * app.chaos({ seed: 7, rates: { rate_limit: 0.1, invalid_json: 0.05 } });
 * ```
 */
export const chaosKinds: readonly ChaosKind[] = [...chaosFailureKinds, ...misbehaviourKinds];

/** A way a chaos layer disturbs a call: a provider failure or a misbehaviour. */
export type ChaosKind = ChaosFailureKind | MisbehaviourKind;

/** Whether `kind` fails the call as a provider does (rather than misbehaving in a reply). */
export function isChaosFailure(kind: ChaosKind): kind is ChaosFailureKind {
  return (chaosFailureKinds as readonly string[]).includes(kind);
}

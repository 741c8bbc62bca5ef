import { StandinError } from '../../errors/StandinError.js';
import type { ReplySource } from '../model/readAnswers.js';
import type { Gates } from './Gates.js';

/**
 * Refuses, in a Redis namespace, a list whose answers hold at gates: the stream holds in whichever
 * process takes the answer, and a release made in another process has no way to it. Called before
 * anything is published, so a refused script never reaches the namespace.
 *
 * @throws {StandinError} `T0073` naming the first such answer.
 */
export function refuseSharedGates(source: ReplySource | undefined, owner: string): void {
  const held = source?.kind === 'list' ? source.answers.find((prepared) => prepared.holds.length > 0) : undefined;
  if (held === undefined) return;
  throw new StandinError(
    'T0073',
    `${owner}: ${held.label} holds at gate '${held.holds[0]!.gate}', and this app shares its scripts through a ` +
      `Redis namespace: the stream would hold in whichever process takes the answer, where a release from another ` +
      `process cannot reach it. Hold streams in an app without a namespace (or on a wire server), or remove the ` +
      `{ hold } parts.`,
  );
}

/**
 * Tells `gates` which gate names a fake's replies hold at: every name its list's answers give, or any name for a
 * function (its answers come with the call). In a Redis namespace, gates are refused (see {@link refuseSharedGates}).
 *
 * @throws {StandinError} `T0073` for a list with gates in a namespace.
 */
export function declareGates(gates: Gates, source: ReplySource | undefined, owner: string, shared: boolean): void {
  if (source === undefined) return;
  if (shared) refuseSharedGates(source, owner);
  if (source.kind === 'function') {
    gates.declareAny();
    return;
  }
  gates.declare(
    source.answers.flatMap((prepared) => prepared.holds.map((hold) => hold.gate)),
    owner,
  );
}

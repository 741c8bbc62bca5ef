import { StandinError } from '../../errors/StandinError.js';
import type { ReplySource } from '../model/readAnswers.js';
import type { Gates } from './Gates.js';

/**
 * Tells `gates` which gate names a fake's replies hold at: every name its list's answers give, or
 * any name for a function (its answers come with the call). In a Redis namespace an answer with a
 * gate is refused: the stream holds in the process that takes the answer, and a release made in
 * another process has no way to it.
 *
 * @throws {StandinError} `T0073` for a list with gates in a namespace.
 * @example
 * ```ts
 * declareGates(gates, read.reply, "app.fake('writer', answers)", false);
 * ```
 */
export function declareGates(gates: Gates, source: ReplySource | undefined, owner: string, shared: boolean): void {
  if (source === undefined) return;
  if (source.kind === 'function') {
    gates.declareAny();
    return;
  }
  const held = source.answers.filter((prepared) => prepared.holds.length > 0);
  if (held.length === 0) return;
  if (shared) {
    throw new StandinError(
      'T0073',
      `${owner}: ${held[0]!.label} holds at gate '${held[0]!.holds[0]!.gate}', and this app shares its scripts ` +
        `through a Redis namespace: the stream would hold in whichever process takes the answer, where a release ` +
        `from another process cannot reach it. Hold streams in an app without a namespace (or on a wire server), ` +
        `or remove the { hold } parts.`,
    );
  }
  gates.declare(
    held.flatMap((prepared) => prepared.holds.map((hold) => hold.gate)),
    owner,
  );
}

import type { Outcomes } from './Outcomes.js';
import type { SentCall } from './SentCall.js';

/**
 * Where a faked model takes a call into its `sent` without answering it: a chaos layer above it lists a call it
 * disturbed there, marked with its kind, so `sent` keeps one entry per attempt.
 */
export const noteSent: unique symbol = Symbol.for('standin/noteSent');

/** Lists `call` in the `sent` of `provider` when it is a faked model (outside a namespace); nothing otherwise. */
export function listSent(provider: object | undefined, call: SentCall): void {
  const note = (provider as { readonly [noteSent]?: (call: SentCall) => void } | undefined)?.[noteSent];
  note?.(call);
}

/**
 * What a faked model keeps under {@link noteSent}: with `note` (its `sent`'s, outside a namespace) the call is listed,
 * and ended in `outcomes` as the chaos failure it was, so a transcript reads `chaos: rate_limit` there.
 */
export function sentNoter(
  note: ((call: SentCall) => unknown) | undefined,
  outcomes: () => Outcomes,
): (call: SentCall) => void {
  return (call) => {
    if (note === undefined) return;
    note(call);
    outcomes().start(call);
    outcomes().note(call, { failure: `chaos: ${call.chaos ?? 'disturbed'}` });
  };
}

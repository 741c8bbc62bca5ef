import type { SentCall } from './SentCall.js';

/** Where a chaos layer above a faked model lists a call it disturbed, so `sent` keeps one entry per attempt. */
export const noteSent: unique symbol = Symbol.for('standin/noteSent');

/** Lists `call` in the `sent` of `provider` when it is a faked model (outside a namespace); nothing otherwise. */
export function listSent(provider: object | undefined, call: SentCall): void {
  const note = (provider as { readonly [noteSent]?: (call: SentCall) => void } | undefined)?.[noteSent];
  note?.(call);
}

/** What a faked model keeps under {@link noteSent}, so a transcript reads `chaos: rate_limit` for a disturbed call. */
export function sentNoter(note: ((call: SentCall) => void) | undefined): (call: SentCall) => void {
  return (call) => note?.(call);
}

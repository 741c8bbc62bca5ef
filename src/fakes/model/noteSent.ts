import type { SentCall } from './SentCall.js';

/**
 * Where a faked model takes a call into its `sent` without answering it: a chaos layer above it lists a call it
 * disturbed there, marked with its kind, so `sent` keeps one entry per attempt.
 */
export const noteSent: unique symbol = Symbol.for('standin/noteSent');

/**
 * Lists `call` in the `sent` of `provider` when it is a faked model (outside a namespace); nothing otherwise.
 *
 * @example
 * ```ts
 * listSent(below, { call: 'reply', input, scope, step, attempt, chaos: 'rate_limit' });
 * ```
 */
export function listSent(provider: object | undefined, call: SentCall): void {
  const note = (provider as { readonly [noteSent]?: (call: SentCall) => void } | undefined)?.[noteSent];
  note?.(call);
}

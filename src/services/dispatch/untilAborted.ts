import { abortReason } from '../clock/Clock.js';

/** A signal that never aborts: calls without one race against nothing. */
export const neverAborted: AbortSignal = new AbortController().signal;

/**
 * Settles as `promise` does, or rejects with the signal's reason as soon as it aborts.
 *
 * @example
 * ```ts
 * const parts = await untilAborted(iterator.next(), context.signal);
 * ```
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === neverAborted) return promise;
  if (signal.aborted) {
    // The abort wins; whatever the dropped promise settles with must not surface as unhandled.
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort!));
}

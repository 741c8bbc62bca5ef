import { abortReason } from '../clock/Clock.js';

let never: AbortSignal | undefined;

/**
 * A signal that never aborts: calls without one race against nothing. It is made on first use:
 * a program that imports standin and makes no call never loads Node's AbortController.
 */
export function neverAborted(): AbortSignal {
  return (never ??= new AbortController().signal);
}

/**
 * Settles as `promise` does, or rejects with the signal's reason as soon as it aborts.
 *
 * @example
 * ```ts
 * const parts = await untilAborted(iterator.next(), context.signal);
 * ```
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal === never) return promise;
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

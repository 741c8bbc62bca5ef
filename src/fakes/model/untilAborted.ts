import { abortReason } from '../../services/clock/Clock.js';

/**
 * Settles as `value` does, or rejects with the signal's reason as soon as the signal aborts: a
 * fake's answer function that is slow (or never answers) does not hold an aborted call open.
 *
 * @example
 * ```ts
 * const answer = await untilAborted(fn(request, call), context.signal);
 * ```
 */
export function untilAborted<T>(value: T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The abort wins; whatever the dropped promise settles with must not surface as unhandled.
    Promise.resolve(value).catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(value).then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

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

/** Races promises against one signal with one listener: {@link untilAborted} for a loop of awaits. */
export interface AbortGate {
  /** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts. */
  race<T>(promise: Promise<T>): Promise<T>;
  /** Removes the gate's listener from the signal; call it once the loop is over. */
  close(): void;
}

const open: AbortGate = { race: (promise) => promise, close: () => undefined };

/**
 * An {@link AbortGate} on `signal`: a loop that awaits many parts adds one abort listener, not one per part.
 *
 * @example
 * ```ts
 * const gate = abortGate(context.signal);
 * try {
 *   for (let next = await gate.race(iterator.next()); !next.done; next = await gate.race(iterator.next())) use(next.value);
 * } finally {
 *   gate.close();
 * }
 * ```
 */
export function abortGate(signal: AbortSignal): AbortGate {
  if (signal === neverAborted) return open;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
  });
  // Rejected only when the signal aborts; a race that lost already reports it, so this one is handled.
  aborted.catch(() => undefined);
  if (!signal.aborted) signal.addEventListener('abort', onAbort, { once: true });
  return {
    race: <T>(promise: Promise<T>): Promise<T> => {
      if (signal.aborted) {
        // The abort wins; whatever the dropped promise settles with must not surface as unhandled.
        promise.catch(() => undefined);
        return Promise.reject(abortReason(signal));
      }
      return Promise.race([promise, aborted]);
    },
    close: () => signal.removeEventListener('abort', onAbort),
  };
}

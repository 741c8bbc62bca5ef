/**
 * Time as a service. Retries and timeouts sleep through the clock bound at `Tokens.Clock`:
 * the system clock in production, an {@link InstantClock} in test containers.
 */
export interface Clock {
  /** Milliseconds since the epoch, as this clock sees it. */
  now(): number;
  /**
   * Resolves once `ms` milliseconds have passed on this clock. Rejects with the signal's reason
   * at once when the signal is already aborted, or as soon as it aborts.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** The reason an aborted signal carries, or a standard AbortError when it carries none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

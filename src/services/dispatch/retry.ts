import type { RetryConfig } from '../../config/configSchema.js';
import { abortReason, type Clock } from '../clock/Clock.js';
import { backoffDelay } from './backoff.js';

/** How the retry loop reads an error an attempt threw. */
export interface Failure {
  /** Whether another attempt may succeed. */
  readonly retryable: boolean;
  /** How long the provider asked to wait, in milliseconds, when it said: the wait before the next attempt. */
  readonly retryAfterMs?: number | null | undefined;
}

/** What {@link retryWithBackoff} needs besides the attempt. */
export interface RetrySettings {
  /** How many attempts, and how long to wait between them. */
  readonly policy: RetryConfig;
  /** What the waits sleep on: instant in tests. */
  readonly clock: Clock;
  /** Jitter's source of randomness. */
  readonly random: () => number;
  /** Aborts the waits, and stops the loop with the signal's reason. */
  readonly signal: AbortSignal;
  /** The failure an error stands for, or undefined for an error that is no failure (thrown at once). */
  readonly failureOf: (error: unknown) => Failure | undefined;
  /** Told of every failed attempt, before the loop decides whether to wait and try again. */
  readonly onFailure?: ((error: unknown, attempt: number) => void) | undefined;
}

/**
 * Runs `attempt` until it succeeds, a retryable failure tried again while the policy allows, after its `retryAfterMs`
 * or backoff; anything else is thrown. Every engine call, model or classifier, retries through this one function.
 */
export function retryWithBackoff<T>(attempt: (attempt: number) => Promise<T>, settings: RetrySettings): Promise<T> {
  // The first attempt's outcome passes straight through: the loop is entered only once it failed.
  let first: Promise<T>;
  try {
    first = attempt(1);
  } catch (error) {
    return retryAfter(attempt, settings, 1, error);
  }
  return first.then(undefined, (error: unknown) => retryAfter(attempt, settings, 1, error));
}

/** The rest of {@link retryWithBackoff} once attempt `number` failed. */
export async function retryAfter<T>(
  attempt: (attempt: number) => Promise<T>,
  settings: RetrySettings,
  number: number,
  error: unknown,
): Promise<T> {
  const { policy, signal } = settings;
  for (;;) {
    if (signal.aborted) throw abortReason(signal);
    const failure = settings.failureOf(error);
    if (failure === undefined) throw error;
    settings.onFailure?.(error, number);
    if (!failure.retryable || number >= policy.attempts) throw error;
    await settings.clock.sleep(
      backoffDelay(policy, number, failure.retryAfterMs ?? undefined, settings.random),
      signal,
    );
    number++;
    try {
      return await attempt(number);
    } catch (next) {
      error = next;
    }
  }
}

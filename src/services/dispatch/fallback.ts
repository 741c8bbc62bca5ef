import { abortReason } from '../clock/Clock.js';
import { retryWithBackoff, type Failure, type RetrySettings } from './retry.js';

/** What {@link withFallback} needs besides the attempt: the retry settings, and how the chain ends. */
export interface FallbackSettings extends Omit<RetrySettings, 'onFailure'> {
  /** How many links the chain has: the model called (or the classifier) and its fallbacks. */
  readonly links: number;
  /** Whether a failure that survived its retries moves on to the next link. */
  readonly fallsBack: (failure: Failure) => boolean;
  /** Told of every failed attempt, with its link and attempt number. */
  readonly onFailure: (error: unknown, link: number, attempt: number) => void;
  /** What to throw when the last failure ends the call: every link tried, or one that does not fall back. */
  readonly exhausted: (error: unknown) => unknown;
}

/**
 * Runs `attempt` on each link of a chain in turn, each through {@link retryWithBackoff}: a failure
 * that survives its link's retries moves to the next link when `fallsBack` says so, and the last
 * one becomes `exhausted(error)`. An error that is no failure, and an abort, end the call at once.
 *
 * @example
 * ```ts
 * const value = await withFallback((link, attempt) => call(chain[link], attempt), { ...retry, links: chain.length, fallsBack: () => true, onFailure, exhausted });
 * ```
 */
export async function withFallback<T>(attempt: (link: number, attempt: number) => Promise<T>, settings: FallbackSettings): Promise<T> {
  let link = 0;
  const retry: RetrySettings = { ...settings, onFailure: (error, number) => settings.onFailure(error, link, number) };
  for (;;) {
    try {
      return await retryWithBackoff((number) => attempt(link, number), retry);
    } catch (error) {
      if (settings.signal.aborted) throw abortReason(settings.signal);
      const failure = settings.failureOf(error);
      if (failure === undefined) throw error;
      if (link + 1 >= settings.links || !settings.fallsBack(failure)) throw settings.exhausted(error);
      link++;
    }
  }
}

import { abortReason } from '../clock/Clock.js';
import { retryAfter, retryWithBackoff, type Failure, type RetrySettings } from './retry.js';

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
 * Runs `attempt` on each link in turn, each through {@link retryWithBackoff}; a failure that survives moves on when
 * `fallsBack` says so. A non-failure or an abort ends the call at once. The settings are asked for only once an attempt
 * failed, so a first success needs none.
 */
export function withFallback<T>(
  attempt: (link: number, attempt: number) => Promise<T>,
  settings: () => FallbackSettings,
  settled?: () => void,
): Promise<T> {
  let first: Promise<T>;
  try {
    first = attempt(0, 1);
  } catch (error) {
    return after(fallBack(attempt, settings(), error), settled);
  }
  if (settled === undefined) return first.then(undefined, (error: unknown) => fallBack(attempt, settings(), error));
  return first.then(
    (value) => {
      settled();
      return value;
    },
    (error: unknown) => after(fallBack(attempt, settings(), error), settled),
  );
}

/**
 * The rest of {@link withFallback} once its first attempt failed with `error`: for a caller that made the first
 * attempt itself, so a call that succeeds at once builds no settings and no attempt function.
 */
export function fallBackAfter<T>(
  attempt: (link: number, attempt: number) => Promise<T>,
  settings: FallbackSettings,
  error: unknown,
  settled?: () => void,
): Promise<T> {
  return after(fallBack(attempt, settings, error), settled);
}

/** `outcome`, with `settled` run once it settles (when given). */
function after<T>(outcome: Promise<T>, settled: (() => void) | undefined): Promise<T> {
  if (settled === undefined) return outcome;
  return outcome.then(
    (value) => {
      settled();
      return value;
    },
    (error: unknown) => {
      settled();
      throw error;
    },
  );
}

/** The chain once its first attempt failed with `error`: the first link's retries, then each next link's attempts. */
async function fallBack<T>(
  attempt: (link: number, attempt: number) => Promise<T>,
  settings: FallbackSettings,
  error: unknown,
): Promise<T> {
  let link = 0;
  const retry: RetrySettings = { ...settings, onFailure: (failed, number) => settings.onFailure(failed, link, number) };
  let outcome = retryAfter((number) => attempt(link, number), retry, 1, error);
  for (;;) {
    try {
      return await outcome;
    } catch (failed) {
      if (settings.signal.aborted) throw abortReason(settings.signal);
      const failure = settings.failureOf(failed);
      if (failure === undefined) throw failed;
      if (link + 1 >= settings.links || !settings.fallsBack(failure)) throw settings.exhausted(failed);
      link++;
      outcome = retryWithBackoff((number) => attempt(link, number), retry);
    }
  }
}

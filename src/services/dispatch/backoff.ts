import type { RetryConfig, RetryConfigInput } from '../../config/configSchema.js';

/** The retry policy of one call: the config's, with the call's own changes. `false` means one attempt. */
export function retryPolicy(base: RetryConfig, override: false | RetryConfigInput | undefined): RetryConfig {
  if (override === false) return { ...base, attempts: 1 };
  if (override === undefined) return base;
  return {
    attempts: override.attempts ?? base.attempts,
    baseDelayMs: override.baseDelayMs ?? base.baseDelayMs,
    maxDelayMs: override.maxDelayMs ?? base.maxDelayMs,
    jitter: override.jitter ?? base.jitter,
  };
}

/**
 * The wait before retry `retryNumber`: the failure's `retryAfterMs`, else capped exponential backoff with its last
 * `jitter` fraction random. Never past 2147483647 ms, the most a Node timer holds (a longer one fires at once).
 */
export function backoffDelay(
  policy: RetryConfig,
  retryNumber: number,
  retryAfterMs: number | undefined,
  random: () => number,
): number {
  if (retryAfterMs !== undefined && retryAfterMs >= 0) return Math.min(retryAfterMs, 2 ** 31 - 1);
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retryNumber - 1), 2 ** 31 - 1);
  return backoff * (1 - policy.jitter * random());
}

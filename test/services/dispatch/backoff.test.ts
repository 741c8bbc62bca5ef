import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, retryPolicy } from '../../../src/services/dispatch/backoff.js';

const base = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.2 };

describe(retryPolicy, () => {
  it('is the config policy when the call changes nothing', () => {
    expect(retryPolicy(base, undefined)).toBe(base);
  });

  it('is one attempt for retry: false', () => {
    expect(retryPolicy(base, false)).toEqual({ ...base, attempts: 1 });
  });

  it('takes the fields the call gives and keeps the rest, undefined included', () => {
    expect(retryPolicy(base, { attempts: 5, jitter: undefined })).toEqual({ ...base, attempts: 5 });
  });
});

describe(backoffDelay, () => {
  it('doubles from the base delay, up to the cap', () => {
    const policy = { ...base, jitter: 0, maxDelayMs: 3_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(policy, n, undefined, () => 0))).toEqual([
      500, 1_000, 2_000, 3_000, 3_000,
    ]);
  });

  it('takes a failure’s retryAfterMs as it is', () => {
    expect(backoffDelay(base, 1, 7_000, () => 0.5)).toBe(7_000);
  });

  it('never hands a timer more than 2147483647 ms, whatever the hint or the policy says', () => {
    expect(backoffDelay(base, 1, 1e12, () => 0)).toBe(2 ** 31 - 1);
    expect(backoffDelay({ ...base, jitter: 0, baseDelayMs: 1e12, maxDelayMs: 1e15 }, 3, undefined, () => 0)).toBe(
      2 ** 31 - 1,
    );
  });

  it('stays inside [d * (1 - jitter), d] for any random value and jitter', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        (random, jitter, retry) => {
          const policy = { ...base, jitter };
          const plain = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
          const delay = backoffDelay(policy, retry, undefined, () => random);
          expect(delay).toBeGreaterThanOrEqual(plain * (1 - jitter) - 1e-9);
          expect(delay).toBeLessThanOrEqual(plain);
        },
      ),
    );
  });
});

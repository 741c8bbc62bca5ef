import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retryAfterMs, shouldRetry } from '../../../../src/services/providers/http/retryAfter.js';

const now = Date.parse('2026-11-29T12:00:00Z');

describe('retryAfterMs', () => {
  it('reads retry-after as seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
  });

  it('reads retry-after as an HTTP date, measured from now', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 29 Nov 2026 12:00:07 GMT' }), now)).toBe(7000);
  });

  it('answers 0 for a date in the past', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 29 Nov 2026 11:00:00 GMT' }), now)).toBe(0);
  });

  it('prefers retry-after-ms, in milliseconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '150', 'retry-after': '9' }), now)).toBe(150);
  });

  it('falls back to retry-after when retry-after-ms is not a number', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': 'soon', 'retry-after': '3' }), now)).toBe(3000);
  });

  it('is undefined without the headers, or when they hold nothing usable', () => {
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'later' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '-3' }), now)).toBeUndefined();
  });

  it('never answers a negative or non-finite delay, whatever the headers hold', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (ms, after) => {
        const headers = new Headers();
        try {
          headers.set('retry-after-ms', ms);
          headers.set('retry-after', after);
        } catch {
          return; // not a valid header value: fetch would never hand it over
        }
        const delay = retryAfterMs(headers, now);
        expect(delay === undefined || (Number.isFinite(delay) && delay >= 0)).toBe(true);
      }),
    );
  });

  it('drops a hint past what a Node timer holds (2147483647 ms), whatever the form', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '1000000000' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '100000000000000' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'Fri, 31 Dec 9999 23:59:59 GMT' }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '2147483647' }), now)).toBe(2_147_483_647);
  });

  it('drops a hint past the cap it is given, and keeps one at the cap', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3000' }), now, 60_000)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': '60' }), now, 60_000)).toBe(60_000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0' }), now, 0)).toBe(0);
  });

  it('never answers more than the cap, or than a timer holds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,20}(\.\d{1,3})?$/), fc.nat({ max: 2 ** 31 }), (value, cap) => {
        const delay = retryAfterMs(new Headers({ 'retry-after': value }), now, cap);
        expect(delay === undefined || (delay <= cap && delay <= 2 ** 31 - 1)).toBe(true);
      }),
    );
  });
});

describe('shouldRetry', () => {
  it('reads x-should-retry: true and false, in any case', () => {
    expect(shouldRetry(new Headers({ 'x-should-retry': 'true' }))).toBe(true);
    expect(shouldRetry(new Headers({ 'x-should-retry': 'False' }))).toBe(false);
  });

  it('says nothing for no header, or any other value', () => {
    expect(shouldRetry(new Headers())).toBeUndefined();
    expect(shouldRetry(new Headers({ 'x-should-retry': 'yes' }))).toBeUndefined();
  });
});

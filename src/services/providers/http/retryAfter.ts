import { MAX_TIMER_MS } from './limits.js';

/**
 * How long a server asked the caller to wait, in milliseconds, from its response headers: `retry-after-ms` (OpenAI's,
 * milliseconds) first, then `retry-after` as seconds or as an HTTP date (measured from `now`). Undefined when neither
 * header holds a usable value, and when the wait asked for is longer than `max` (default and ceiling 2147483647, the
 * most a Node timer holds): such a hint is dropped, so the next attempt waits the engine's usual backoff instead of
 * parking the call for hours, or firing at once when a timer overflows. A date in the past is 0.
 */
export function retryAfterMs(headers: Headers, now: number, max: number = MAX_TIMER_MS): number | undefined {
  const wait = asked(headers, now);
  return wait !== undefined && wait <= Math.min(max, MAX_TIMER_MS) ? wait : undefined;
}

/**
 * `x-should-retry` as the official clients read it: `true` or `false` overrides the status; anything else says nothing.
 */
export function shouldRetry(headers: Headers): boolean | undefined {
  const value = headers.get('x-should-retry')?.trim().toLowerCase();
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

function asked(headers: Headers, now: number): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null) {
    const value = decimal(ms);
    if (value !== undefined) return Math.ceil(value);
  }
  const after = headers.get('retry-after');
  if (after === null) return undefined;
  const seconds = decimal(after);
  if (seconds !== undefined) return Math.ceil(seconds * 1000);
  // HTTP dates (IMF-fixdate, RFC 850, asctime) all start with the day's name.
  if (!/^[A-Za-z]{3,9},? /.test(after.trim())) return undefined;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** A non-negative decimal number written plainly, or undefined. */
function decimal(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 40 || !/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

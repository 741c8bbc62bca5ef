/**
 * How long a server asked the caller to wait, in milliseconds, from its response headers:
 * `retry-after-ms` (OpenAI's, milliseconds) first, then `retry-after` as seconds or as an HTTP
 * date (measured from `now`). Undefined when neither header holds a usable value; a date in
 * the past is 0.
 *
 * @example
 * ```ts
 * retryAfterMs(new Headers({ 'retry-after': '2' }), Date.now()); // 2000
 * retryAfterMs(new Headers({ 'retry-after-ms': '150' }), Date.now()); // 150
 * ```
 */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
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
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

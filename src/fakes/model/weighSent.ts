import type { SentCall } from './SentCall.js';

/** How many values of one call {@link weighSent} counts at most: past them, it counts the rest as this many. */
const MAX_VALUES = 100_000;

/**
 * About how many bytes a sent call holds, for a fake bounding `sent` by bytes (the wire server's, whose requests may be
 * large).
 */
export function weighSent(call: SentCall): number {
  let values = 0;
  let bytes = 0;
  const pending: unknown[] = [call.input];
  while (pending.length > 0 && values < MAX_VALUES) {
    const value = pending.pop();
    values++;
    if (typeof value === 'string') bytes += 2 * value.length;
    else if (typeof value !== 'object' || value === null) bytes += 8;
    else {
      bytes += 16;
      for (const item of Array.isArray(value) ? value : Object.values(value)) pending.push(item);
    }
  }
  // Values left uncounted past the cap count as small ones: the cap bounds the time, not the estimate's floor.
  return bytes + 8 * pending.length;
}

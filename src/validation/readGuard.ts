import { StandinError } from '../errors/StandinError.js';

/**
 * Runs `read`, which reads a caller's input; anything but a {@link StandinError} it throws (a
 * getter that fails, a proxy whose trap throws, an object that cannot become a string) becomes
 * `E0041`, naming `what` was being read, so no raw TypeError leaves a public call.
 */
export function readGuard<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StandinError) throw error;
    const thrown =
      error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : 'a value that is not an Error';
    throw new StandinError(
      'E0041',
      `${what} could not be read: reading it threw (${thrown}). Pass plain data (objects, arrays, strings, numbers), ` +
        `not getters or proxies that can fail.`,
      { cause: error },
    );
  }
}

/**
 * A short, safe rendering of a name a caller gave, for a message: a string quoted and cut to `max` characters; anything
 * else by its type. Never throws (a null-prototype object has no `toString`), never copies a huge input.
 */
export function shownName(value: unknown, max = 80): string {
  if (typeof value === 'string')
    return value.length > max ? `'${value.slice(0, max)}…' (${value.length} characters)` : `'${value}'`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return /^[aeiou]/.test(typeof value) ? `an ${typeof value}` : `a ${typeof value}`;
}

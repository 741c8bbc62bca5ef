import { isProxy } from 'node:util/types';

/**
 * Whether `value` is a plain object — made by a literal or `JSON.parse`: no proxy, no class
 * instance, no null prototype, no array. What the hand checks that stand in for a schema on a hot
 * path take as theirs; anything else they leave to the schema.
 *
 * @example
 * ```ts
 * isPlainObject({ text: 'Hi' }); // true
 * isPlainObject(new Proxy({}, {})); // false
 * ```
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype && !isProxy(value)
  );
}

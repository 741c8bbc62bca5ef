import { isProxy } from 'node:util/types';

/**
 * Whether `value` is an ordinary object — made by a literal or `JSON.parse`: no proxy, no class
 * instance, no null prototype, no array. What the hand checks that stand in for a schema on a hot
 * path take as theirs; anything else they leave to the schema. (`isPlainObject` of the
 * classification checks takes null-prototype objects and proxies too: those are read by zod.)
 */
export function isOrdinaryObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype && !isProxy(value)
  );
}

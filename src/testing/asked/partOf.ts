import { isDeepStrictEqual } from 'node:util';
import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';

/** How two values are compared: a runner's `this.equals` (asymmetric matchers included), or {@link deepEquals}. */
export type Equals = (actual: unknown, expected: unknown) => boolean;

/**
 * The part of `actual` that `expected` speaks of (the keys it names, a list's items by counterpart), so a diff shows
 * only what the test asked about.
 */
export function partOf(actual: unknown, expected: unknown): unknown {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return actual;
    return actual.map((item: unknown, at) => partOf(item, expected[at]));
  }
  if (!isOrdinaryObject(expected) || typeof actual !== 'object' || actual === null || Array.isArray(actual))
    return actual;
  const part: Record<string, unknown> = {};
  for (const key of Object.keys(expected)) {
    if (Object.hasOwn(actual, key)) part[key] = partOf((actual as Record<string, unknown>)[key], expected[key]);
  }
  return part;
}

/** Whether `actual` holds `expected`: the part of it `expected` speaks of (see {@link partOf}) is equal to it. */
export function matchesPartly(actual: unknown, expected: unknown, equals: Equals): boolean {
  return equals(partOf(actual, expected), expected);
}

/** Strict deep equality, for code outside a test runner (`node:test`, a script). */
export function deepEquals(actual: unknown, expected: unknown): boolean {
  return isDeepStrictEqual(actual, expected);
}

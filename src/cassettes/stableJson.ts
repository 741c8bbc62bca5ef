import { setOwn } from './plainJson.js';

/**
 * JSON text with every object's keys sorted, indented by two spaces and ended by a newline: the
 * same value always gives the same bytes, so a cassette recorded twice is byte-identical and a
 * diff in review shows only what changed. Keys whose value is `undefined` are left out, as
 * `JSON.stringify` leaves them out.
 *
 * @example
 * ```ts
 * stableJson({ b: 1, a: [2] }); // '{\n  "a": [\n    2\n  ],\n  "b": 1\n}\n'
 * ```
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** A copy of `value` whose objects have their keys in code-point order. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(byCodePoint)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) setOwn(sorted, key, sortKeys(item));
  }
  return sorted;
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

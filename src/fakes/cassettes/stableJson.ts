import { setOwn } from './plainJson.js';

/**
 * JSON text with every object's keys sorted, indented by two spaces and ended by a newline: the
 * same value always gives the same bytes, so a cassette recorded twice is byte-identical and a
 * diff in review shows only what changed. Keys whose value is `undefined` are left out, as
 * `JSON.stringify` leaves them out. Each object in a `parts` list (a reply recorded as its
 * stream) is written on one line, so a streamed reply reads one part a line.
 */
export function stableJson(value: unknown): string {
  return `${write(JSON.parse(JSON.stringify(sortKeys(value)) ?? 'null'), '', false)}\n`;
}

/**
 * `value` (plain JSON, keys sorted) as `JSON.stringify(value, null, 2)` writes it at `indent`, a `parts` list's objects
 * on one line each.
 */
function write(value: unknown, indent: string, parts: boolean): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) =>
      parts && item !== null && typeof item === 'object' && !Array.isArray(item)
        ? JSON.stringify(item)
        : write(item, inner, false),
    );
    return `[\n${items.map((item) => `${inner}${item}`).join(',\n')}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  const fields = keys.map(
    (key) =>
      `${inner}${JSON.stringify(key)}: ${write((value as Record<string, unknown>)[key], inner, key === 'parts')}`,
  );
  return `{\n${fields.join(',\n')}\n${indent}}`;
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

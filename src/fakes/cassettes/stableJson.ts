import { setOwn } from './plainJson.js';

/**
 * JSON with sorted keys, two-space indents and a final newline, so a cassette recorded twice is byte-identical and a
 * review diff shows only what changed. A `parts` list's objects are one a line, so a streamed reply reads one part a
 * line; a timing's `gapsMs` is written on one line.
 */
export function stableJson(value: unknown): string {
  return `${write(JSON.parse(JSON.stringify(sortKeys(value)) ?? 'null'), '', false)}\n`;
}

/** `value` as `JSON.stringify(value, null, 2)` writes it at `indent`, a `parts` list's objects one a line. */
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
  const fields = keys.map((key) => {
    const item = (value as Record<string, unknown>)[key];
    // A timing's gaps are numbers by the hundred: one line, not one a line.
    const text = key === 'gapsMs' && Array.isArray(item) ? JSON.stringify(item) : write(item, inner, key === 'parts');
    return `${inner}${JSON.stringify(key)}: ${text}`;
  });
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

import type { z } from 'zod';
import type { Code } from '../../errors/catalog.js';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';

/** Parses `value`, or throws `code` naming every path that does not fit and what to write there. */
export function parseShape<T>(
  code: Code,
  root: string,
  schema: z.ZodType<T>,
  value: unknown,
  expected: Readonly<Record<string, string>> = {},
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = describeIssues(root, value, parsed.error.issues, { expected, schema });
  throw new StandinError(code, `Invalid ${root}:\n${lines.join('\n')}`);
}

/** A plain object: made by a literal or `Object.create(null)`, not an array, a class instance or a Map. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Shows a value in a message the way it would be written in code, cut short when long. */
export function show(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = JSON.stringify(value);
  else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value == null)
    text = String(value);
  else if (typeof value === 'function') text = `a function${value.name ? ` ${value.name}` : ''}`;
  else if (typeof value === 'symbol') text = value.toString();
  else if (Array.isArray(value) || isPlainObject(value)) {
    try {
      text =
        JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? `${inner}n` : inner)) ??
        String(value);
    } catch {
      text = Array.isArray(value) ? 'an array' : 'an object';
    }
  } else {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor?.name;
    text = name ? `a ${name}` : 'an object';
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

import type { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { expectedFields } from './requestSchemas.js';

/** The `E0003` error for a caller's input that does not fit its schema: every issue with its path and fix. */
export function invalid(
  root: string,
  input: unknown,
  issues: readonly z.core.$ZodIssue[],
  schema?: z.core.$ZodType,
): StandinError {
  const lines = describeIssues(root, input, issues, {
    expected: expectedFields,
    ...(schema === undefined ? {} : { schema }),
  });
  return new StandinError('E0003', `Invalid ${root}:\n${lines.join('\n')}`);
}

/** Throws `E0003` unless `ok`: `field` was expected to be `expected`. */
export function expectInput(ok: boolean, field: string, expected: string, value: unknown): void {
  if (!ok) throw new StandinError('E0003', `${field}: expected ${expected}, got ${typeName(value)}.`);
}

/** `'null'`, `'an array'`, `'a string'`…: what a value is, for a message. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`;
}

import type { ZodType } from 'zod';
import { readJsonSchema } from '../../validation/jsonSchema/readJsonSchema.js';

/** What each property is tried with, in turn, to make an object that does not fit. */
const wrongFieldValues: readonly unknown[] = [null, 0, '', []];

/**
 * A JSON value that does not fit `shape`, as a model that got the shape wrong writes it: an empty object (a required
 * field missing), then an object with one field of a wrong type, then a list, a string, a number, null. Undefined when
 * the shape takes every one of them (`z.unknown()`): no misfit can be made for it.
 *
 * @example
 * ```ts
 * misfit(z.object({ team: z.string() }), { type: 'object', properties: { team: { type: 'string' } } }); // {}
 * ```
 */
export function misfit(shape: ZodType, schema: unknown): unknown {
  const candidates: unknown[] = [{}];
  for (const name of propertyNames(schema)) for (const wrong of wrongFieldValues) candidates.push({ [name]: wrong });
  candidates.push([], 'not the shape asked for', 0, null);
  return candidates.find((candidate) => !shape.safeParse(candidate).success);
}

/**
 * The zod shape of a JSON Schema (a tool's input, a typed value's shape sent over the wire), or undefined when it
 * cannot be read: then nothing can be checked against it.
 *
 * @example
 * ```ts
 * shapeOf({ type: 'object', properties: { words: { type: 'string' } }, required: ['words'] })?.safeParse({}).success; // false
 * ```
 */
export function shapeOf(schema: unknown): ZodType | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return undefined;
  try {
    return readJsonSchema(schema);
  } catch {
    return undefined;
  }
}

/** The names of a JSON Schema's properties, in its order (none when it states none). */
export function propertyNames(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null && !Array.isArray(properties)
    ? Object.keys(properties)
    : [];
}

import { z } from 'zod';
import { patternAt } from './patternAt.js';
import type { JsonObject, ReadContext } from './ReadContext.js';
import { isPlain, keyPart } from './schemaWalk.js';

/** Sets `key` as an own property, so a key such as `__proto__` stays a key and never becomes a prototype. */
function put(target: Record<string, z.ZodType>, key: string, value: z.ZodType): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * An object part of a JSON Schema: its `properties` (optional unless `required`), its
 * `patternProperties` (each key a pattern, matched in linear time), `additionalProperties`, and
 * `propertyNames`, `minProperties` and `maxProperties`, checked on the object as it came.
 */
export function readObject(schema: JsonObject, context: ReadContext, at: string, depth: number): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  const properties = isPlain(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [key, part] of Object.entries(properties)) {
    const read = context.read(part, `${at}/properties/${keyPart(key)}`, depth + 1);
    put(shape, key, required.has(key) ? read : read.optional());
  }
  const extra = schema.additionalProperties;
  const extraShape =
    typeof extra === 'object' && extra !== null
      ? context.read(extra, `${at}/additionalProperties`, depth + 1)
      : undefined;
  let object: z.ZodType;
  if (isPlain(schema.patternProperties)) {
    const entries = Object.entries(schema.patternProperties).map(([source, part]) => {
      const where = `${at}/patternProperties/${keyPart(source)}`;
      return [patternAt(source, where), context.read(part, where, depth + 1)] as const;
    });
    const parts: z.ZodType[] = [];
    if (Object.keys(shape).length > 0) parts.push(z.object(shape).passthrough());
    // A loose record checks the keys its pattern matches, and lets the others through.
    for (const [pattern, value] of entries) parts.push(z.looseRecord(z.string().regex(pattern), value));
    object = parts.length === 0 ? z.object({}).passthrough() : parts.reduce((all, part) => z.intersection(all, part));
    if (extra === false)
      object = closed(
        object,
        Object.keys(shape),
        entries.map(([pattern]) => pattern),
      );
  } else {
    const plain = z.object(shape);
    object =
      extra === false ? plain.strict() : extraShape !== undefined ? plain.catchall(extraShape) : plain.passthrough();
  }
  const names = schema.propertyNames !== undefined && schema.propertyNames !== true ? schema.propertyNames : undefined;
  const min = typeof schema.minProperties === 'number' ? schema.minProperties : undefined;
  const max = typeof schema.maxProperties === 'number' ? schema.maxProperties : undefined;
  if (names === undefined && min === undefined && max === undefined) return object;
  // Keys are strings: a propertyNames that states no type checks them as strings.
  const keySchema =
    names === undefined
      ? undefined
      : context.read(
          isPlain(names) && names.type === undefined ? { type: 'string', ...names } : names,
          `${at}/propertyNames`,
          depth + 1,
        );
  return guarded(object, { keySchema, min, max });
}

/** `object` refusing a key that is neither a property nor matched by a pattern (`additionalProperties: false`). */
function closed(object: z.ZodType, known: readonly string[], patterns: readonly RegExp[]): z.ZodType {
  return object.check((payload) => {
    const value = payload.value;
    if (!isPlain(value)) return;
    const unknown = Object.keys(value).filter((key) => !known.includes(key) && !patterns.some((p) => p.test(key)));
    if (unknown.length > 0) {
      payload.issues.push({ code: 'unrecognized_keys', keys: unknown, input: value, inst: object });
    }
  });
}

interface Guards {
  readonly keySchema: z.ZodType | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
}

/**
 * `object` behind a check of the object's own keys as they came: an object's parse drops
 * `__proto__` and may add keys from a default, so its output is not the keys the value carried.
 * An identity transform, so zod's JSON Schema writer reads the object on both sides.
 */
function guarded(object: z.ZodType, guards: Guards): z.ZodType {
  const guard = z
    .transform((value: unknown) => value)
    .check((payload) => {
      const value = payload.value;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const keys = Object.getOwnPropertyNames(value);
      const { min, max, keySchema } = guards;
      if (min !== undefined && keys.length < min) {
        payload.issues.push({
          origin: 'object',
          code: 'too_small',
          minimum: min,
          inclusive: true,
          message: `Too small: expected object to have >=${min} properties`,
          input: value,
          continue: true,
        });
      }
      if (max !== undefined && keys.length > max) {
        payload.issues.push({
          origin: 'object',
          code: 'too_big',
          maximum: max,
          inclusive: true,
          message: `Too big: expected object to have <=${max} properties`,
          input: value,
          continue: true,
        });
      }
      for (const key of keySchema === undefined ? [] : keys) {
        const result = keySchema!.safeParse(key);
        if (result.success) continue;
        payload.issues.push({
          code: 'invalid_key',
          origin: 'record',
          issues: result.error.issues,
          input: key,
          path: [key],
          continue: true,
        });
      }
    });
  return guard.pipe(object);
}

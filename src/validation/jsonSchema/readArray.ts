import { z } from 'zod';
import type { JsonObject, ReadContext } from './ReadContext.js';

/** The optional positions of a tuple: only `minItems` makes a position required. */
function positions(items: readonly z.ZodType[], minItems: number): z.ZodType[] {
  return items.map((item, index) => (index < minItems ? item : item.optional()));
}

/**
 * An array part of a JSON Schema: a tuple (`prefixItems`, or draft-7's `items` list with `additionalItems`), or a list
 * of `items`, with `minItems`, `maxItems`, `uniqueItems` and the `contains` family.
 */
export function readArray(schema: JsonObject, context: ReadContext, at: string, depth: number): z.ZodType {
  const { prefixItems, items } = schema;
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  const each = (parts: readonly unknown[], key: string) =>
    parts.map((part, i) => context.read(part, `${at}/${key}/${i}`, depth + 1));
  const rest = (part: unknown, key: string): z.ZodType | undefined =>
    part === false
      ? undefined
      : part === undefined || part === true
        ? z.any()
        : context.read(part, `${at}/${key}`, depth + 1);
  let array: z.ZodType;
  const tuple = Array.isArray(prefixItems)
    ? { parts: each(prefixItems, 'prefixItems'), rest: Array.isArray(items) ? undefined : rest(items, 'items') }
    : Array.isArray(items)
      ? { parts: each(items, 'items'), rest: rest(schema.additionalItems, 'additionalItems') }
      : undefined;
  if (tuple !== undefined) {
    const fixed = z.tuple(positions(tuple.parts, minItems ?? 0) as [z.ZodType, ...z.ZodType[]]);
    let read: z.ZodType = tuple.rest === undefined ? fixed : fixed.rest(tuple.rest);
    if (minItems !== undefined) read = read.check(z.minLength(minItems));
    if (maxItems !== undefined) read = read.check(z.maxLength(maxItems));
    array = read;
  } else {
    let list = z.array(items === undefined ? z.any() : context.read(items, `${at}/items`, depth + 1));
    if (minItems !== undefined) list = list.min(minItems);
    if (maxItems !== undefined) list = list.max(maxItems);
    array = list;
  }
  if (schema.uniqueItems !== true && schema.contains === undefined) return array;
  return guarded(array, {
    unique: schema.uniqueItems === true,
    contains: schema.contains === undefined ? undefined : context.read(schema.contains, `${at}/contains`, depth + 1),
    minContains: typeof schema.minContains === 'number' ? schema.minContains : undefined,
    maxContains: typeof schema.maxContains === 'number' ? schema.maxContains : undefined,
  });
}

interface Guards {
  readonly unique: boolean;
  readonly contains: z.ZodType | undefined;
  readonly minContains: number | undefined;
  readonly maxContains: number | undefined;
}

const plural = (n: number): string => (n === 1 ? 'element' : 'elements');

/**
 * `array` behind a check of `uniqueItems` and `contains` on the array as it came: an item's parse
 * may fill in a default, so the parsed array is not the one the keywords speak of.
 */
function guarded(array: z.ZodType, guards: Guards): z.ZodType {
  const guard = z
    .transform((value: unknown) => value)
    .check((payload) => {
      const items = payload.value;
      if (!Array.isArray(items)) return;
      if (guards.unique) {
        const first = new Map<string, number>();
        for (const [i, item] of items.entries()) {
          const key = canonicalKey(item);
          if (key === undefined) continue;
          const seen = first.get(key);
          if (seen === undefined) first.set(key, i);
          else {
            const message = `Array items must be unique: element at index ${i} duplicates the one at index ${seen}`;
            payload.issues.push({ code: 'custom', message, input: items, path: [i], continue: true });
          }
        }
      }
      if (guards.contains === undefined) return;
      const min = guards.minContains ?? 1;
      const max = guards.maxContains;
      // One past the most allowed already decides: nothing above it changes the verdict.
      const ceiling = max === undefined ? Number.POSITIVE_INFINITY : max + 1;
      let matches = 0;
      for (const item of items) if (guards.contains.safeParse(item).success && ++matches >= ceiling) break;
      if (matches < min) {
        const message = `Array must contain at least ${min} matching ${plural(min)}; found ${matches}`;
        payload.issues.push({ code: 'custom', message, input: items, continue: true });
      }
      if (max !== undefined && matches > max) {
        const message = `Array must contain at most ${max} matching ${plural(max)}`;
        payload.issues.push({ code: 'custom', message, input: items, continue: true });
      }
    });
  return guard.pipe(array);
}

/**
 * A string two JSON values share exactly when `uniqueItems` calls them equal, so duplicates are
 * found by a Map lookup; undefined for a value equal to nothing (NaN, a cycle). Strings and keys are
 * prefixed with their length, so no value can spell another.
 */
function canonicalKey(value: unknown, seen = new Set<object>()): string | undefined {
  if (value === null) return 'z';
  if (typeof value !== 'object') {
    if (typeof value === 'number' && Number.isNaN(value)) return undefined;
    const raw = String(value);
    return `${(typeof value)[0]}${raw.length}:${raw}`;
  }
  if (seen.has(value)) return undefined;
  seen.add(value);
  try {
    const parts: string[] = [];
    if (Array.isArray(value)) {
      for (const item of value) {
        const key = canonicalKey(item, seen);
        if (key === undefined) return undefined;
        parts.push(key);
      }
      return `a${parts.length}:[${parts.join(',')}]`;
    }
    for (const name of Object.keys(value).sort()) {
      const key = canonicalKey((value as Record<string, unknown>)[name], seen);
      if (key === undefined) return undefined;
      parts.push(`${name.length}:${name}=${key}`);
    }
    return `o${parts.length}:{${parts.join(',')}}`;
  } finally {
    seen.delete(value);
  }
}

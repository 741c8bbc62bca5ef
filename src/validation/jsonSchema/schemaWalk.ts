import type { JsonObject } from './ReadContext.js';

/** Whether `value` is a plain JSON object (not null, not an array). */
export function isPlain(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as one part of a JSON Pointer: `~` and `/` escaped (RFC 6901). */
export function keyPart(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** One part of a JSON Pointer as the key it names: `~1` is `/`, then `~0` is `~` (RFC 6901). */
export function pointer(part: string): string {
  return part.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The keywords whose value is a schema or a list of schemas. */
const SCHEMA_KEYWORDS = new Set(
  ['items', 'prefixItems', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames', 'not', 'if'].concat([
    'then',
    'else',
    'allOf',
    'anyOf',
    'oneOf',
    'unevaluatedItems',
    'unevaluatedProperties',
    'contentSchema',
  ]),
);
/** The keywords whose value maps names to schemas (draft-7's `dependencies` may map to lists of names). */
const SCHEMA_MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependencies',
  '$defs',
  'definitions',
]);

/**
 * Whether a part holds a `$ref` anywhere a schema can be: only those places are walked, so a
 * `$ref` inside a `default` or an `x-` annotation, which is data, does not count. Walked with a
 * stack of its own, so no nesting exhausts the call stack.
 */
export function containsRef(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (Array.isArray(next)) stack.push(...next);
    else if (isPlain(next)) {
      if (typeof next.$ref === 'string') return true;
      for (const [key, part] of Object.entries(next)) {
        if (SCHEMA_KEYWORDS.has(key)) stack.push(part);
        else if (SCHEMA_MAP_KEYWORDS.has(key) && isPlain(part)) stack.push(...Object.values(part));
      }
    }
  }
  return false;
}

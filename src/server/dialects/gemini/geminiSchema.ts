import { isObject } from '../../wireInput.js';

/** Gemini's own schema fields that say nothing about what a value may hold. */
const dropped = new Set(['nullable', 'propertyOrdering']);

/**
 * A schema in the OpenAPI subset Gemini's `responseSchema` and `parameters` take, as JSON Schema:
 * types in lower case (`OBJECT` is `object`), `nullable: true` as a type that also takes `null`,
 * `propertyOrdering` left out; everything else (properties, items, anyOf, enum, required, bounds,
 * formats) is JSON Schema already. A JSON Schema passes through unchanged.
 *
 * @example
 * ```ts
 * geminiSchema({ type: 'OBJECT', properties: { team: { type: 'STRING', nullable: true } } });
 * // { type: 'object', properties: { team: { type: ['string', 'null'] } } }
 * ```
 */
export function geminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchema);
  if (!isObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (dropped.has(key)) continue;
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isObject(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, node]) => [name, geminiSchema(node)]));
    else if (key === 'items' || key === 'anyOf') out[key] = geminiSchema(value);
    else out[key] = value;
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

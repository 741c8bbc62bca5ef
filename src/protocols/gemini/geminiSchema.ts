import type { JsonSchema } from '../../services/spec/Provider.js';
import { isRecord } from '../jsonValues.js';

/** Gemini's own schema fields that say nothing about what a value may hold. */
const dropped = new Set(['nullable', 'propertyOrdering']);
/** Schema keywords whose values are data, not schemas: left as they are. */
const literal = new Set(['enum', 'default', 'examples', 'required']);

/**
 * Gemini's OpenAPI schema subset as JSON Schema: lower-case types, `nullable` as a `null` type, no `propertyOrdering`.
 * A JSON Schema passes unchanged.
 */
export function fromGeminiSchema(schema: Readonly<Record<string, unknown>>): JsonSchema {
  return walk(schema) as JsonSchema;
}

function walk(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(walk);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (dropped.has(key)) continue;
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isRecord(value))
      out.properties = Object.fromEntries(Object.entries(value).map(([name, node]) => [name, walk(node)]));
    else if (key === 'items' || key === 'anyOf') out[key] = walk(value);
    else out[key] = value;
  }
  if (schema.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

/** A JSON Schema for `responseJsonSchema`: `const`, which Gemini does not read, as a one-value `enum`; no `$schema`. */
export function toResponseSchema(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isRecord(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema') continue;
      if (key === 'const') out.enum = [value];
      else if (literal.has(key)) out[key] = value;
      else if ((key === 'properties' || key === '$defs') && isRecord(value))
        out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, visit(child)]));
      else out[key] = visit(value);
    }
    return out;
  };
  return visit(schema) as JsonSchema;
}

import type { JsonSchema } from '../services/spec/Provider.js';
import { isRecord } from './jsonValues.js';

/** A typed value's schema made ready for a provider's structured-output mode. */
export interface ClosedSchema {
  /** The schema with every open object closed. */
  readonly schema: JsonSchema;
  /** What OpenAI's `strict: true` accepts: every object closed, every property required. */
  readonly strict: boolean;
}

const keyed = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const listed = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const single = ['items', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'] as const;

/**
 * Closes objects that leave `additionalProperties` unset (structured outputs refuse open ones; zod strips unknown keys
 * anyway, so this asks nothing new of the model) and says whether strict mode fits. The input is not changed.
 */
export function closedSchema(schema: JsonSchema): ClosedSchema {
  const state = { strict: true };
  return { schema: close(schema, state) as JsonSchema, strict: state.strict };
}

function close(node: unknown, state: { strict: boolean }): unknown {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return node;
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  for (const key of keyed) {
    const group = source[key];
    if (isRecord(group))
      out[key] = Object.fromEntries(Object.entries(group).map(([name, value]) => [name, close(value, state)]));
  }
  for (const key of listed) {
    const list = source[key];
    if (Array.isArray(list)) out[key] = list.map((value) => close(value, state));
  }
  for (const key of single) {
    const value = source[key];
    if (Array.isArray(value)) out[key] = value.map((item) => close(item, state));
    else if (isRecord(value)) out[key] = close(value, state);
  }
  if (isRecord(source.additionalProperties)) out.additionalProperties = close(source.additionalProperties, state);
  const isObject =
    source.type === 'object' ||
    (Array.isArray(source.type) && source.type.includes('object')) ||
    isRecord(source.properties);
  if (isObject) {
    if (source.additionalProperties === undefined) out.additionalProperties = false;
    if (out.additionalProperties !== false) state.strict = false;
    const names = isRecord(source.properties) ? Object.keys(source.properties) : [];
    const required = Array.isArray(source.required) ? source.required : [];
    if (!names.every((name) => required.includes(name)) || isRecord(source.patternProperties)) state.strict = false;
  }
  return out;
}

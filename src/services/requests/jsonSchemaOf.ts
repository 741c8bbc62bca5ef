import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { JsonSchema } from '../spec/Provider.js';

/** Each zod schema's JSON Schema, made once: a tool or an output shape is usually the same object on every call. */
const made = new WeakMap<z.ZodType, JsonSchema>();

/**
 * The JSON Schema sent for a zod schema (input side, objects closed), made once per schema; `E0003` when it has none.
 */
export function jsonSchemaOf(schema: z.ZodType, what: string): JsonSchema {
  let json = made.get(schema);
  if (json === undefined) {
    try {
      const { $schema: _, ...rest } = z.toJSONSchema(schema, {
        io: 'input',
        unrepresentable: 'any',
        override: closeObjects,
      });
      json = rest;
    } catch (error) {
      throw new StandinError(
        'E0003',
        `${what} cannot be written as JSON Schema for the provider: ${(error as Error).message}`,
      );
    }
    made.set(schema, json);
  }
  return json;
}

/**
 * Sends `json` for `schema`: an MCP tool keeps the server's own schema, which a round trip through zod would change.
 */
export function carryJsonSchema(schema: z.ZodType, json: JsonSchema): void {
  made.set(schema, json);
}

/**
 * Closes open objects: zod strips extra keys anyway, and strict providers need `additionalProperties: false` on each.
 */
function closeObjects(context: { jsonSchema: Record<string, unknown> }): void {
  const schema = context.jsonSchema;
  if (schema.type === 'object' && schema.additionalProperties === undefined) schema.additionalProperties = false;
}

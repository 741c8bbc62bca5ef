import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { JsonSchema } from '../spec/Provider.js';

/** Each zod schema's JSON Schema, made once: a tool or an output shape is usually the same object on every call. */
const made = new WeakMap<z.ZodType, JsonSchema>();

/**
 * The JSON Schema a provider is sent for a zod schema (its input side, objects closed), made once
 * per schema object. Throws `E0003` naming `what` when the schema cannot be written as JSON Schema.
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
 * Makes `json` the JSON Schema providers are sent for `schema`, in place of the one zod would write:
 * an MCP tool's input keeps the server's own schema, which a round trip through zod would change.
 */
export function carryJsonSchema(schema: z.ZodType, json: JsonSchema): void {
  made.set(schema, json);
}

/**
 * Marks objects that say nothing of extra keys as closed: zod strips extra keys anyway, and strict
 * providers (OpenAI's structured outputs) need `additionalProperties: false` on every object.
 */
function closeObjects(context: { jsonSchema: Record<string, unknown> }): void {
  const schema = context.jsonSchema;
  if (schema.type === 'object' && schema.additionalProperties === undefined) schema.additionalProperties = false;
}

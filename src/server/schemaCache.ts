import { z } from 'zod';
import { carryJsonSchema } from '../services/requests/jsonSchemaOf.js';
import type { JsonSchema } from '../services/spec/Provider.js';
import { readJsonSchema } from '../validation/jsonSchema/readJsonSchema.js';
import { WireError } from './WireError.js';

/** How many distinct JSON Schemas the cache keeps. */
export const SCHEMA_CACHE_SIZE = 1000;

/**
 * Clients' JSON Schemas as zod, patterns in linear time so one client's schema cannot stop the server for the others.
 * The same text gives the same object; past 1000 the oldest goes.
 */
export class SchemaCache {
  readonly #known = new Map<string, z.ZodType>();

  /** The zod schema for `schema`; `W0004` (400) when it is not a JSON Schema the server can read. */
  read(schema: unknown, where: string): z.ZodType {
    if (schema === undefined) return z.object({}).loose();
    const text = JSON.stringify(schema);
    let found = this.#known.get(text);
    if (found !== undefined) return found;
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
      throw new WireError(
        'W0004',
        400,
        `${where} is not a JSON Schema object. Send an object such as {"type": "object", "properties": {...}}.`,
        { type: 'invalid_request_error', code: 'invalid_value', param: where },
      );
    }
    try {
      found = readJsonSchema(schema);
      // `sent` and the engine then show the client's own schema, which a round trip through zod would change.
      carryJsonSchema(found, schema as JsonSchema);
    } catch (error) {
      throw new WireError(
        'W0004',
        400,
        `${where} is a JSON Schema the server cannot read: ${(error as Error).message}`,
        { type: 'invalid_request_error', code: 'invalid_value', param: where },
      );
    }
    this.#known.set(text, found);
    if (this.#known.size > SCHEMA_CACHE_SIZE) this.#known.delete(this.#known.keys().next().value!);
    return found;
  }
}

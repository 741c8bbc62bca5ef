import type { z } from 'zod';
import { StandinError } from '../errors/StandinError.js';
import { readJsonSchema } from '../validation/jsonSchema/readJsonSchema.js';

/** How many schemas, by their JSON text, one model keeps read: the oldest is forgotten first. */
const MAX_BY_TEXT = 256;

/**
 * The AI SDK's JSON Schemas as zod shapes, patterns matched in linear time. The AI SDK writes a zod tool's JSON Schema
 * anew for every call, so an equal schema is read once per model, and the same shape back lets the engine reuse the
 * JSON Schema it made of it.
 */
export class JsonShapes {
  readonly #read = new WeakMap<object, z.ZodType>();
  readonly #byText = new Map<string, z.ZodType>();

  /** The zod shape of `schema`; `what` names it in the `A0002` error when it cannot be read. */
  of(schema: unknown, what: string): z.ZodType {
    if (typeof schema !== 'object' || schema === null) throw unreadable(what, 'it is not a JSON Schema object');
    let shape = this.#read.get(schema);
    if (shape !== undefined) return shape;
    let text: string | undefined;
    try {
      text = JSON.stringify(schema);
    } catch {
      // A schema JSON cannot write (a cycle) is read by identity alone.
    }
    shape = text === undefined ? undefined : this.#byText.get(text);
    if (shape === undefined) {
      try {
        shape = readJsonSchema(schema);
      } catch (error) {
        throw unreadable(what, (error as Error).message);
      }
      if (text !== undefined) {
        if (this.#byText.size >= MAX_BY_TEXT) this.#byText.delete(this.#byText.keys().next().value!);
        this.#byText.set(text, shape);
      }
    }
    this.#read.set(schema, shape);
    return shape;
  }
}

function unreadable(what: string, why: string): StandinError {
  return new StandinError(
    'A0002',
    `The JSON Schema of ${what} cannot be read as a shape to check values against: ${why}. Describe it with a zod ` +
      `schema or a plainer JSON Schema.`,
  );
}

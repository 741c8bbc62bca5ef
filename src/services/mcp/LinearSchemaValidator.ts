import type { z } from 'zod';
import { describeIssues } from '../../validation/describeIssues.js';
import { readJsonSchema } from '../../validation/jsonSchema/readJsonSchema.js';
import { JsonSchemaUnreadable } from '../../validation/jsonSchema/ReadContext.js';

/** What a check of one value answers, in the shape the MCP SDK's validators answer. */
export type SchemaCheckResult =
  | { readonly valid: true; readonly data: unknown; readonly errorMessage: undefined }
  | { readonly valid: false; readonly data: undefined; readonly errorMessage: string };

/**
 * The MCP SDK's `jsonSchemaValidator` on standin's JSON Schema reader, every `pattern` matched in linear time: on the
 * SDK's backtracking engine one pattern such as `^(a+)+$` would stop the process. A schema that cannot be read fails
 * every value, as {@link LinearSchemaValidator.problem} says beforehand.
 */
export class LinearSchemaValidator {
  readonly #root: string;
  readonly #read = new WeakMap<object, z.ZodType | JsonSchemaUnreadable>();

  /** `root` names the checked value in messages: `structuredContent.id: expected a number, got a string.` */
  constructor(root: string) {
    this.#root = root;
  }

  /** Why `schema` cannot be read, or undefined when it can. */
  problem(schema: object): string | undefined {
    const read = this.#shape(schema);
    return read instanceof JsonSchemaUnreadable ? read.message : undefined;
  }

  getValidator(schema: object): (input: unknown) => SchemaCheckResult {
    return (input) => {
      const read = this.#shape(schema);
      const fail = (errorMessage: string) => ({ valid: false, data: undefined, errorMessage }) as const;
      if (read instanceof JsonSchemaUnreadable) return fail(`the schema cannot be read: ${read.message}`);
      let checked: ReturnType<z.ZodType['safeParse']>;
      try {
        checked = read.safeParse(input);
      } catch (error) {
        // A check that throws (a value nested past the stack) fails the value; it never breaks the caller.
        return fail(`the value could not be checked (${error instanceof Error ? error.name : 'it threw'})`);
      }
      if (checked.success) return { valid: true, data: input, errorMessage: undefined };
      return fail(describeIssues(this.#root, input, checked.error.issues).join(' '));
    };
  }

  #shape(schema: object): z.ZodType | JsonSchemaUnreadable {
    let read = this.#read.get(schema);
    if (read === undefined) {
      try {
        read = readJsonSchema(schema);
      } catch (error) {
        read = error as JsonSchemaUnreadable;
      }
      this.#read.set(schema, read);
    }
    return read;
  }
}

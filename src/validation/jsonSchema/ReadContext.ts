import type { z } from 'zod';

/** A JSON Schema object, after a JSON round trip: plain data. */
export type JsonObject = Record<string, unknown>;

/** The JSON Schema drafts the reader tells apart: they differ in where `$defs` live and how exclusive bounds read. */
export type JsonSchemaDraft = 'draft-2020-12' | 'draft-7' | 'draft-4' | 'openapi-3.0';

/** What reading one JSON Schema shares between its parts: its definitions, the references read so far, how to read a part. */
export interface ReadContext {
  readonly draft: JsonSchemaDraft;
  readonly root: JsonObject;
  readonly defs: JsonObject;
  /** Each `$ref` read, once its target is read. */
  readonly refs: Map<string, z.ZodType>;
  /** The `$ref`s being read now: a reference back to one of them is recursion, read lazily. */
  readonly processing: Set<string>;
  /** Reads the part `schema` found at `at` (a JSON Pointer), `depth` parts down from the root. */
  readonly read: (schema: unknown, at: string, depth: number, bare?: ReadonlySet<string>) => z.ZodType;
}

/**
 * Why a JSON Schema cannot be read, with where in it (a JSON Pointer such as
 * `#/properties/code/pattern`). Its reader's caller says whose schema it was, in its own error.
 */
export class JsonSchemaUnreadable extends Error {
  override readonly name = 'JsonSchemaUnreadable';
}

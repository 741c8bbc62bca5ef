import { globalRegistry, z } from 'zod';
import { readBase, unsupported } from './readBase.js';
import { JsonSchemaUnreadable, type JsonObject, type JsonSchemaDraft, type ReadContext } from './ReadContext.js';
import { containsRef, isPlain, pointer } from './schemaWalk.js';

/** How many parts deep a JSON Schema may nest: deeper, reading it (and checking a value) would run out of stack. */
export const MAX_SCHEMA_DEPTH = 128;

/** The keys read here or by the parts they hold; the others are kept as the part's metadata. */
const RECOGNIZED = new Set([
  ...['$schema', '$ref', '$defs', 'definitions', '$id', 'id', '$comment', '$anchor', '$vocabulary', '$dynamicRef'],
  ...['$dynamicAnchor', 'type', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'properties', 'required'],
  ...['additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'items'],
  ...['prefixItems', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains'],
  ...['maxContains', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum'],
  ...['exclusiveMaximum', 'multipleOf', 'description', 'default', 'contentEncoding', 'contentMediaType'],
  ...['contentSchema', 'unevaluatedItems', 'unevaluatedProperties', 'if', 'then', 'else', 'dependentSchemas'],
  ...['dependentRequired', 'nullable', 'readOnly'],
]);
const CORE_META = ['$id', 'id', '$comment', '$anchor', '$vocabulary', '$dynamicRef', '$dynamicAnchor'];
const CONTENT_META = ['contentEncoding', 'contentMediaType', 'contentSchema'];

function draftOf(schema: JsonObject): JsonSchemaDraft {
  if (schema.$schema === 'http://json-schema.org/draft-07/schema#') return 'draft-7';
  if (schema.$schema === 'http://json-schema.org/draft-04/schema#') return 'draft-4';
  return 'draft-2020-12';
}

/**
 * A zod schema that checks values as the JSON Schema `schema` does, with every `pattern` and `patternProperties` key
 * matched in linear time (RE2): a schema from outside (an MCP server, a client of the wire server, the AI SDK) cannot
 * make a check take longer than the value is long. It reads what zod's own `z.fromJSONSchema` reads, the same way, and
 * refuses a `$ref` cycle that passes through no object or array (no value could ever end it), a schema nested over 128
 * deep, and a pattern the engine cannot run (a back reference, a look-around).
 *
 * @throws {JsonSchemaUnreadable} saying what cannot be read and where in the schema.
 */
export function readJsonSchema(schema: unknown): z.ZodType {
  if (typeof schema === 'boolean') return schema ? z.any() : z.never();
  let root: unknown;
  try {
    root = JSON.parse(JSON.stringify(schema) ?? 'null');
  } catch {
    throw new JsonSchemaUnreadable(
      'it is not JSON data (a cycle, or nested too deep); use $defs and $ref for recursion',
    );
  }
  if (!isPlain(root)) throw new JsonSchemaUnreadable('it is not a JSON Schema object or boolean');
  const defs = root.$defs ?? root.definitions ?? {};
  const context: ReadContext = {
    draft: draftOf(root),
    root,
    defs: isPlain(defs) ? defs : {},
    refs: new Map(),
    processing: new Set(),
    read: (part, at, depth, bare) => read(part, context, at, depth, bare ?? new Set()),
  };
  try {
    return context.read(root, '#', 0);
  } catch (error) {
    if (error instanceof JsonSchemaUnreadable) throw error;
    // zod's own builders refuse a few values (a const it cannot hold): said the same way.
    throw new JsonSchemaUnreadable(error instanceof Error ? error.message : String(error));
  }
}

function read(schema: unknown, context: ReadContext, at: string, depth: number, bare: ReadonlySet<string>): z.ZodType {
  if (depth > MAX_SCHEMA_DEPTH) {
    throw new JsonSchemaUnreadable(`at ${at}: it nests more than ${MAX_SCHEMA_DEPTH} parts deep; write it flatter`);
  }
  if (typeof schema === 'boolean') return schema ? z.any() : z.never();
  if (!isPlain(schema)) throw new JsonSchemaUnreadable(`at ${at}: a part is not a JSON Schema object or boolean`);
  let base =
    unsupported(schema, at) ??
    (typeof schema.$ref === 'string'
      ? readRef(schema.$ref, context, at, depth, bare)
      : readBase(schema, context, at, depth));
  const typed = schema.type !== undefined || schema.enum !== undefined || schema.const !== undefined;
  const parts = (key: string): z.ZodType[] | undefined =>
    Array.isArray(schema[key])
      ? (schema[key] as unknown[]).map((part, i) => context.read(part, `${at}/${key}/${i}`, depth + 1, bare))
      : undefined;
  const anyOf = parts('anyOf');
  if (anyOf !== undefined) {
    const union = z.union(anyOf);
    base = typed ? z.intersection(base, union) : union;
  }
  const oneOf = parts('oneOf');
  if (oneOf !== undefined) {
    const either = z.xor(oneOf);
    base = typed ? z.intersection(base, either) : either;
  }
  const allOf = parts('allOf');
  if (allOf !== undefined) {
    if (allOf.length === 0) base = typed ? base : z.any();
    else {
      let all = typed ? base : allOf[0]!;
      for (const part of typed ? allOf : allOf.slice(1)) all = z.intersection(all, part);
      base = all;
    }
  }
  if (schema.nullable === true && context.draft === 'openapi-3.0') base = z.nullable(base);
  if (schema.readOnly === true) base = z.readonly(base);
  if (schema.default !== undefined) base = base.default(schema.default as never);
  const meta = metadata(schema);
  if (Object.keys(meta).length > 0) globalRegistry.add(base, meta);
  return typeof schema.description === 'string' && schema.description !== '' ? base.describe(schema.description) : base;
}

/** The target of `$ref` read once; a reference back into one being read is recursion, read lazily. */
function readRef(ref: string, context: ReadContext, at: string, depth: number, bare: ReadonlySet<string>): z.ZodType {
  if (bare.has(ref)) {
    throw new JsonSchemaUnreadable(
      `at ${at}: $ref '${ref}' refers back to itself through no object or array, so no value could ever be checked ` +
        `against it; put the recursion inside properties or items`,
    );
  }
  const known = context.refs.get(ref);
  if (known !== undefined) return known;
  if (context.processing.has(ref)) return z.lazy(() => context.refs.get(ref)!);
  context.processing.add(ref);
  const target = context.read(resolve(ref, context, at), ref, depth + 1, new Set([...bare, ref]));
  context.refs.set(ref, target);
  context.processing.delete(ref);
  return target;
}

function resolve(ref: string, context: ReadContext, at: string): unknown {
  if (!ref.startsWith('#')) {
    throw new JsonSchemaUnreadable(
      `at ${at}: $ref '${ref}' is not local; only references inside the schema (#/...) are read`,
    );
  }
  const path = ref.slice(1).split('/').filter(Boolean);
  if (path.length === 0) return context.root;
  const key = path[1] === undefined ? undefined : pointer(path[1]);
  if (path[0] === (context.draft === 'draft-2020-12' ? '$defs' : 'definitions') && key !== undefined) {
    if (Object.hasOwn(context.defs, key)) return context.defs[key];
  }
  throw new JsonSchemaUnreadable(`at ${at}: $ref '${ref}' names nothing in the schema`);
}

/** The annotations of a part zod's JSON Schema writer carries back: its core and content keywords, and unknown keys. */
function metadata(schema: JsonObject): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  const put = (key: string, value: unknown) =>
    Object.defineProperty(meta, key, { value, enumerable: true, writable: true, configurable: true });
  for (const key of [...CORE_META, ...CONTENT_META]) if (key in schema) put(key, schema[key]);
  if (schema.type === 'object' && schema.$ref === undefined) {
    if (schema.propertyNames !== undefined && !containsRef(schema.propertyNames))
      put('propertyNames', schema.propertyNames);
    for (const key of ['minProperties', 'maxProperties']) if (schema[key] !== undefined) put(key, schema[key]);
  }
  if (schema.type === 'array' && schema.$ref === undefined) {
    if (schema.contains !== undefined && !containsRef(schema.contains)) put('contains', schema.contains);
    for (const key of ['uniqueItems', 'minContains', 'maxContains'])
      if (schema[key] !== undefined) put(key, schema[key]);
  }
  for (const key of Object.keys(schema)) if (!RECOGNIZED.has(key)) put(key, schema[key]);
  return meta;
}

import { z } from 'zod';
import { patternAt } from './patternAt.js';
import { readArray } from './readArray.js';
import { readObject } from './readObject.js';
import { JsonSchemaUnreadable, type JsonObject, type ReadContext } from './ReadContext.js';

/** The RFC 3339 full-time JSON Schema's `time` format means: narrower than zod's `z.iso.time()`. */
const FULL_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The formats checked, each by zod's own check; any other format is an annotation. */
const FORMATS: Readonly<Record<string, () => z.core.$ZodCheck<string>>> = {
  email: () => z.email(),
  uri: () => z.url(),
  'uri-reference': () => z.url(),
  uuid: () => z.uuid(),
  guid: () => z.uuid(),
  'date-time': () => z.iso.datetime({ offset: true }),
  date: () => z.iso.date(),
  time: () => z.regex(FULL_TIME),
  duration: () => z.iso.duration(),
  hostname: () => z.hostname(),
  ipv4: () => z.ipv4(),
  ipv6: () => z.ipv6(),
  mac: () => z.mac(),
  cidr: () => z.cidrv4(),
  'cidr-v6': () => z.cidrv6(),
  base64: () => z.base64(),
  base64url: () => z.base64url(),
  e164: () => z.e164(),
  credit_card: () => z.creditCard(),
  iban: () => z.iban(),
  jwt: () => z.jwt(),
  emoji: () => z.emoji(),
  nanoid: () => z.nanoid(),
  cuid: () => z.cuid(),
  cuid2: () => z.cuid2(),
  ulid: () => z.ulid(),
  xid: () => z.xid(),
  ksuid: () => z.ksuid(),
};

/** The keywords no zod schema can check: `{ not: {} }` alone reads, as never. */
export function unsupported(schema: JsonObject, at: string): z.ZodType | undefined {
  const refuse = (what: string) => new JsonSchemaUnreadable(`at ${at}: ${what} cannot be checked; leave it out`);
  if (schema.not !== undefined) {
    if (typeof schema.not === 'object' && schema.not !== null && Object.keys(schema.not).length === 0) return z.never();
    throw refuse('not (other than { not: {} })');
  }
  if (schema.unevaluatedItems !== undefined) throw refuse('unevaluatedItems');
  if (schema.unevaluatedProperties !== undefined) throw refuse('unevaluatedProperties');
  if (schema.if !== undefined || schema.then !== undefined || schema.else !== undefined) throw refuse('if/then/else');
  if (schema.dependentSchemas !== undefined || schema.dependentRequired !== undefined) {
    throw refuse('dependentSchemas or dependentRequired');
  }
  return undefined;
}

function literals(values: readonly unknown[]): z.ZodType {
  if (values.length === 0) return z.never();
  if (values.length === 1) return z.literal(values[0] as z.core.util.Literal);
  if (values.every((value) => typeof value === 'string')) return z.enum(values as [string, ...string[]]);
  return z.union(values.map((value) => z.literal(value as z.core.util.Literal)));
}

/**
 * A part of a JSON Schema with no `$ref`, less its `anyOf`, `oneOf` and `allOf`: its enum or
 * const, else its type with that type's keywords.
 *
 * @throws {JsonSchemaUnreadable} for a keyword that cannot be checked, or a type JSON Schema does not have.
 */
export function readBase(schema: JsonObject, context: ReadContext, at: string, depth: number): z.ZodType {
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum)) throw new JsonSchemaUnreadable(`at ${at}: enum is not a list`);
    const only = schema.enum.length === 1 && schema.enum[0] === null;
    if (context.draft === 'openapi-3.0' && schema.nullable === true && only) return z.null();
    return literals(schema.enum);
  }
  if (schema.const !== undefined) return z.literal(schema.const as z.core.util.Literal);
  const type = schema.type;
  if (Array.isArray(type)) {
    const each = type.map((one) => readBase({ ...schema, type: one }, context, at, depth));
    if (each.length === 0) return z.never();
    return each.length === 1 ? each[0]! : z.union(each);
  }
  if (type === undefined || type === null || type === '') return z.any();
  switch (type) {
    case 'string':
      return readString(schema, at);
    case 'number':
    case 'integer':
      return readNumber(schema, type === 'integer');
    case 'boolean':
      return z.boolean();
    case 'null':
      return z.null();
    case 'object':
      return readObject(schema, context, at, depth);
    case 'array':
      return readArray(schema, context, at, depth);
    default:
      throw new JsonSchemaUnreadable(`at ${at}: the type ${JSON.stringify(type)} is not a JSON Schema type`);
  }
}

function readString(schema: JsonObject, at: string): z.ZodType {
  let string = z.string();
  const format = typeof schema.format === 'string' && Object.hasOwn(FORMATS, schema.format) ? schema.format : undefined;
  if (format !== undefined) string = string.check(FORMATS[format]!());
  if (typeof schema.minLength === 'number') string = string.min(schema.minLength);
  if (typeof schema.maxLength === 'number') string = string.max(schema.maxLength);
  // A pattern is not anchored: it may match anywhere in the string.
  if (schema.pattern !== undefined && schema.pattern !== '')
    string = string.regex(patternAt(schema.pattern, `${at}/pattern`));
  return string;
}

function readNumber(schema: JsonObject, integer: boolean): z.ZodType {
  let number = integer ? z.number().int() : z.number();
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = schema;
  // In draft-04, `exclusiveMinimum: true` makes `minimum` exclusive: it is then no inclusive bound of its own.
  if (typeof minimum === 'number' && exclusiveMinimum !== true) number = number.min(minimum);
  if (typeof maximum === 'number' && exclusiveMaximum !== true) number = number.max(maximum);
  if (typeof exclusiveMinimum === 'number') number = number.gt(exclusiveMinimum);
  else if (exclusiveMinimum === true && typeof minimum === 'number') number = number.gt(minimum);
  if (typeof exclusiveMaximum === 'number') number = number.lt(exclusiveMaximum);
  else if (exclusiveMaximum === true && typeof maximum === 'number') number = number.lt(maximum);
  if (typeof multipleOf === 'number') number = number.multipleOf(multipleOf);
  return number;
}

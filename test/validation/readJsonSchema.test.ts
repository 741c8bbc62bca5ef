import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_SCHEMA_DEPTH, readJsonSchema } from '../../src/validation/jsonSchema/readJsonSchema.js';
import { JsonSchemaUnreadable } from '../../src/validation/jsonSchema/ReadContext.js';

/** Schemas of every keyword read, each beside values to check. */
const schemas: readonly (readonly [unknown, readonly unknown[]])[] = [
  [
    {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 }, n: { type: 'integer', minimum: 0 } },
      required: ['city'],
    },
    [{}, { city: 'Oslo' }, { city: '' }, { city: 'x', n: -1 }, { city: 'x', n: 1.5 }, { city: 'x', more: 1 }],
  ],
  [
    { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
    [{ a: 'x' }, { a: 'x', b: 1 }],
  ],
  [{ type: 'object', additionalProperties: { type: 'number' } }, [{ a: 1 }, { a: 'x' }]],
  [
    {
      type: 'object',
      properties: { id: { type: 'number' } },
      patternProperties: { '^x-': { type: 'string' } },
      additionalProperties: false,
    },
    [
      { id: 1, 'x-a': 's' },
      { id: 1, 'x-a': 2 },
      { id: 1, y: 2 },
    ],
  ],
  [
    { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, minProperties: 1, maxProperties: 2 },
    [{}, { ab: 1 }, { Ab: 1 }, { a: 1, b: 2, c: 3 }],
  ],
  [
    { type: 'array', items: { type: 'string', format: 'email' }, uniqueItems: true, maxItems: 2 },
    [['a@b.io'], ['a@b.io', 'a@b.io'], ['x'], ['a@b.io', 'c@b.io', 'd@b.io']],
  ],
  [
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
    [['x', 1], ['x', 1, 2], ['x'], [1, 'x']],
  ],
  [
    { type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'number' } },
    [
      ['x', 1, 2],
      ['x', 'y'],
    ],
  ],
  [{ type: 'array', contains: { type: 'number' }, minContains: 2, maxContains: 3 }, [[1], [1, 2], ['a', 1, 2, 3, 4]]],
  [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, ['x', 1, null]],
  [{ oneOf: [{ type: 'string' }, { type: 'string', minLength: 3 }] }, ['ab', 'abcd', 1]],
  [
    {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'number' } } },
      ],
    },
    [{ a: 'x', b: 1 }, { a: 1 }, { b: 'x' }],
  ],
  [{ type: ['string', 'null'] }, ['x', null, 1]],
  [{ enum: ['a', 'b', 1] }, ['a', 1, 'c']],
  [{ const: 'x' }, ['x', 'y']],
  [
    {
      $defs: { node: { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
      $ref: '#/$defs/node',
    },
    [{ kids: [{ kids: [] }] }, { kids: [1] }],
  ],
  [
    {
      definitions: { n: { type: 'number' } },
      $schema: 'http://json-schema.org/draft-07/schema#',
      $ref: '#/definitions/n',
    },
    [1, 'x'],
  ],
  [{ type: 'string', format: 'date-time' }, ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00+02:00', 'yesterday']],
  [{ type: 'string', format: 'uuid' }, ['550e8400-e29b-41d4-a716-446655440000', 'x']],
  [{ type: 'string', format: 'time' }, ['10:00:00Z', '10:00']],
  [{ type: 'string', pattern: '^\\d{3}$', description: 'three digits' }, ['123', '1234']],
  [{ type: 'number', exclusiveMinimum: 0, multipleOf: 0.5 }, [0.5, 0, 0.3]],
  [{ type: 'number', minimum: 0, exclusiveMinimum: true, $schema: 'http://json-schema.org/draft-04/schema#' }, [0, 1]],
  [{ type: 'object', properties: { d: { type: 'string', default: 'x' } } }, [{}, { d: 'y' }]],
  [{ not: {} }, [1]],
  [{}, [1, 'x', null]],
  [true, [1]],
  [false, [1]],
];

describe(readJsonSchema, () => {
  it.each(schemas.map(([schema, values], i) => [i, JSON.stringify(schema), schema, values] as const))(
    'checks values as z.fromJSONSchema does (%i: %s)',
    (_, __, schema, values) => {
      const ours = readJsonSchema(schema);
      const zods = z.fromJSONSchema(schema as never);
      for (const value of values) {
        const [a, b] = [ours.safeParse(value), zods.safeParse(value)];
        expect({ value, success: a.success, data: a.data }).toEqual({ value, success: b.success, data: b.data });
      }
      const written = (shape: z.ZodType) => z.toJSONSchema(shape, { io: 'input', unrepresentable: 'any' });
      expect(written(ours)).toEqual(written(zods));
    },
  );

  it('matches every pattern in linear time: a value a backtracking engine would not finish on is checked at once', () => {
    const long = `${'a'.repeat(100_000)}!`;
    const schema = readJsonSchema({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(a+)+$': { type: 'number' } },
      propertyNames: { pattern: '^(a|aa)+$|^code$' },
      additionalProperties: false,
    });
    expect(schema.safeParse({ code: long }).success).toBe(false);
    expect(schema.safeParse({ [long]: 1 }).success).toBe(false);
  });

  it('keeps each pattern in the JSON Schema zod writes of it', () => {
    const schema = readJsonSchema({ type: 'string', pattern: '^[a-z]+$' });
    expect(z.toJSONSchema(schema)).toMatchObject({ type: 'string', pattern: '^[a-z]+$' });
  });

  it.each([
    [{ type: 'string', pattern: '(a)\\1' }, 'at #/pattern: the pattern "(a)\\\\1" uses a back reference'],
    [
      { type: 'object', properties: { p: { type: 'string', pattern: '(?<=a)b' } } },
      'at #/properties/p/pattern: the pattern',
    ],
    [{ type: 'object', patternProperties: { 'x(?=y)': {} } }, 'at #/patternProperties/x(?=y): the pattern'],
    [{ $defs: { a: { $ref: '#/$defs/a' } }, $ref: '#/$defs/a' }, "$ref '#/$defs/a' refers back to itself"],
    [
      { $defs: { a: { $ref: '#/$defs/b' }, b: { allOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' },
      'refers back to itself',
    ],
    [{ anyOf: [{ $ref: '#' }, { type: 'string' }] }, "at #/anyOf/0: $ref '#' refers back to itself"],
    [{ $ref: '#/$defs/missing' }, "$ref '#/$defs/missing' names nothing"],
    [{ $ref: 'https://example.com/s.json' }, 'is not local'],
    [{ type: 'date' }, 'the type "date" is not a JSON Schema type'],
    [{ if: { type: 'string' }, then: {} }, 'if/then/else cannot be checked'],
    [{ type: 'string', pattern: 5 }, 'a pattern is not a string'],
  ])('refuses %j, saying where: %s', (schema, why) => {
    expect(() => readJsonSchema(schema)).toThrow(JsonSchemaUnreadable);
    expect(() => readJsonSchema(schema)).toThrow(why);
  });

  it(`refuses a schema nested more than ${MAX_SCHEMA_DEPTH} parts deep, and reads one that deep`, () => {
    const nest = (depth: number): unknown =>
      depth === 0 ? { type: 'string' } : { type: 'array', items: nest(depth - 1) };
    expect(() => readJsonSchema(nest(MAX_SCHEMA_DEPTH))).not.toThrow();
    expect(() => readJsonSchema(nest(MAX_SCHEMA_DEPTH + 1))).toThrow(`nests more than ${MAX_SCHEMA_DEPTH} parts deep`);
    expect(() => readJsonSchema(nest(5_000))).toThrow(JsonSchemaUnreadable);
  });
});

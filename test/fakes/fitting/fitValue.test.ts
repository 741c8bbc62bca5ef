import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StandinError } from '../../../src/index.js';
import { fitValue, type FitTarget } from '../../../src/fakes/fitting/fitValue.js';

const target: FitTarget = { root: 'value', what: 'the output', owner: 'fitting()', salt: 'output' };
const seeded = (seed: number): FitTarget => ({ ...target, seed });

// Formats are annotations in JSON Schema 2020-12: ajv checks every other keyword.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allowUnionTypes: true });
const fits = (schema: object, value: unknown): boolean => ajv.validate(schema, value) as boolean;

function refusal(schema: unknown): StandinError {
  try {
    fitValue(schema, target);
  } catch (error) {
    expect(error).toBeInstanceOf(StandinError);
    return error as StandinError;
  }
  throw new Error(`a value was made for ${JSON.stringify(schema)}`);
}

/** Schemas that cover each keyword fitting reads, with the smallest value that fits each. */
const smallest: [string, object, unknown][] = [
  ['any value, an object first', {}, {}],
  ['a string', { type: 'string' }, ''],
  ['a string of at least 3', { type: 'string', minLength: 3 }, 'aaa'],
  ['a pattern', { type: 'string', pattern: '^[A-Z]{2}-\\d{3}$' }, 'AA-000'],
  ['a pattern stretched to its minLength', { type: 'string', pattern: '^x+$', minLength: 4 }, 'xxxx'],
  ['an email', { type: 'string', format: 'email' }, 'a@example.com'],
  ['a date-time', { type: 'string', format: 'date-time' }, '1970-01-01T00:00:00Z'],
  ['a number', { type: 'number' }, 0],
  ['an integer above 3', { type: 'integer', minimum: 3 }, 3],
  ['a number above 0', { type: 'number', exclusiveMinimum: 0 }, 1],
  ['a negative number', { type: 'number', maximum: -5 }, -5],
  ['a multiple of 0.5 above 1', { type: 'number', exclusiveMinimum: 1, multipleOf: 0.5 }, 1.5],
  ['a boolean', { type: 'boolean' }, false],
  ['null', { type: 'null' }, null],
  ['a type list, in its order', { type: ['number', 'null'] }, 0],
  ['an enum', { enum: ['billing', 'technical'] }, 'billing'],
  ['a const', { const: { a: [1] } }, { a: [1] }],
  ['an empty list', { type: 'array', items: { type: 'string' } }, []],
  ['a list of at least two', { type: 'array', items: { type: 'integer' }, minItems: 2 }, [0, 0]],
  [
    'distinct items',
    { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 3, uniqueItems: true },
    'distinct',
  ],
  [
    'a tuple',
    { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false, minItems: 2 },
    ['', 0],
  ],
  ['a list that contains', { type: 'array', contains: { const: 'x' } }, ['x']],
  [
    'the required properties only',
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['b'],
      additionalProperties: false,
    },
    { b: 0 },
  ],
  [
    'a dependent property',
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      required: ['a'],
      dependentRequired: { a: ['b'] },
    },
    { a: '', b: '' },
  ],
  [
    'enough properties, named by a pattern',
    {
      type: 'object',
      patternProperties: { '^x-': { type: 'integer' } },
      additionalProperties: false,
      minProperties: 2,
    },
    'two x- names',
  ],
  ['allOf', { allOf: [{ type: 'integer' }, { minimum: 4 }, { maximum: 9 }] }, 4],
  [
    "a property another schema's additionalProperties leaves no room for",
    {
      allOf: [
        { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
        { properties: { a: {} }, additionalProperties: false },
      ],
    },
    {},
  ],
  [
    'the first anyOf choice that fits',
    { anyOf: [{ type: 'string', minLength: 5, maxLength: 1 }, { type: 'boolean' }] },
    false,
  ],
  ['oneOf, exactly one', { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] }, 'oneOf'],
  ['not', { type: 'integer', not: { const: 0 } }, 1],
  [
    'if, then',
    {
      type: 'object',
      if: { properties: { k: { const: 'a' } } },
      then: { required: ['x'] },
      properties: { k: { enum: ['a', 'b'] } },
      required: ['k'],
    },
    { k: 'a', x: null },
  ],
  [
    'a $ref to $defs',
    { $defs: { page: { type: 'integer', minimum: 1 } }, type: 'array', items: { $ref: '#/$defs/page' }, minItems: 1 },
    [1],
  ],
  ['a $ref to an anchor', { $defs: { p: { $anchor: 'page', type: 'string', minLength: 2 } }, $ref: '#page' }, 'aa'],
  [
    'a recursion ended by an empty list',
    {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } },
      required: ['name', 'children'],
    },
    { name: '', children: [] },
  ],
];

describe('fitValue', () => {
  describe('without a seed', () => {
    it.each(smallest)('makes the smallest value: %s', (_, schema, expected) => {
      const value = fitValue(schema, target);
      expect(fits(schema, value)).toBe(true);
      if (expected === 'distinct') expect(new Set(value as unknown[]).size).toBe(3);
      else if (expected === 'two x- names') expect(Object.keys(value as object)).toHaveLength(2);
      else if (expected !== 'oneOf') expect(value).toEqual(expected);
    });

    it('makes the same value on every call', () => {
      for (const [, schema] of smallest) expect(fitValue(schema, target)).toEqual(fitValue(schema, target));
    });

    it('reads a draft-04 exclusive minimum, which is true or false', () => {
      expect(fitValue({ type: 'integer', minimum: 0, exclusiveMinimum: true }, target)).toBe(1);
      expect(fitValue({ type: 'number', maximum: -2, exclusiveMaximum: true }, target)).toBe(-3);
    });

    it('ends a recursion at the next choice, where following the reference again would never end', () => {
      expect(fitValue({ anyOf: [{ $ref: '#' }, { type: 'null' }] }, target)).toBeNull();
      expect(fitValue({ anyOf: [{ $ref: '#' }, { type: 'null' }] }, seeded(3))).toBeNull();
    });

    it('keeps a property named __proto__ an own property, never the prototype', () => {
      const value = fitValue(
        { type: 'object', properties: { ['__proto__']: { type: 'string' } }, required: ['__proto__'] },
        target,
      );
      expect(Object.keys(value as object)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    });
  });

  describe('with a seed', () => {
    it.each(smallest)('draws a value that fits: %s', (_, schema) => {
      for (const seed of [1, 2, 3, 42]) expect(fits(schema, fitValue(schema, seeded(seed)))).toBe(true);
    });

    it('draws the same value for the same seed and salt, and others for others', () => {
      const schema = {
        type: 'object',
        properties: { words: { type: 'string' }, n: { type: 'integer' } },
        required: ['words', 'n'],
      };
      expect(fitValue(schema, seeded(7))).toEqual(fitValue(schema, seeded(7)));
      const drawn = new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(fitValue(schema, seeded(seed)))));
      expect(drawn.size).toBeGreaterThan(1);
      expect(fitValue(schema, { ...seeded(7), salt: 'other' })).not.toEqual(fitValue(schema, seeded(7)));
    });
  });

  describe('on the JSON Schemas zod writes', () => {
    const Node: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(Node) }));
    const shapes: Record<string, z.ZodType> = {
      'an answer with pages': z.object({ answer: z.string().min(1), pages: z.array(z.number().int().min(1)) }),
      'string formats': z.object({
        email: z.email(),
        uuid: z.uuid(),
        when: z.iso.datetime(),
        day: z.iso.date(),
        time: z.iso.time(),
        duration: z.iso.duration(),
        ip: z.ipv4(),
        ip6: z.ipv6(),
        emoji: z.emoji(),
        id: z.nanoid(),
        cuid: z.cuid(),
        ulid: z.ulid(),
        base64: z.base64(),
        url: z.url(),
      }),
      numbers: z.object({ a: z.number().positive(), b: z.number().int().min(3), c: z.number().multipleOf(0.5).gt(1) }),
      'optional and nullable': z.object({
        s: z
          .string()
          .min(2)
          .max(5)
          .regex(/^[a-z]+$/),
        o: z.string().optional(),
        n: z.number().nullable(),
      }),
      'a discriminated union': z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), x: z.string() }),
        z.object({ kind: z.literal('b') }),
      ]),
      'a tuple and a record': z.object({ t: z.tuple([z.string(), z.number()]), r: z.record(z.string(), z.number()) }),
      'a tree': Node,
    };
    it.each(Object.entries(shapes))('makes values zod takes: %s', (_, shape) => {
      const schema = z.toJSONSchema(shape, { io: 'input', unrepresentable: 'any' });
      for (const seed of [undefined, 1, 2, 3]) {
        const value = fitValue(schema, seed === undefined ? target : seeded(seed));
        expect(shape.safeParse(value).success, JSON.stringify(value)).toBe(true);
      }
    });
  });

  describe('a schema no value fits', () => {
    it.each([
      ['false', false, 'the schema is false there'],
      ['not: {}', { not: {} }, 'no null made fits'],
      ['lengths that cross', { type: 'string', minLength: 5, maxLength: 2 }, 'maxLength 2 is below minLength 5'],
      [
        'bounds that leave no whole number',
        { type: 'integer', minimum: 1.2, maximum: 1.8 },
        'no whole number lies in [1.2, 1.8]',
      ],
      [
        'types with none in common',
        { allOf: [{ type: 'string' }, { type: 'number' }] },
        'its types have none in common',
      ],
      ['a type that is none', { type: 'STRING' }, 'its type "STRING" names none of the JSON types'],
      ['an enum the rest refuses', { enum: [1, 2], minimum: 5 }, 'no value of its enum fits the rest'],
      ['a $ref outside the schema', { $ref: 'https://example.com/page.json' }, 'points outside the schema'],
      ['a $ref to nothing', { $ref: '#/$defs/none' }, 'points to nothing in the schema'],
      [
        'a recursion nothing ends',
        { type: 'object', properties: { a: { $ref: '#' } }, required: ['a'] },
        'nests deeper than 64 levels',
      ],
    ])('is T0140 naming why: %s', (_, schema, why) => {
      const error = refusal(schema);
      expect(error.code).toBe('T0140');
      expect(error.message).toContain('fitting(): no value fits the output at value');
      expect(error.message).toContain(why);
    });

    it('names the path inside the value', () => {
      const schema = {
        type: 'object',
        properties: { page: { type: 'integer', minimum: 3, maximum: 2 } },
        required: ['page'],
      };
      expect(refusal(schema).message).toContain('at value.page');
    });
  });

  describe('the work it takes', () => {
    it('refuses a value too big to make with T0141', () => {
      expect(refusal({ type: 'array', minItems: 5000 }).code).toBe('T0141');
      expect(refusal({ type: 'string', minLength: 20_000 }).code).toBe('T0141');
      expect(refusal({ type: 'string', pattern: '^a{50000}$' }).code).toBe('T0141');
    });

    it('gives up a schema whose choices multiply past its steps with T0141', () => {
      // Twenty levels of two choices, each refused only at the bottom: a million paths.
      let schema: object = { type: 'string', minLength: 2, maxLength: 1 };
      for (let i = 0; i < 20; i++)
        schema = { type: 'object', properties: { a: { anyOf: [schema, schema] } }, required: ['a'] };
      const error = refusal(schema);
      expect(error.code).toBe('T0141');
      expect(error.message).toContain('takes more than the 200000 steps fitting gives one value');
    });

    it('refuses a pattern it cannot read with T0142', () => {
      expect(refusal({ type: 'string', pattern: '(' }).code).toBe('T0142');
      expect(refusal({ type: 'string', pattern: 'a'.repeat(10_001) }).code).toBe('T0142');
    });

    it('refuses a pattern only a backtracking engine runs (a lookaround, a back reference) with T0142', () => {
      for (const pattern of ['^(?!(a|a)*c)(a|a)*b$', '^(?!x)[a-z]{3}$', '^(\\w)\\1$']) {
        const error = refusal({ type: 'string', pattern, minLength: 2 });
        expect(error.code).toBe('T0142');
        expect(error.message).toContain('linear-time engine');
      }
    });

    it('runs a pattern that backtracks without end on other engines in linear time', () => {
      expect(fitValue({ type: 'string', pattern: '^(a|aa)*b$', minLength: 40 }, target)).toMatch(/^(a|aa)*b$/);
    });
  });
});

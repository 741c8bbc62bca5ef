import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { closedSchema } from '../../src/protocols/closedSchema.js';

const schemaOf = (shape: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(shape, { io: 'input', unrepresentable: 'any' });
  return rest;
};

describe('closedSchema', () => {
  it('closes every object that leaves additionalProperties unset, nested ones and list items included', () => {
    const { schema } = closedSchema(
      schemaOf(z.object({ a: z.object({ b: z.string() }), list: z.array(z.object({ c: z.number() })) })),
    );
    expect(schema).toMatchObject({
      additionalProperties: false,
      properties: { a: { additionalProperties: false }, list: { items: { additionalProperties: false } } },
    });
  });

  it('is strict when every object is closed and requires all its properties', () => {
    expect(closedSchema(schemaOf(z.object({ a: z.string(), b: z.array(z.boolean()) }))).strict).toBe(true);
  });

  it('is not strict with an optional property, a record or an open object', () => {
    expect(closedSchema(schemaOf(z.object({ a: z.string().optional() }))).strict).toBe(false);
    expect(closedSchema(schemaOf(z.record(z.string(), z.number()))).strict).toBe(false);
    expect(closedSchema(schemaOf(z.looseObject({ a: z.string() }))).strict).toBe(false);
  });

  it('closes objects inside anyOf and $defs', () => {
    const { schema } = closedSchema({
      anyOf: [{ type: 'object', properties: {} }],
      $defs: { x: { type: 'object', properties: { y: { type: 'string' } }, required: ['y'] } },
    });
    expect(schema).toEqual({
      anyOf: [{ type: 'object', properties: {}, additionalProperties: false }],
      $defs: {
        x: { type: 'object', properties: { y: { type: 'string' } }, required: ['y'], additionalProperties: false },
      },
    });
  });

  it('leaves the schema it was given unchanged', () => {
    const input = { type: 'object', properties: { a: { type: 'string' } } };
    closedSchema(input);
    expect(input).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
  });
});

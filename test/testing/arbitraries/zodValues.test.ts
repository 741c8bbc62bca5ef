import * as fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import { valuesOf } from '../../../src/testing/arbitraries/zodValues.js';

const bounds = { maxLength: 5, maxItems: 2 };
const sample = (shape: ZodType, numRuns = 200): unknown[] =>
  fc.sample(valuesOf(fc, shape, bounds, 'output'), { seed: 11, numRuns });

const shapes: [string, ZodType][] = [
  [
    'an object with a required and an optional field',
    z.object({ answer: z.string().min(1), note: z.string().optional() }),
  ],
  ['a strict object', z.strictObject({ team: z.enum(['billing', 'technical']) })],
  ['bounded strings', z.string().min(2).max(4)],
  ['a string of a fixed length', z.string().length(3)],
  ['emails, uuids and urls', z.object({ email: z.email(), id: z.uuid(), site: z.url() })],
  ['a string matching a pattern', z.string().regex(/^[a-c]{2,3}-\d$/)],
  ['bounded integers', z.number().int().min(1).max(9)],
  ['numbers with exclusive bounds', z.number().gt(0).lt(1)],
  ['booleans and null', z.tuple([z.boolean(), z.null()])],
  ['enums and literals', z.object({ mood: z.enum(['calm', 'angry']), kind: z.literal('ticket') })],
  ['lists with a least length', z.array(z.number().int()).min(1)],
  ['unions', z.union([z.string(), z.object({ page: z.number().int().min(1) })])],
  ['nullable and nullish fields', z.object({ a: z.string().nullable(), b: z.number().nullish() })],
  ['records', z.record(z.string(), z.boolean())],
  ['defaults', z.object({ pages: z.array(z.number()).default([]) })],
  ['the help desk writer answer', z.object({ answer: z.string().min(1), pages: z.array(z.number().int().min(1)) })],
];

describe(valuesOf, () => {
  it.each(shapes)('makes values that fit %s', (_, shape) => {
    for (const value of sample(shape)) expect(shape.safeParse(value).success, JSON.stringify(value)).toBe(true);
  });

  it('makes JSON values: what it makes reads back the same from its JSON', () => {
    for (const value of sample(shapes[0]![1])) expect(JSON.parse(JSON.stringify(value))).toEqual(value);
  });

  it('leaves an optional field out in some values and gives it in others', () => {
    const values = sample(z.object({ answer: z.string(), note: z.string().optional() })) as Record<string, unknown>[];
    expect(values.some((value) => 'note' in value)).toBe(true);
    expect(values.some((value) => !('note' in value))).toBe(true);
  });

  it('gives every member of an enum', () => {
    expect(new Set(sample(z.enum(['calm', 'annoyed', 'angry'])))).toEqual(new Set(['calm', 'annoyed', 'angry']));
  });

  it('keeps strings to maxLength and lists to maxItems above their least length', () => {
    const values = sample(z.object({ words: z.string(), pages: z.array(z.string().min(1)) })) as {
      words: string;
      pages: string[];
    }[];
    expect(Math.max(...values.map((value) => value.words.length))).toBe(5);
    expect(Math.max(...values.map((value) => value.pages.length))).toBe(2);
    expect(Math.max(...sample(z.array(z.number()).min(3)).map((list) => (list as number[]).length))).toBe(5);
  });

  it('shrinks toward the smallest value that fits', () => {
    const shape = z.object({ answer: z.string().min(1), pages: z.array(z.number().int().min(1)) });
    const details = fc.check(
      fc.property(valuesOf(fc, shape, bounds, 'output'), () => false),
      { seed: 5 },
    );
    expect(details.counterexample).toEqual([{ answer: ' ', pages: [] }]);
  });

  it.each([
    ['a date', z.object({ at: z.date() }), 'output.at', 'date'],
    ['a bigint in a list', z.array(z.bigint()), 'output[]', 'bigint'],
    ['never', z.never(), 'output', 'never'],
  ])('refuses %s with T0112, naming where it is', (_, shape, where, type) => {
    expect(() => valuesOf(fc, shape, bounds, 'output')).toThrow(
      expect.objectContaining({
        code: 'T0112',
        message: expect.stringContaining(`cannot make a value for ${where}: its zod type '${type}'`),
      }),
    );
  });

  it('gives up with T0112 when a thousand values in a row fail a check of the shape it cannot read', () => {
    const never = z.string().refine(() => false, 'never passes');
    expect(() => fc.sample(valuesOf(fc, z.object({ code: never }), bounds, 'output'), { numRuns: 1, seed: 1 })).toThrow(
      expect.objectContaining({ code: 'T0112', message: expect.stringContaining('1000 values in a row for output') }),
    );
  });

  it('meets a check it cannot read by drawing again', () => {
    const even = z
      .number()
      .int()
      .refine((value) => value % 2 === 0);
    const values = fc.sample(valuesOf(fc, even, bounds, 'output'), { numRuns: 50, seed: 2 });
    expect(values.every((value) => (value as number) % 2 === 0)).toBe(true);
  });

  it('ends a recursive shape at an optional part from eight levels on', () => {
    const node: z.ZodType<{ v: number; next?: unknown }> = z.object({
      v: z.number(),
      get next() {
        return node.optional();
      },
    });
    const values = fc.sample(valuesOf(fc, node, bounds, 'output'), { numRuns: 20, seed: 3 });
    expect(values.every((value) => node.safeParse(value).success)).toBe(true);
  });

  it('refuses with T0112 a recursive shape nothing optional ends', () => {
    const loop: z.ZodType = z.object({
      get next() {
        return loop;
      },
    });
    expect(() => valuesOf(fc, loop, bounds, 'output')).toThrow(
      expect.objectContaining({ code: 'T0112', message: expect.stringContaining('nests deeper than 16 levels') }),
    );
  });
});

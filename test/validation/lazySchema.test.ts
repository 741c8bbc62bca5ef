import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../src/validation/lazySchema.js';

describe(lazySchema, () => {
  it('builds nothing until the schema is first used, then builds it once', () => {
    let builds = 0;
    const point = lazySchema(() => {
      builds += 1;
      return z.strictObject({ x: z.number(), y: z.number() });
    });
    expect(builds).toBe(0);
    expect(point.parse({ x: 1, y: 2 })).toEqual({ x: 1, y: 2 });
    expect(point.safeParse({ x: 1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands for the schema: instanceof, in, shape and own keys read the real one', () => {
    const point = lazySchema(() => z.strictObject({ x: z.number() }));
    expect(point).toBeInstanceOf(z.ZodObject);
    expect('_zod' in point).toBe(true);
    expect(Object.keys(point.shape)).toEqual(['x']);
    expect(Reflect.ownKeys(point)).toEqual(expect.arrayContaining(['_zod', 'def', 'shape']));
  });

  it('composes inside other schemas, lazy or not, and its errors name the path', () => {
    const inner = lazySchema(() => z.string().min(1));
    const outer = z.strictObject({ items: z.array(inner), name: inner.optional() });
    expect(outer.parse({ items: ['a'], name: 'n' })).toEqual({ items: ['a'], name: 'n' });
    const failed = outer.safeParse({ items: ['a', ''] });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.path).toEqual(['items', 1]);
  });

  it('keeps methods bound to the schema, so a method taken off it still works', () => {
    const word = lazySchema(() => z.string());
    const { parse } = word;
    expect(parse('hi')).toBe('hi');
    expect(word.parse).toBe(parse);
  });

  it('throws what the builder throws, on first use, and tries again on the next', () => {
    let attempts = 0;
    const broken = lazySchema((): z.ZodString => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return z.string();
    });
    expect(() => broken.parse('x')).toThrow('not yet');
    expect(broken.parse('x')).toBe('x');
  });
});

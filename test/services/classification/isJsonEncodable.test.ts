import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonEncodable } from '../../../src/services/classification/isJsonEncodable.js';

describe(isJsonEncodable, () => {
  it('holds for any JSON value, and such a value survives JSON.stringify and back unchanged (-0 aside: JSON writes it 0)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(isJsonEncodable(value)).toBe(true);
        expect(JSON.parse(JSON.stringify(value))).toEqual(withoutNegativeZero(value));
      }),
    );
  });

  it('allows a property whose value is undefined (it is left out), and nothing else undefined', () => {
    expect(isJsonEncodable({ a: 1, b: undefined })).toBe(true);
    expect(isJsonEncodable([1, undefined])).toBe(false);
    expect(isJsonEncodable(undefined)).toBe(false);
  });

  it('refuses what JSON would change or drop: functions, symbols, bigints, NaN, Infinity, class instances, holes, cycles, lone surrogates', () => {
    const cycle: unknown[] = [];
    cycle.push(cycle);
    for (const value of [
      () => 1,
      Symbol('s'),
      1n,
      Number.NaN,
      -Infinity,
      new Date(),
      new Map(),
      new Array(3).fill(1, 1),
      cycle,
      '\uDC00',
      { '\uD800': 1 },
    ]) {
      expect(isJsonEncodable(value)).toBe(false);
    }
  });

  it('allows a value seen twice that is not a cycle', () => {
    const shared = { a: 1 };
    expect(isJsonEncodable([shared, shared, { shared }])).toBe(true);
  });
});

function withoutNegativeZero(value: unknown): unknown {
  if (Object.is(value, -0)) return 0;
  if (Array.isArray(value)) return value.map(withoutNegativeZero);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNegativeZero(v)]));
  return value;
}

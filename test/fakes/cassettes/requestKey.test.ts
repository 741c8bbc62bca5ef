import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestedDeeper } from '../../../src/fakes/cassettes/plainJson.js';
import { requestKey } from '../../../src/fakes/cassettes/requestKey.js';
import { canonicalScript } from '../../../src/fakes/script/hashScript.js';

describe(requestKey, () => {
  it("writes canonicalScript's text of any JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(requestKey(value)).toBe(canonicalScript(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("writes canonicalScript's text of any value, leaving what is not plain data to it", () => {
    const anything = fc.anything({
      withNullPrototype: true,
      withSparseArray: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withBigInt: true,
      withObjectString: true,
    });
    fc.assert(
      fc.property(anything, (value) => {
        expect(requestKey(value)).toBe(canonicalScript(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives one text in any key order, and throws S0003 for a cycle as canonicalScript does', () => {
    expect(requestKey({ b: 1, a: [-0, 'x'] })).toBe(requestKey({ a: [-0, 'x'], b: 1 }));
    expect(requestKey({ a: 0 })).not.toBe(requestKey({ a: -0 }));
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = { again: cycle };
    expect(() => requestKey(cycle)).toThrow(expect.objectContaining({ code: 'S0003' }));
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = { a: deep };
    expect(requestKey(deep)).toBe(canonicalScript(deep));
  });
});

/** nestedDeeper as it was written first, walking a list of its own: the reference the recursive one is held to. */
function nestedDeeperByList(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [at, depth] = stack.pop()!;
    if (at === null || typeof at !== 'object') continue;
    if (depth >= max) return true;
    for (const item of Array.isArray(at) ? at : Object.values(at))
      if (item !== null && typeof item === 'object') stack.push([item, depth + 1]);
  }
  return false;
}

describe(nestedDeeper, () => {
  it('finds what a walk over a list of its own finds, at any limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        expect(nestedDeeper(value, max)).toBe(nestedDeeperByList(value, max));
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableJson } from '../../../src/fakes/cassettes/stableJson.js';

describe('stableJson', () => {
  it('sorts keys at every depth, indents by two spaces and ends with a newline', () => {
    expect(stableJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      '{\n  "a": {\n    "c": null,\n    "d": [\n      1,\n      {\n        "y": 2,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}\n',
    );
  });

  it('leaves out undefined fields', () => {
    expect(stableJson({ a: undefined, b: 1 })).toBe('{\n  "b": 1\n}\n');
  });

  it('gives the same text for the same content in any key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(stableJson(reversed)).toBe(stableJson(record));
        expect(JSON.parse(stableJson(record))).toEqual(JSON.parse(JSON.stringify(record)));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { plainJson } from '../../../src/fakes/cassettes/plainJson.js';

describe('plainJson', () => {
  it('writes bytes as base64 and dates as ISO text, and leaves out undefined fields', () => {
    expect(
      plainJson({ audio: new Uint8Array([1, 2]), at: new Date(0), gone: undefined, list: [undefined, 1] }, 'x'),
    ).toEqual({
      audio: { $base64: 'AQI=' },
      at: '1970-01-01T00:00:00.000Z',
      list: [null, 1],
    });
  });

  it('throws V0006 naming the place for what JSON cannot hold', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    for (const bad of [{ n: 10n }, { f: () => 1 }, { n: Number.NaN }, cycle]) {
      expect(() => plainJson(bad, 'the output of a call')).toThrow(
        expect.objectContaining({ code: 'V0006', message: expect.stringContaining('the output of a call') }),
      );
    }
  });
});

describe('plainJson with a __proto__ field', () => {
  it('keeps it as an own field, so it counts in the request and the file', () => {
    const input = JSON.parse('{"__proto__": {"admin": true}, "a": 1}') as object;
    const copy = plainJson(input, 'x') as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"admin":true},"a":1}');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashScript } from '../../../src/fakes/script/hashScript.js';

describe(hashScript, () => {
  it('gives equal content an equal hash', () => {
    expect(hashScript([{ answers: { team: 'billing' } }, { retryUntilCall: 2 }])).toBe(
      hashScript([{ answers: { team: 'billing' } }, { retryUntilCall: 2 }]),
    );
  });

  it('does not care about the order of object keys', () => {
    expect(hashScript({ a: 1, b: { c: 2, d: 3 } })).toBe(hashScript({ b: { d: 3, c: 2 }, a: 1 }));
  });

  it('tells 1 and "1" apart', () => {
    expect(hashScript(1)).not.toBe(hashScript('1'));
    expect(hashScript({ n: 1 })).not.toBe(hashScript({ n: '1' }));
  });

  it('tells apart values that print alike', () => {
    const values = [
      [],
      {},
      null,
      undefined,
      0,
      -0,
      '',
      'u',
      false,
      'F',
      [1, 2],
      [12],
      ['1,2'],
      [[]],
      { '': '' },
      new Date(0),
      0n,
      NaN,
    ];
    const hashes = values.map((v) => hashScript(v));
    expect(new Set(hashes).size).toBe(values.length);
  });

  it('cares about the order of list items', () => {
    expect(hashScript([1, 2])).not.toBe(hashScript([2, 1]));
  });

  it('does not care about the order of Map and Set entries', () => {
    expect(
      hashScript(
        new Map([
          ['a', 1],
          ['b', 2],
        ]),
      ),
    ).toBe(
      hashScript(
        new Map([
          ['b', 2],
          ['a', 1],
        ]),
      ),
    );
    expect(hashScript(new Set([1, 2]))).toBe(hashScript(new Set([2, 1])));
  });

  it('hashes an error by its kind, message and fields', () => {
    const a = Object.assign(new Error('rate limited'), { reason: 'rate_limited' });
    const b = Object.assign(new Error('rate limited'), { reason: 'rate_limited' });
    expect(hashScript(a)).toBe(hashScript(b));
    expect(hashScript(a)).not.toBe(hashScript(new Error('other')));
    expect(hashScript(new TypeError('x'))).not.toBe(hashScript(new Error('x')));
  });

  it('tells class instances apart from plain objects with the same fields', () => {
    class Answer {
      constructor(readonly type: string) {}
    }
    expect(hashScript(new Answer('choice'))).not.toBe(hashScript({ type: 'choice' }));
  });

  it('hashes bytes by their content', () => {
    expect(hashScript(new Uint8Array([1, 2]))).toBe(hashScript(new Uint8Array([1, 2])));
    expect(hashScript(new Uint8Array([1, 2]))).not.toBe(hashScript(new Uint8Array([2, 1])));
  });

  it('accepts a value shared twice that is no cycle', () => {
    const shared = { a: 1 };
    expect(() => hashScript([shared, shared])).not.toThrow();
  });

  it('rejects a script that contains itself with S0003', () => {
    const script: unknown[] = [];
    script.push(script);
    expect(() => hashScript(script)).toThrow(
      expect.objectContaining({ code: 'S0003', message: expect.stringContaining('startScriptCursor') }),
    );
  });

  it('is stable across structured clones of any JSON-like value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(hashScript(structuredClone(value))).toBe(hashScript(value));
      }),
      { numRuns: 300 },
    );
  });

  it('is a short url-safe string', () => {
    expect(hashScript({ anything: true })).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { embedByHash } from '../../../src/testing.js';
import { makeApp } from './fixtures.js';

const length = (v: readonly number[]): number => Math.sqrt(v.reduce((sum, x) => sum + x * x, 0));
const cosine = (a: readonly number[], b: readonly number[]): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

describe('embedByHash(dimensions)', () => {
  it('same text, same unit vector: deterministic, across embedders and calls', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 1, max: 64 }), (text, dimensions) => {
        const a = embedByHash(dimensions)(text);
        const b = embedByHash(dimensions)(text);
        expect(a).toEqual(b);
        expect(a).toHaveLength(dimensions);
        expect(length(a)).toBeCloseTo(1, 9);
      }),
    );
  });

  it('gives these exact vectors on every run, in every process', () => {
    expect(embedByHash(3)('reset a password').map((x) => x.toFixed(6))).toMatchInlineSnapshot(`
      [
        "0.888721",
        "-0.449063",
        "0.092291",
      ]
    `);
  });

  it('points texts that share words the same way more than texts that do not', () => {
    const embed = embedByHash(64);
    const query = embed('reset my password');
    expect(cosine(query, embed('how to reset a password'))).toBeGreaterThan(
      cosine(query, embed('billing refund for a double charge')),
    );
  });

  it('hashes a text without words whole', () => {
    const embed = embedByHash(8);
    expect(embed('!!!')).not.toEqual(embed('???'));
    expect(length(embed(''))).toBeCloseTo(1, 9);
  });

  it('serves a record’s embed through the engine', async () => {
    const app = makeApp();
    app.fake('writer', { embed: embedByHash(8) });
    expect(await app.embed('writer', 'reset')).toEqual(embedByHash(8)('reset'));
  });

  it.each([0, -1, 1.5, Number.NaN, 70_000, '8'])('fails T0012 for dimensions %s', (dimensions) => {
    expect(() => embedByHash(dimensions as number)).toThrow(expect.objectContaining({ code: code.T0012 }));
  });

  it('fails T0012 for a text that is not a string', () => {
    expect(() => embedByHash(4)(42 as never)).toThrow(expect.objectContaining({ code: code.T0012 }));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { code } from '../../../src/index.js';
import { rankByOverlap } from '../../../src/testing.js';
import { makeApp } from './fixtures.js';

describe('rankByOverlap()', () => {
  it('scores each text by the share of the query’s words it contains', () => {
    expect(rankByOverlap()('reset password', ['Reset your password', 'Password policy', 'Billing'])).toEqual([
      1, 0.5, 0,
    ]);
  });

  it('is deterministic: the same words and texts give the same scores, from 0 to 1', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (query, texts) => {
        const scores = rankByOverlap()(query, texts);
        expect(scores).toEqual(rankByOverlap()(query, texts));
        expect(scores).toHaveLength(texts.length);
        for (const score of scores) expect(score >= 0 && score <= 1).toBe(true);
      }),
    );
  });

  it('scores every text 0 for a query without words', () => {
    expect(rankByOverlap()('?!', ['a', 'b'])).toEqual([0, 0]);
  });

  it('serves a record’s rank through the engine', async () => {
    const app = makeApp();
    app.fake('writer', { rank: rankByOverlap() });
    expect(await app.rank('writer', 'reset password', ['reset', 'nothing'])).toEqual([0.5, 0]);
  });

  it('fails T0012 for input of the wrong type', () => {
    expect(() => rankByOverlap()(1 as never, [])).toThrow(expect.objectContaining({ code: code.T0012 }));
  });
});

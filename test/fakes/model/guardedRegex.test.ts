import { describe, expect, it } from 'vitest';
import { isRisky, testWithin } from '../../../src/fakes/model/guardedRegex.js';

describe('isRisky', () => {
  it('calls plain patterns safe: one repeat, classes, escapes, bounded repeats', () => {
    for (const source of [
      '^refund',
      'refund|return',
      '\\d+ days',
      '[a-z*+]+',
      '^(hi|hello)\\b',
      'a{2,3}b{4}',
      'x\\*y\\+',
    ])
      expect(isRisky(source)).toBe(false);
  });

  it('calls risky a repeated group that repeats or alternates inside, two unbounded repeats, a back reference', () => {
    for (const source of ['(a+)+$', '(a*)*', '(a|ab)*c', '.*x.*y', '(\\w+\\s?)+$', '(a)\\1', 'a{2,}b+'])
      expect(isRisky(source)).toBe(true);
  });
});

describe('testWithin', () => {
  it('answers as the pattern does on a text it settles on', () => {
    expect(testWithin(/(a+)+$/, 'aaaa')).toBe(true);
    expect(testWithin(/(a+)+b/, 'aaac')).toBe(false);
  });

  it("answers 'timeout' for a match that runs past the limit, and matches again afterwards", () => {
    expect(testWithin(/(a+)+$/, `${'a'.repeat(40)}!`)).toBe('timeout');
    expect(testWithin(/(a|b)+c/i, 'abC')).toBe(true);
  });
});

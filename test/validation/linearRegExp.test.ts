import { describe, expect, it } from 'vitest';
import { jsonSchemaRegExp, linearRegExp } from '../../src/validation/linearRegExp.js';
import { PatternRefused } from '../../src/validation/PatternRefused.js';

/** Texts on which a backtracking engine would not finish during a test run, paired with what hangs on them. */
const hangs = [
  ['^(a+)+$', `${'a'.repeat(100_000)}!`],
  ['(a+){12}b', 'a'.repeat(10_000)],
  ['a{0,40}a{0,40}a{0,40}a{0,40}b', 'a'.repeat(10_000)],
  ['a*b', 'a'.repeat(100_000)],
  ['(\\w+\\s?)+$', `${'word '.repeat(20_000)}!`],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', 'a'.repeat(50_000)],
] as const;

/** Patterns users write, and texts where JavaScript's answer is the one to give. */
const written = [
  ['^[\\w.+-]+@[\\w-]+\\.[a-z]{2,}$', '', ['ann@example.io', 'not an email', 'a@b.c']],
  ['^\\d{4}-\\d{2}-\\d{2}$', '', ['2024-01-31', '24-1-31', '2024-01-31\n']],
  [
    '^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$',
    'i',
    ['550E8400-E29B-41D4-A716-446655440000', 'x'],
  ],
  ['^\\+?[1-9]\\d{1,14}$', '', ['+4915112345678', '0123']],
  ['^[A-Za-z0-9+/]*={0,2}$', '', ['aGVsbG8=', 'a$b']],
  ['\\s', '', ['a\u00a0b', 'a\u2028b', 'ab', '\t']],
  ['^\\S+$', '', ['abc', 'a b', 'a\ufeffb']],
  ['[\\s\\d]', '', ['x', ' ', '7', '\u3000']],
  ['^.$', '', ['a', '\n', '\r', '\u2028']],
  ['^.$', 's', ['\n', '\r']],
  ['^\\p{Lu}\\p{Ll}+$', 'u', ['Éclair', 'éclair', 'ÉCLAIR']],
  ['\\bcat\\b', '', ['a cat sat', 'concatenate']],
  ['[\\b]', '', ['\b', 'b']],
  ['^(?<year>\\d{4})-(?<month>\\d\\d)$', '', ['2025-11', '2025-1']],
  ['[^]', '', ['', 'x']],
  ['^refund', 'i', ['REFUND please', 'no refund']],
  ['^b', 'm', ['a\nb', 'ab']],
  ['\\u00e9|\\u{1F600}', 'u', ['é', '😀', 'e']],
  ['\\x41\\cJ', '', ['A\n', 'A']],
  ['a\\/b\\.c\\-d', '', ['a/b.c-d', 'a/bxc-d']],
  ['[\\-\\]\\\\]', '', ['-', ']', '\\', 'x']],
  ['\\01\\8', '', ['\u00018', '8']],
] as const;

describe(linearRegExp, () => {
  describe('.test', () => {
    it.each(hangs)('matches /%s/ on a long text in linear time', (source, text) => {
      expect(linearRegExp(source).test(text)).toBe(false);
    });

    it.each(written)('answers /%s/%s as JavaScript does', (source, flags, texts) => {
      const native = new RegExp(source, flags);
      for (const text of texts)
        expect([text, linearRegExp(source, flags).test(text)]).toEqual([text, native.test(text)]);
    });

    it('keeps no state between tests: the g and y flags are dropped', () => {
      const pattern = linearRegExp('a', 'gy');
      expect([pattern.test('a'), pattern.test('a'), pattern.flags]).toEqual([true, true, '']);
    });
  });

  describe('.exec', () => {
    it('answers a match as RegExp.exec does, with its index and groups', () => {
      const match = linearRegExp('(\\d+)-(?<b>\\d+)').exec('x 12-34');
      expect([...match!]).toEqual(['12-34', '12', '34']);
      expect(match).toMatchObject({ index: 2, groups: { b: '34' } });
    });
  });

  it('is a RegExp, its source and flags the pattern’s own', () => {
    const pattern = linearRegExp('^a+$', 'i');
    expect(pattern).toBeInstanceOf(RegExp);
    expect(String(pattern)).toBe('/^a+$/i');
  });

  it.each([
    ['(a)\\1', '', 'uses a back reference (\\1)'],
    ['(?<w>a)\\k<w>', '', 'uses a back reference (\\k<w>)'],
    ['a(?=b)', '', 'uses a look-ahead ((?=…)'],
    ['a(?!b)', '', 'uses a look-ahead ((?!…)'],
    ['(?<=a)b', '', 'uses a look-behind ((?<=…)'],
    ['(?<!a)b', '', 'uses a look-behind ((?<!…)'],
    ['a{1001}', '', 'repeats a part more than 1,000 times'],
    ['(', '', 'does not compile'],
    ['a', 'v', 'has the v flag'],
    ['\\p{scx=Greek}', 'u', 'does not know'],
  ])('refuses /%s/%s: it %s', (source, flags, why) => {
    expect(() => linearRegExp(source, flags)).toThrow(PatternRefused);
    expect(() => linearRegExp(source, flags)).toThrow(why);
  });
});

describe(jsonSchemaRegExp, () => {
  it('reads a pattern with the u flag, as JSON Schema means it', () => {
    expect(jsonSchemaRegExp('^\\p{L}+$').test('Éclair')).toBe(true);
  });

  it('reads a pattern only a reader without the u flag takes, as such a reader does', () => {
    const pattern = jsonSchemaRegExp('^[\\w-.]+$');
    expect([pattern.test('a-b.c'), pattern.test('a b')]).toEqual([true, false]);
  });
});

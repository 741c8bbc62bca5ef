import { describe, expect, it } from 'vitest';
import { diffSize, lineDiff } from '../../../src/fakes/cassettes/lineDiff.js';

describe('lineDiff', () => {
  it('marks the lines only the first text has with -, only the second with +', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc')).toEqual(['  a', '- b', '+ B', '  c']);
  });

  it('keeps lines both have in place around insertions', () => {
    expect(lineDiff('a\nc', 'a\nb\nc')).toEqual(['  a', '+ b', '  c']);
  });

  it('cuts long runs of shared lines to the context around a change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    expect(lineDiff(before, after, 1)).toEqual(['  …', '  line 9', '- line 10', '+ line ten', '  line 11', '  …']);
  });

  it('shows every line of very long texts as changed rather than building a huge table', () => {
    const before = Array.from({ length: 900 }, (_, i) => `${i}`).join('\n');
    const after = Array.from({ length: 900 }, (_, i) => `${i + 1}`).join('\n');
    expect(diffSize(before, after)).toBe(1800);
  });
});

describe('diffSize', () => {
  it('counts the lines that differ', () => {
    expect(diffSize('a\nb', 'a\nb')).toBe(0);
    expect(diffSize('a\nb\nc', 'a\nx\nc')).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import { jsonProblemAt, lineColumn, memberSpans, spanAt } from '../../../src/fakes/cassettes/jsonSpans.js';

describe(lineColumn, () => {
  it('counts lines and columns from 1', () => {
    expect(lineColumn('{\n  "a": 1\n}', 4)).toEqual({ line: 2, column: 3 });
    expect(lineColumn('{}', 0)).toEqual({ line: 1, column: 1 });
  });
});

describe(jsonProblemAt, () => {
  it('finds where a text stops being JSON, and what was expected there', () => {
    expect(jsonProblemAt('{"a": 1,}')).toEqual({ at: 8, expected: 'a key in double quotes' });
    expect(jsonProblemAt('{"a": 1 "b": 2}')).toEqual({ at: 8, expected: "',' or '}'" });
    expect(jsonProblemAt('[1, 2] 3')).toEqual({ at: 7, expected: 'the end of the file after the value' });
    expect(jsonProblemAt('{"a": tru}')).toMatchObject({ at: 6 });
  });

  it('answers undefined for JSON', () => {
    expect(jsonProblemAt(' {"a": [1, -2.5e3, "x\\"y", true, null, {}]} ')).toBeUndefined();
  });
});

describe(spanAt, () => {
  it('finds the value at a path', () => {
    const text = '{"entries":[{"a":1},{"a":"two"}]}';
    const span = spanAt(text, ['entries', 1, 'a'])!;
    expect(text.slice(span.start, span.end)).toBe('"two"');
  });

  it('stops at the deepest value on the way that exists', () => {
    const text = '{"entries":[{"a":1}]}';
    const span = spanAt(text, ['entries', 0, 'missing'])!;
    expect(text.slice(span.start, span.end)).toBe('{"a":1}');
  });
});

describe(memberSpans, () => {
  it('gives the span of each member of a list', () => {
    const text = '{"entries": [1, {"b": [2]}, "3"]}';
    expect(memberSpans(text, ['entries']).map((span) => text.slice(span.start, span.end))).toEqual([
      '1',
      '{"b": [2]}',
      '"3"',
    ]);
  });
});

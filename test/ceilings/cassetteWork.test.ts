import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as JsonSpans from '../../src/fakes/cassettes/jsonSpans.js';
import type * as RequestKey from '../../src/fakes/cassettes/requestKey.js';

/**
 * A cassette's load does work linear in its entries, counted rather than timed: the functions that
 * scan the whole text to place something in it run for the one wrong entry, never per entry. Its
 * first replay keys the entries that could answer the call, not every entry of the file.
 */
const scans = vi.hoisted(() => ({ count: 0, keys: 0 }));
vi.mock('../../src/fakes/cassettes/jsonSpans.js', async (importOriginal) => {
  const spans = await importOriginal<typeof JsonSpans>();
  const counted =
    <A extends unknown[], R>(scan: (...args: A) => R) =>
    (...args: A): R => {
      scans.count++;
      return scan(...args);
    };
  return {
    ...spans,
    lineColumn: counted(spans.lineColumn),
    jsonProblemAt: counted(spans.jsonProblemAt),
    spanAt: counted(spans.spanAt),
    memberSpans: counted(spans.memberSpans),
    placeInFile: counted(spans.placeInFile),
  };
});
vi.mock('../../src/fakes/cassettes/requestKey.js', async (importOriginal) => {
  const { requestKey } = await importOriginal<typeof RequestKey>();
  return {
    requestKey: (request: unknown): string => {
      scans.keys++;
      return requestKey(request);
    },
  };
});

const { parseCassette } = await import('../../src/fakes/cassettes/readCassette.js');
const { spanAt } = await import('../../src/fakes/cassettes/jsonSpans.js');
const { EntryIndex } = await import('../../src/fakes/cassettes/EntryIndex.js');

const entries = (count: number, question = (i: number) => `Question ${i}`): unknown[] =>
  Array.from({ length: count }, (_, i) => ({
    model: 'writer',
    call: 'reply',
    request: { messages: [{ role: 'user', content: question(i) }] },
    answer: { text: `Answer ${i}` },
  }));
const text = (list: unknown[]): string => JSON.stringify({ standin: 'cassette', version: 1, entries: list }, null, 2);

/** An index of the entries of `text`, and how many requests were keyed to look up the last one. */
function keysOfLastLookup(written: string): { readonly position: number | undefined; readonly keys: number } {
  const index = new EntryIndex();
  const read = parseCassette(written, 'big.json');
  read.forEach((entry, position) => index.add(position, entry));
  scans.keys = 0;
  const key = index.key('writer', 'reply', read[read.length - 1]!.request!);
  return { position: index.take('', key).position, keys: scans.keys };
}

describe('the work a cassette load does', () => {
  beforeEach(() => {
    scans.count = 0;
    scans.keys = 0;
  });

  it.each([1_000, 10_000])('loads %i well-formed entries without scanning the text to place any', (count) => {
    expect(parseCassette(text(entries(count)), 'big.json')).toHaveLength(count);
    expect(scans.count).toBe(0);
  });

  it.each([1_000, 10_000])('places the one malformed entry of %i with at most two scans of the text', (count) => {
    const list = entries(count);
    list[count - 1] = { call: 'reply', request: { messages: [] }, answer: { text: 'no model' } };
    expect(() => parseCassette(text(list), 'big.json')).toThrow(expect.objectContaining({ code: 'V0001' }));
    expect(scans.count).toBeGreaterThan(0);
    expect(scans.count).toBeLessThanOrEqual(2);
  });

  it('counts a scan per entry when each entry is placed, as a quadratic load would', () => {
    const written = text(entries(100));
    for (let i = 0; i < 100; i++) spanAt(written, ['entries', i]);
    expect(scans.count).toBe(100);
  });

  it.each([1_000, 10_000])(
    'keys two requests on the first lookup in %i entries: the call and its one entry',
    (count) => {
      expect(keysOfLastLookup(text(entries(count)))).toEqual({ position: count - 1, keys: 2 });
    },
  );

  it('counts a key per entry when every entry ends with the same text, as keying the whole model would', () => {
    const written = text(entries(1_000, () => 'Go on'));
    expect(keysOfLastLookup(written)).toEqual({ position: 0, keys: 1_001 });
  });
});

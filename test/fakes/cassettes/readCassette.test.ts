import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCassette, readCassette } from '../../../src/fakes/cassettes/readCassette.js';

/** A cassette's text with one entry, `__proto__` written as a key where `marker` stands. */
function cassette(entry: unknown, marker: string): string {
  return JSON.stringify({ standin: 'cassette', version: 1, entries: [entry] }).replace(
    `"${marker}":0`,
    `"${marker}":0,"__proto__":{"x":2}`,
  );
}

describe(parseCassette, () => {
  it.each([
    [
      'answer',
      { model: 'w', call: 'call', request: { input: 1 }, answer: { output: 1, mark: 0 } },
      'entries[0].answer.__proto__',
    ],
    [
      'request',
      { model: 'w', call: 'call', request: { input: 1, mark: 0 }, answer: { output: 1 } },
      'entries[0].request.__proto__',
    ],
    [
      'reply answer',
      { model: 'w', call: 'reply', request: { input: 1 }, answer: { text: 'hi', mark: 0 } },
      'entries[0].answer.__proto__',
    ],
  ])('refuses a __proto__ key in an entry %s with V0001 rather than dropping it', (_, entry, where) => {
    const text = cassette(entry, 'mark').replace('"mark":0,', '');
    expect(() => parseCassette(text, 'x.json')).toThrow(
      expect.objectContaining({ code: 'V0001', message: expect.stringContaining(where) }),
    );
  });

  it('keeps a __proto__ key deeper in an answer as an own field', () => {
    const text = cassette({ model: 'w', call: 'call', request: { input: 1 }, answer: { output: { keep: 0 } } }, 'keep');
    const [entry] = parseCassette(text, 'x.json');
    const output = (entry!.answer as { output: object }).output;
    expect(Object.keys(output)).toEqual(['keep', '__proto__']);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
  });
});

describe('values nested thousands deep', () => {
  const deepText = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it('refuses a cassette entry whose request nests 10,000 deep with V0001, not a RangeError', () => {
    const text = `{"standin":"cassette","version":1,"entries":[{"model":"w","call":"call","request":${deepText(10_000)},"answer":{"output":1}}]}`;
    expect(() => parseCassette(text, 'x.json')).toThrow(
      expect.objectContaining({
        code: 'V0001',
        message: expect.stringContaining('entries[0].request nests more than 256'),
      }),
    );
  });

  it('refuses a cassette entry whose answer nests 10,000 deep with V0001', () => {
    const text = `{"standin":"cassette","version":1,"entries":[{"model":"w","call":"call","request":{},"answer":{"output":${deepText(10_000)}}}]}`;
    expect(() => parseCassette(text, 'x.json')).toThrow(expect.objectContaining({ code: 'V0001' }));
  });
});

describe('a call whose input nests thousands deep, under a cassette', () => {
  it('is V0006, not a RangeError', async () => {
    const { createTestApp } = await import('../../../src/testing.js');
    const app = createTestApp({ models: { writer: { provider: 'p', model: 'm' } } });
    app.cassette(join(tmpdir(), `standin-deep-${process.pid}.json`), { mode: 'replay' });
    const input: Record<string, unknown> = {};
    let at = input;
    for (let i = 0; i < 10_000; i++) at = (at.a = {}) as Record<string, unknown>;
    await expect(app.call('writer', input)).rejects.toMatchObject({
      code: 'V0006',
      message: expect.stringContaining('nested more than 256 deep'),
    });
  });
});

describe(readCassette, () => {
  it('refuses a device such as /dev/zero with V0001 rather than read it forever', () => {
    expect(() => readCassette('/dev/zero')).toThrow(expect.objectContaining({ code: 'V0001' }));
  });

  it('refuses a FIFO with V0001 rather than wait for a writer', () => {
    const folder = mkdtempSync(join(tmpdir(), 'standin-fifo-'));
    const fifo = join(folder, 'cassette.json');
    try {
      execFileSync('mkfifo', [fifo]);
      expect(() => readCassette(fifo)).toThrow(/not a regular file/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a cassette of many entries', () => {
  // 20,000 entries: were each entry's place in the file found as it is read, the load would scan the file 20,000
  // times and not end during the test run.
  const entries = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      model: 'writer',
      call: 'reply',
      request: { messages: [{ role: 'user', content: `Question ${i}` }] },
      answer: { text: `Answer ${i}` },
    }));

  it('loads 20,000 entries in linear time', () => {
    const text = JSON.stringify({ standin: 'cassette', version: 1, entries: entries(20_000) }, null, 2);
    const read = parseCassette(text, 'big.json');
    expect(read).toHaveLength(20_000);
    expect(read.at(-1)).toMatchObject({ answer: { text: 'Answer 19999' } });
  });

  it('places the one malformed entry of 20,000 at its line and column', () => {
    const list: unknown[] = entries(20_000);
    list[19_999] = { call: 'reply', request: { messages: [] }, answer: { text: 'no model' } };
    const text = JSON.stringify({ standin: 'cassette', version: 1, entries: list }, null, 2);
    const line = text.slice(0, text.lastIndexOf('    {')).split('\n').length;
    expect(() => parseCassette(text, 'big.json')).toThrow(
      expect.objectContaining({
        code: 'V0001',
        message: expect.stringContaining(`malformed entry (line ${line}, column 5): entries[19999]: a reply entry`),
      }),
    );
  });
});

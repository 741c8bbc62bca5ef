import { describe, expect, it } from 'vitest';
import { parseCassette } from '../../../src/fakes/cassettes/readCassette.js';

/** A cassette's text with one entry, `__proto__` written as a key where `marker` stands. */
function cassette(entry: unknown, marker: string): string {
  return JSON.stringify({ standin: 'cassette', version: 1, entries: [entry] }).replace(`"${marker}":0`, `"${marker}":0,"__proto__":{"x":2}`);
}

describe(parseCassette, () => {
  it.each([
    ['answer', { model: 'w', call: 'call', request: { input: 1 }, answer: { output: 1, mark: 0 } }, 'entries[0].answer.__proto__'],
    ['request', { model: 'w', call: 'call', request: { input: 1, mark: 0 }, answer: { output: 1 } }, 'entries[0].request.__proto__'],
    ['reply answer', { model: 'w', call: 'reply', request: { input: 1 }, answer: { text: 'hi', mark: 0 } }, 'entries[0].answer.__proto__'],
  ])('refuses a __proto__ key in an entry %s with V0001 rather than dropping it', (_, entry, where) => {
    const text = cassette(entry, 'mark').replace('"mark":0,', '');
    expect(() => parseCassette(text, 'x.json')).toThrow(expect.objectContaining({ code: 'V0001', message: expect.stringContaining(where) }));
  });

  it('keeps a __proto__ key deeper in an answer as an own field', () => {
    const text = cassette({ model: 'w', call: 'call', request: { input: 1 }, answer: { output: { keep: 0 } } }, 'keep');
    const [entry] = parseCassette(text, 'x.json');
    const output = (entry!.answer as { output: object }).output;
    expect(Object.keys(output)).toEqual(['keep', '__proto__']);
    expect(Object.getPrototypeOf(output)).toBe(Object.prototype);
  });
});

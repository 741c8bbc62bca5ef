import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimitExceeded } from '../../../src/protocols/LimitExceeded.js';
import { NdjsonDecoder, ndjsonLine } from '../../../src/protocols/ndjson.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The lines a decoder gives for `bytes` cut into chunks at `cuts`. */
function decode(bytes: Uint8Array, cuts: readonly number[], maxLineBytes?: number): string[] {
  const decoder = new NdjsonDecoder(maxLineBytes === undefined ? {} : { maxLineBytes });
  const out: string[] = [];
  let at = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    decoder.push(bytes.subarray(at, cut), out);
    at = cut;
  }
  decoder.push(bytes.subarray(at), out);
  decoder.end(out);
  return out;
}

const values = fc.array(
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value, note: 'ünïcødé ✓ 𝄞' })),
  { minLength: 1, maxLength: 6 },
);

describe('NdjsonDecoder', () => {
  describe('.push', () => {
    it('reads back the lines ndjsonLine wrote, however the bytes are cut (inside a line or a character)', () => {
      fc.assert(
        fc.property(values, fc.array(fc.nat(), { maxLength: 8 }), (drawn, at) => {
          const bytes = encode(drawn.map(ndjsonLine).join(''));
          const cuts = at.map((n) => n % (bytes.length + 1));
          expect(decode(bytes, cuts).map((line) => JSON.parse(line) as unknown)).toEqual(
            JSON.parse(JSON.stringify(drawn)),
          );
        }),
        { numRuns: 200 },
      );
    });

    it('passes over blank lines and drops the CR of a CRLF line end', () => {
      expect(decode(encode('{"a":1}\r\n\n  \n{"b":2}\n'), [3, 8])).toEqual(['{"a":1}', '{"b":2}']);
    });

    it('takes a line of exactly maxLineBytes', () => {
      expect(decode(encode('{"a":"xy"}\n'), [4], 10)).toEqual(['{"a":"xy"}']);
    });

    it('throws LimitExceeded naming maxLineBytes for a longer line, whole or in pieces, before its end arrives', () => {
      const decoder = new NdjsonDecoder({ maxLineBytes: 10 });
      expect(() => decoder.push(encode('{"a":"xyz"}\n'), [])).toThrow(LimitExceeded);
      const pieces = new NdjsonDecoder({ maxLineBytes: 10 });
      pieces.push(encode('{"a":"'), []);
      let thrown: unknown;
      try {
        pieces.push(encode('xyzxyz'), []);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ limit: 'maxLineBytes', bytes: 10 });
    });

    it('bounds each line, not the chunk: many short lines in one chunk pass', () => {
      const lines = Array.from({ length: 50 }, (_, i) => ndjsonLine({ i }));
      expect(decode(encode(lines.join('')), [], 12)).toHaveLength(50);
    });
  });

  describe('.end', () => {
    it('gives a last line that has no line end', () => {
      expect(decode(encode('{"a":1}\n{"done":true}'), [])).toEqual(['{"a":1}', '{"done":true}']);
    });
  });
});

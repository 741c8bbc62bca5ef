import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LimitExceeded } from '../../src/protocols/LimitExceeded.js';
import { SseDecoder, type SseEvent } from '../../src/protocols/sse.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Decodes `bytes` fed in the pieces `offsets` cut them into. */
function decode(bytes: Uint8Array, offsets: readonly number[] = []): SseEvent[] {
  const decoder = new SseDecoder();
  const out: SseEvent[] = [];
  const points = [...new Set(offsets)].filter((o) => o > 0 && o < bytes.length).sort((a, b) => a - b);
  let start = 0;
  for (const point of [...points, bytes.length]) {
    decoder.push(bytes.subarray(start, point), out);
    start = point;
  }
  decoder.end(out);
  return out;
}

describe('SseDecoder', () => {
  describe('.push', () => {
    it('reads `data:` events ended by an empty line, with the default type message', () => {
      expect(decode(encode('data: {"a":1}\n\ndata: [DONE]\n\n'))).toEqual([
        { event: 'message', data: '{"a":1}' },
        { event: 'message', data: '[DONE]' },
      ]);
    });

    it('names an event by its `event:` line, and forgets the name after the event', () => {
      expect(decode(encode('event: ping\ndata: {}\n\ndata: x\n\n'))).toEqual([
        { event: 'ping', data: '{}' },
        { event: 'message', data: 'x' },
      ]);
    });

    it('joins several data lines of one event with \\n', () => {
      expect(decode(encode('data: one\ndata:two\ndata\n\n'))).toEqual([{ event: 'message', data: 'one\ntwo\n' }]);
    });

    it('removes one space after the colon, no more', () => {
      expect(decode(encode('data:  two spaces\n\n'))).toEqual([{ event: 'message', data: ' two spaces' }]);
    });

    it('ignores comments, ids, retry and unknown fields', () => {
      expect(decode(encode(': keep-alive\nid: 7\nretry: 100\nfoo: bar\ndata: x\n\n'))).toEqual([
        { event: 'message', data: 'x' },
      ]);
    });

    it('dispatches nothing for an event without data lines', () => {
      expect(decode(encode('event: ping\n\n\n\ndata: x\n\n'))).toEqual([{ event: 'message', data: 'x' }]);
    });

    it('dispatches an event whose data line is empty, with empty data', () => {
      expect(decode(encode('data:\n\n'))).toEqual([{ event: 'message', data: '' }]);
    });

    it('ends lines at CRLF, LF and CR alike', () => {
      const events = [
        { event: 'e', data: 'a' },
        { event: 'message', data: 'b' },
      ];
      expect(decode(encode('event: e\r\ndata: a\r\n\r\ndata: b\r\n\r\n'))).toEqual(events);
      expect(decode(encode('event: e\rdata: a\r\rdata: b\r\r'))).toEqual(events);
      expect(decode(encode('event: e\ndata: a\r\n\rdata: b\n\r\n'))).toEqual(events);
    });

    it('drops a byte-order mark at the start of the stream', () => {
      expect(decode(new Uint8Array([0xef, 0xbb, 0xbf, ...encode('data: x\n\n')]))).toEqual([
        { event: 'message', data: 'x' },
      ]);
    });

    it('survives chunks split anywhere — inside a line, inside a multi-byte UTF-8 character, between \\r and \\n', () => {
      const newline = fc.constantFrom('\n', '\r\n', '\r');
      const text = fc
        .string({
          unit: fc.oneof(
            fc.constantFrom('é', '€', '😀', '中', ':', ' ', '{', '"'),
            fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme-ascii' }),
          ),
          maxLength: 30,
        })
        .map((s) => s.replace(/[\r\n]/g, ''));
      const sseEvent = fc.record({
        event: fc.option(fc.stringMatching(/^[a-z_]{1,12}$/), { nil: undefined }),
        lines: fc.array(text, { minLength: 1, maxLength: 3 }),
        nl: newline,
      });
      fc.assert(
        fc.property(
          fc.array(sseEvent, { minLength: 1, maxLength: 6 }),
          fc.array(fc.nat(), { maxLength: 40 }),
          (events, cuts) => {
            const wire = events
              .map(
                ({ event, lines, nl }) =>
                  `${event ? `event: ${event}${nl}` : ''}${lines.map((l) => `data: ${l}${nl}`).join('')}${nl}`,
              )
              .join('');
            const bytes = encode(wire);
            const expected = events.map(({ event, lines }) => ({ event: event ?? 'message', data: lines.join('\n') }));
            expect(
              decode(
                bytes,
                cuts.map((c) => c % (bytes.length + 1)),
              ),
            ).toEqual(expected);
          },
        ),
        { numRuns: 500 },
      );
    });

    it('gives the same events when fed one byte at a time', () => {
      const wire = encode('event: content_block_delta\r\ndata: {"text":"Grüße 😀"}\r\n\r\n: c\rdata: [DONE]\r\r');
      expect(
        decode(
          wire,
          Array.from({ length: wire.length }, (_, i) => i),
        ),
      ).toEqual(decode(wire));
    });
  });

  describe('.end', () => {
    it('counts a last event whose empty line never came, and a last line without its line end', () => {
      expect(decode(encode('data: a\n\ndata: [DONE]'))).toEqual([
        { event: 'message', data: 'a' },
        { event: 'message', data: '[DONE]' },
      ]);
    });

    it('turns a UTF-8 sequence the end cut off into U+FFFD', () => {
      const bytes = encode('data: 😀');
      expect(decode(bytes.subarray(0, bytes.length - 1))).toEqual([{ event: 'message', data: '\uFFFD' }]);
    });
  });

  describe('bounds', () => {
    const bounded = (maxLineBytes: number, maxEventBytes = Number.MAX_SAFE_INTEGER) =>
      new SseDecoder({ maxLineBytes, maxEventBytes });
    const thrown = (run: () => void): LimitExceeded => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(LimitExceeded);
        return error as LimitExceeded;
      }
      throw new Error('expected a LimitExceeded');
    };

    it('a line without its end past maxLineBytes throws at the chunk that passes it, before keeping it', () => {
      const decoder = bounded(100);
      const out: SseEvent[] = [];
      decoder.push(encode(`data: ${'a'.repeat(90)}`), out);
      expect(thrown(() => decoder.push(encode('a'.repeat(10)), out))).toMatchObject({
        limit: 'maxLineBytes',
        bytes: 100,
      });
    });

    it('a line of exactly maxLineBytes is read', () => {
      const out: SseEvent[] = [];
      bounded(100).push(encode(`data: ${'a'.repeat(94)}\n\n`), out);
      expect(out).toEqual([{ event: 'message', data: 'a'.repeat(94) }]);
    });

    it('counts bytes, not characters: a line of 40 three-byte characters is 126 bytes', () => {
      expect(thrown(() => bounded(125).push(encode(`data: ${'€'.repeat(40)}\n\n`), []))).toMatchObject({
        limit: 'maxLineBytes',
      });
      expect(() => bounded(126).push(encode(`data: ${'€'.repeat(40)}\n\n`), [])).not.toThrow();
    });

    it('catches a long line inside one chunk bigger than the bound, between short ones', () => {
      expect(
        thrown(() => bounded(64).push(encode(`data: a\n\ndata: ${'b'.repeat(200)}\n\ndata: c\n\n`), [])),
      ).toMatchObject({ limit: 'maxLineBytes' });
    });

    it('a line ended by CR alone, CRLF or LF starts the count again', () => {
      const out: SseEvent[] = [];
      const decoder = bounded(20);
      for (const end of ['\r', '\r\n', '\n'])
        for (let i = 0; i < 5; i++) decoder.push(encode(`data: ${'x'.repeat(10)}${end}${end}`), out);
      expect(out).toHaveLength(15);
    });

    it('an event whose data lines pass maxEventBytes together throws, though each line is short', () => {
      const decoder = bounded(100, 1000);
      expect(thrown(() => decoder.push(encode(`data: ${'d'.repeat(90)}\n`.repeat(20)), []))).toMatchObject({
        limit: 'maxEventBytes',
      });
    });

    it('reads the same events as an unbounded decoder, wherever the chunks split, or throws only when a line passes the bound', () => {
      const line = fc.oneof(
        fc.string({ maxLength: 40 }).map((text) => `data: ${text.replace(/[\r\n]/g, '')}`),
        fc.constant(''),
        fc.constant('event: x'),
      );
      const ending = fc.constantFrom('\n', '\r', '\r\n');
      fc.assert(
        fc.property(
          fc.array(fc.tuple(line, ending), { maxLength: 20 }),
          fc.array(fc.nat(), { maxLength: 6 }),
          fc.integer({ min: 1, max: 60 }),
          (lines, offsets, bound) => {
            const bytes = encode(lines.map(([text, end]) => text + end).join(''));
            const longest = Math.max(0, ...lines.map(([text]) => encode(text).length));
            const decoder = new SseDecoder({ maxLineBytes: bound });
            const out: SseEvent[] = [];
            const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))]
              .filter((o) => o > 0)
              .sort((a, b) => a - b);
            try {
              let start = 0;
              for (const point of [...points, bytes.length]) {
                decoder.push(bytes.subarray(start, point), out);
                start = point;
              }
              decoder.end(out);
            } catch (error) {
              expect(error).toBeInstanceOf(LimitExceeded);
              expect(longest).toBeGreaterThan(bound);
              return;
            }
            expect(longest).toBeLessThanOrEqual(bound);
            expect(out).toEqual(decode(bytes));
          },
        ),
        { numRuns: 500 },
      );
    });

    it('the event count starts again after each event', () => {
      const out: SseEvent[] = [];
      bounded(100, 200).push(encode(`data: ${'d'.repeat(90)}\ndata: ${'d'.repeat(90)}\n\n`.repeat(50)), out);
      expect(out).toHaveLength(50);
    });
  });
});

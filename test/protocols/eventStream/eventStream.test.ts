import { EventStreamCodec, Int64, type MessageHeaders } from '@smithy/eventstream-codec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../src/protocols/eventStream/crc32.js';
import type { EventHeaders, HeaderValue } from '../../../src/protocols/eventStream/eventHeaders.js';
import { decodeMessage, encodeMessage, type EventMessage } from '../../../src/protocols/eventStream/eventMessage.js';
import { EventStreamDecoder } from '../../../src/protocols/eventStream/EventStreamDecoder.js';
import { LimitExceeded } from '../../../src/protocols/LimitExceeded.js';
import { WireFault } from '../../../src/protocols/WireFault.js';

const utf8 = new TextEncoder();
const smithy = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => utf8.encode(text),
);

const value: fc.Arbitrary<HeaderValue> = fc.oneof(
  fc.boolean().map((v) => ({ type: 'boolean' as const, value: v })),
  fc.integer({ min: -128, max: 127 }).map((v) => ({ type: 'byte' as const, value: v })),
  fc.integer({ min: -32768, max: 32767 }).map((v) => ({ type: 'short' as const, value: v })),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v) => ({ type: 'integer' as const, value: v })),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v) => ({ type: 'long' as const, value: v })),
  fc.uint8Array({ maxLength: 40 }).map((v) => ({ type: 'binary' as const, value: v })),
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((v) => ({ type: 'string' as const, value: v })),
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((v) => ({ type: 'timestamp' as const, value: v })),
  fc.uuid().map((v) => ({ type: 'uuid' as const, value: v })),
);

const headers: fc.Arbitrary<EventHeaders> = fc
  .uniqueArray(fc.tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), value), {
    maxLength: 6,
    selector: ([name]) => name,
  })
  .map((entries) => Object.fromEntries(entries));

const message: fc.Arbitrary<EventMessage> = fc.record({ headers, body: fc.uint8Array({ maxLength: 200 }) });

/** The messages `bytes` decode to, fed to one decoder in the pieces `cuts` make of them. */
function decodeInPieces(bytes: Uint8Array, cuts: readonly number[], bounds = {}): EventMessage[] {
  const decoder = new EventStreamDecoder(bounds);
  const out: EventMessage[] = [];
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const point of [...points, bytes.length]) {
    decoder.push(bytes.subarray(start, point), out);
    start = point;
  }
  decoder.end();
  return out;
}

function joined(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The headers as `@smithy/eventstream-codec` holds them. */
function toSmithy(given: EventHeaders): MessageHeaders {
  return Object.fromEntries(
    Object.entries(given).map(([name, header]) => {
      if (header.type !== 'long') return [name, header];
      const bytes = new Uint8Array(8);
      new DataView(bytes.buffer).setBigInt64(0, header.value, false);
      return [name, { type: 'long', value: new Int64(bytes) }];
    }),
  ) as MessageHeaders;
}

/** The headers `@smithy/eventstream-codec` read, as this codec holds them. */
function fromSmithy(read: MessageHeaders): EventHeaders {
  return Object.fromEntries(
    Object.entries(read).map(([name, header]) => {
      if (header.type === 'long') {
        const { bytes } = header.value;
        return [name, { type: 'long', value: new DataView(bytes.buffer, bytes.byteOffset, 8).getBigInt64(0, false) }];
      }
      if (header.type === 'binary') return [name, { type: 'binary', value: new Uint8Array(header.value) }];
      return [name, header];
    }),
  ) as EventHeaders;
}

function faultOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

const event = encodeMessage({
  headers: { ':event-type': { type: 'string', value: 'messageStart' } },
  body: utf8.encode('{"role":"assistant"}'),
});

describe('crc32', () => {
  it('gives the check value of the IEEE polynomial', () => {
    expect(crc32(utf8.encode('123456789'))).toBe(0xcbf43926);
  });

  it('goes on from the CRC of the bytes before', () => {
    const bytes = utf8.encode('the prelude, then the rest');
    expect(crc32(bytes.subarray(8), crc32(bytes.subarray(0, 8)))).toBe(crc32(bytes));
  });
});

describe('the AWS event-stream codec', () => {
  describe('encodeMessage and EventStreamDecoder', () => {
    it('read back every message written, whatever pieces the bytes arrive in', () => {
      fc.assert(
        fc.property(fc.array(message, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (messages, cuts) => {
          expect(decodeInPieces(joined(messages.map(encodeMessage)), cuts)).toEqual(messages);
        }),
        { numRuns: 300 },
      );
    });

    it('read a stream fed one byte at a time', () => {
      const bytes = joined([event, event]);
      expect(decodeInPieces(bytes, [...bytes.keys()])).toHaveLength(2);
    });
  });

  describe('against @smithy/eventstream-codec', () => {
    it('decodes what it encodes', () => {
      fc.assert(
        fc.property(message, (drawn) => {
          const read = smithy.decode(encodeMessage(drawn));
          expect({ headers: fromSmithy(read.headers), body: new Uint8Array(read.body) }).toEqual(drawn);
        }),
        { numRuns: 300 },
      );
    });

    it('encodes what it decodes, byte for byte', () => {
      fc.assert(
        fc.property(message, (drawn) => {
          const bytes = smithy.encode({ headers: toSmithy(drawn.headers), body: drawn.body });
          expect(decodeMessage(bytes)).toEqual(drawn);
          expect(encodeMessage(drawn)).toEqual(bytes);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('EventStreamDecoder', () => {
    it('refuses a message whose prelude claims more than maxEventBytes, before its payload arrives', () => {
      const decoder = new EventStreamDecoder({ maxEventBytes: event.length - 1 });
      const error = faultOf(() => decoder.push(event.subarray(0, 12), []));
      expect(error).toBeInstanceOf(LimitExceeded);
      expect(error).toMatchObject({ limit: 'maxEventBytes', bytes: event.length - 1 });
    });

    it('refuses a body past maxBodyBytes as the chunk that passes it arrives', () => {
      const decoder = new EventStreamDecoder({ maxBodyBytes: event.length + 4 });
      const out: EventMessage[] = [];
      decoder.push(event, out);
      expect(out).toHaveLength(1);
      expect(faultOf(() => decoder.push(event.subarray(0, 5), out))).toMatchObject({ limit: 'maxBodyBytes' });
    });

    it('finds a stream that ends inside a message malformed', () => {
      const decoder = new EventStreamDecoder();
      decoder.push(event.subarray(0, event.length - 3), []);
      const error = faultOf(() => decoder.end());
      expect(error).toBeInstanceOf(WireFault);
      expect((error as WireFault).fault).toEqual({
        kind: 'malformed',
        what: `the stream ended inside an event-stream message (${event.length - 3} bytes left over)`,
      });
    });

    it('finds a prelude whose checksum fails malformed', () => {
      const bytes = event.slice();
      bytes[3]! ^= 1;
      expect(String(faultOf(() => decodeInPieces(bytes, [])))).toContain('prelude does not match its checksum');
    });

    it('finds a message whose checksum fails malformed', () => {
      const bytes = event.slice();
      bytes[bytes.length - 6]! ^= 0x20;
      expect(String(faultOf(() => decodeInPieces(bytes, [7])))).toContain('does not match its checksum');
    });

    it('finds a length shorter than a message can be malformed', () => {
      const bytes = new Uint8Array(16);
      const view = new DataView(bytes.buffer);
      view.setUint32(0, 8, false);
      view.setUint32(8, crc32(bytes.subarray(0, 8)), false);
      expect(String(faultOf(() => decodeInPieces(bytes, [])))).toContain('claims 8 bytes, fewer than 16');
    });

    it('finds headers of an undefined type malformed', () => {
      const bytes = smithy.encode({ headers: {}, body: new Uint8Array(0) });
      const odd = new Uint8Array(bytes.length + 3);
      const view = new DataView(odd.buffer);
      view.setUint32(0, odd.length, false);
      view.setUint32(4, 3, false);
      view.setUint32(8, crc32(odd.subarray(0, 8)), false);
      odd.set([1, 120, 42], 12);
      view.setUint32(odd.length - 4, crc32(odd.subarray(0, odd.length - 4)), false);
      expect(String(faultOf(() => decodeMessage(odd)))).toContain('type byte 42');
    });
  });

  describe('encodeMessage', () => {
    it('refuses a header value longer than the format carries', () => {
      const fault = faultOf(() =>
        encodeMessage({ headers: { big: { type: 'string', value: 'x'.repeat(40_000) } }, body: new Uint8Array(0) }),
      );
      expect((fault as WireFault).fault).toMatchObject({ kind: 'cannot_send', where: 'the event-stream header big' });
    });
  });
});

import { malformed, WireFault } from '../WireFault.js';
import { crc32 } from './crc32.js';
import { decodeHeaders, encodeHeaders, type EventHeaders } from './eventHeaders.js';

/** One message of an AWS event stream: its headers and its payload's bytes. */
export interface EventMessage {
  readonly headers: EventHeaders;
  readonly body: Uint8Array;
}

/** A message's prelude: its total length, its headers' length, and their CRC-32. */
export const PRELUDE_BYTES = 12;
/** The fewest bytes a message has: its prelude and the CRC-32 that ends it. */
export const SMALLEST_MESSAGE = PRELUDE_BYTES + 4;
/** The most a message's total length (a 32-bit field) can say. */
const LARGEST_MESSAGE = 2 ** 32 - 1;

/** One event-stream message: prelude (lengths and CRC-32), headers, payload, and the CRC-32 of it all. */
export function encodeMessage(message: EventMessage): Uint8Array {
  const headers = encodeHeaders(message.headers);
  const length = SMALLEST_MESSAGE + headers.length + message.body.length;
  if (length > LARGEST_MESSAGE) {
    throw new WireFault({
      kind: 'cannot_send',
      where: 'an event-stream message',
      what: `${length} bytes`,
      takes: `messages of at most ${LARGEST_MESSAGE} bytes`,
    });
  }
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  view.setUint32(0, length, false);
  view.setUint32(4, headers.length, false);
  const prelude = crc32(out.subarray(0, 8));
  view.setUint32(8, prelude, false);
  out.set(headers, PRELUDE_BYTES);
  out.set(message.body, PRELUDE_BYTES + headers.length);
  view.setUint32(length - 4, crc32(out.subarray(8, length - 4), prelude), false);
  return out;
}

/** What a message's prelude says, once its checksum holds: its total length and its headers' length. */
export interface Prelude {
  readonly length: number;
  readonly headersLength: number;
}

/** A prelude's 12 bytes; `malformed` when the checksum fails or the lengths cannot be. */
export function readPrelude(bytes: Uint8Array): Prelude {
  const view = new DataView(bytes.buffer, bytes.byteOffset, PRELUDE_BYTES);
  const length = view.getUint32(0, false);
  const headersLength = view.getUint32(4, false);
  if (crc32(bytes.subarray(0, 8)) !== view.getUint32(8, false))
    throw malformed("an event-stream message's prelude does not match its checksum");
  if (length < SMALLEST_MESSAGE)
    throw malformed(`an event-stream message claims ${length} bytes, fewer than ${SMALLEST_MESSAGE}`);
  if (headersLength > length - SMALLEST_MESSAGE)
    throw malformed(`an event-stream message claims ${headersLength} bytes of headers in a message of ${length}`);
  return { length, headersLength };
}

/** One whole message, each checksum checked; `malformed` when the bytes are not one sound message. */
export function decodeMessage(bytes: Uint8Array): EventMessage {
  if (bytes.length < SMALLEST_MESSAGE)
    throw malformed(`an event-stream message of ${bytes.length} bytes is shorter than ${SMALLEST_MESSAGE}`);
  const { length, headersLength } = readPrelude(bytes);
  if (length !== bytes.length)
    throw malformed(`an event-stream message claims ${length} bytes and has ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const prelude = view.getUint32(8, false);
  if (crc32(bytes.subarray(8, length - 4), prelude) !== view.getUint32(length - 4, false))
    throw malformed('an event-stream message does not match its checksum');
  const headersEnd = PRELUDE_BYTES + headersLength;
  return {
    headers: decodeHeaders(bytes.subarray(PRELUDE_BYTES, headersEnd)),
    body: bytes.slice(headersEnd, length - 4),
  };
}

import { malformed, WireFault } from '../WireFault.js';

/** One header's value, of the ten types the AWS event-stream format defines. */
export type HeaderValue =
  | { readonly type: 'boolean'; readonly value: boolean }
  | { readonly type: 'byte' | 'short' | 'integer'; readonly value: number }
  | { readonly type: 'long'; readonly value: bigint }
  | { readonly type: 'binary'; readonly value: Uint8Array }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'timestamp'; readonly value: Date }
  /** Its 16 bytes as lowercase hex in the 8-4-4-4-12 form. */
  | { readonly type: 'uuid'; readonly value: string };

/** A message's headers, by name. */
export type EventHeaders = Readonly<Record<string, HeaderValue>>;

/** The type byte of each header type; `true` and `false` are a type each, with no value bytes. */
const TAGS = { byte: 2, short: 3, integer: 4, long: 5, binary: 6, string: 7, timestamp: 8, uuid: 9 } as const;
const TRUE = 0;
const FALSE = 1;
/** The longest header name (its length is one byte) and value (what the AWS SDKs write, a signed 16-bit length). */
const MAX_NAME_BYTES = 255;
const MAX_VALUE_BYTES = 32_767;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INT = { byte: 2 ** 7, short: 2 ** 15, integer: 2 ** 31 } as const;

const utf8 = new TextEncoder();
const text = new TextDecoder('utf-8', { fatal: true });

/**
 * The headers' wire layout; one the format cannot carry (a name past 255 bytes, a value past 32767) is `cannot_send`.
 */
export function encodeHeaders(headers: EventHeaders): Uint8Array {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (const name of Object.keys(headers)) {
    const piece = encodeHeader(name, headers[name]!);
    pieces.push(piece);
    size += piece.length;
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

function encodeHeader(name: string, header: HeaderValue): Uint8Array {
  const nameBytes = utf8.encode(name);
  if (nameBytes.length === 0 || nameBytes.length > MAX_NAME_BYTES)
    throw unsendable(name, `a name of ${nameBytes.length} bytes`, `names of 1 to ${MAX_NAME_BYTES} bytes`);
  const value = valueBytes(name, header);
  const out = new Uint8Array(1 + nameBytes.length + value.length);
  out[0] = nameBytes.length;
  out.set(nameBytes, 1);
  out.set(value, 1 + nameBytes.length);
  return out;
}

/** The type byte and value bytes of one header. */
function valueBytes(name: string, header: HeaderValue): Uint8Array {
  switch (header.type) {
    case 'boolean':
      return Uint8Array.of(header.value ? TRUE : FALSE);
    case 'byte':
    case 'short':
    case 'integer': {
      const bound = INT[header.type];
      if (!Number.isInteger(header.value) || header.value < -bound || header.value >= bound)
        throw unsendable(name, `the ${header.type} ${header.value}`, `whole numbers from ${-bound} to ${bound - 1}`);
      const size = header.type === 'byte' ? 1 : header.type === 'short' ? 2 : 4;
      const view = new DataView(new ArrayBuffer(1 + size));
      view.setUint8(0, TAGS[header.type]);
      if (size === 1) view.setInt8(1, header.value);
      else if (size === 2) view.setInt16(1, header.value, false);
      else view.setInt32(1, header.value, false);
      return new Uint8Array(view.buffer);
    }
    case 'long':
    case 'timestamp': {
      const value = header.type === 'long' ? header.value : BigInt(header.value.getTime());
      if (value < -(2n ** 63n) || value >= 2n ** 63n)
        throw unsendable(name, `the ${header.type} ${value}`, 'signed 64-bit numbers');
      const view = new DataView(new ArrayBuffer(9));
      view.setUint8(0, TAGS[header.type]);
      view.setBigInt64(1, value, false);
      return new Uint8Array(view.buffer);
    }
    case 'binary':
    case 'string': {
      const bytes = header.type === 'binary' ? header.value : utf8.encode(header.value);
      if (bytes.length > MAX_VALUE_BYTES)
        throw unsendable(name, `a ${header.type} value of ${bytes.length} bytes`, `at most ${MAX_VALUE_BYTES}`);
      const out = new Uint8Array(3 + bytes.length);
      out[0] = TAGS[header.type];
      new DataView(out.buffer).setUint16(1, bytes.length, false);
      out.set(bytes, 3);
      return out;
    }
    case 'uuid': {
      if (!UUID.test(header.value))
        throw unsendable(name, `the uuid ${JSON.stringify(header.value)}`, 'lowercase 8-4-4-4-12 hex uuids');
      const hex = header.value.replaceAll('-', '');
      const out = new Uint8Array(17);
      out[0] = TAGS.uuid;
      for (let i = 0; i < 16; i++) out[1 + i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
      return out;
    }
  }
}

/** A message's headers read from their bytes; a cut header, unknown type or bad UTF-8 is `malformed`. */
export function decodeHeaders(bytes: Uint8Array): EventHeaders {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Record<string, HeaderValue> = Object.create(null) as Record<string, HeaderValue>;
  let at = 0;
  /** Where the next `count` bytes start, taking them. */
  const need = (count: number): number => {
    if (at + count > bytes.length) throw malformed('an event-stream header runs past the end of its headers');
    const start = at;
    at += count;
    return start;
  };
  while (at < bytes.length) {
    const nameLength = view.getUint8(need(1));
    const nameAt = need(nameLength);
    const name = utf8Text(bytes.subarray(nameAt, nameAt + nameLength), 'a header name');
    const tag = view.getUint8(need(1));
    out[name] = readValue(tag, view, bytes, need, name);
  }
  return out;
}

function readValue(
  tag: number,
  view: DataView,
  bytes: Uint8Array,
  need: (count: number) => number,
  name: string,
): HeaderValue {
  switch (tag) {
    case TRUE:
    case FALSE:
      return { type: 'boolean', value: tag === TRUE };
    case TAGS.byte:
      return { type: 'byte', value: view.getInt8(need(1)) };
    case TAGS.short:
      return { type: 'short', value: view.getInt16(need(2), false) };
    case TAGS.integer:
      return { type: 'integer', value: view.getInt32(need(4), false) };
    case TAGS.long:
      return { type: 'long', value: view.getBigInt64(need(8), false) };
    case TAGS.timestamp: {
      const value = new Date(Number(view.getBigInt64(need(8), false)));
      if (Number.isNaN(value.getTime())) throw malformed(`the timestamp of header ${name} is out of range`);
      return { type: 'timestamp', value };
    }
    case TAGS.binary:
    case TAGS.string: {
      const length = view.getUint16(need(2), false);
      const start = need(length);
      const value = bytes.slice(start, start + length);
      return tag === TAGS.binary
        ? { type: 'binary', value }
        : { type: 'string', value: utf8Text(value, `the value of header ${name}`) };
    }
    case TAGS.uuid: {
      const start = need(16);
      const hex = [...bytes.subarray(start, start + 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
      return {
        type: 'uuid',
        value: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      };
    }
    default:
      throw malformed(`header ${name} has the type byte ${tag}, which the event-stream format does not define`);
  }
}

function utf8Text(bytes: Uint8Array, what: string): string {
  try {
    return text.decode(bytes);
  } catch {
    throw malformed(`${what} of an event-stream message is not UTF-8`);
  }
}

function unsendable(name: string, what: string, takes: string): WireFault {
  return new WireFault({ kind: 'cannot_send', where: `the event-stream header ${name}`, what, takes });
}

/** CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), one entry per byte value. */
const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as the event stream checks it; `from` continues a CRC, so a message's checksum runs over its prelude's. */
export function crc32(bytes: Uint8Array, from = 0): number {
  let c = ~from >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

import { crc32, inflateSync } from 'node:zlib';

/** What a PNG file holds, read as any PNG reader would read it. */
export interface ReadPng {
  readonly width: number;
  readonly height: number;
  readonly chunks: readonly string[];
  /** The decompressed scanlines (a filter byte, then RGB per pixel). */
  readonly pixels: Buffer;
}

/**
 * Reads a PNG file and checks it whole: the signature, every chunk's CRC-32, the header first and
 * the end last, and that the decompressed pixels fill exactly `height` rows of 8-bit RGB.
 * Throws when any of it is wrong.
 */
export function readPng(bytes: Uint8Array): ReadPng {
  const data = Buffer.from(bytes);
  if (!data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    throw new Error('no PNG signature');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  let at = 8;
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (crc32(data.subarray(at + 4, at + 8 + length)) !== data.readUInt32BE(at + 8 + length))
      throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  if (chunks[0] !== 'IHDR' || chunks.at(-1) !== 'IEND') throw new Error(`chunks out of order: ${chunks.join(',')}`);
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  if (header![8] !== 8 || header![9] !== 2) throw new Error('not 8-bit RGB');
  const pixels = inflateSync(Buffer.concat(idat));
  if (pixels.length !== height * (width * 3 + 1)) throw new Error(`pixels fill ${pixels.length} bytes`);
  return { width, height, chunks, pixels };
}

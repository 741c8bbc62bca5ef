import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** How many cells the picture has across and down: enough to tell two seeds apart at a glance. */
const CELLS = 4;

/** A real PNG drawn from `seed` alone: the same seed and size give the same bytes in any process. */
export function pngImage(width: number, height: number, seed: string): Uint8Array {
  const colours = createHash('sha256').update(seed).digest();
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  const line = Buffer.alloc(stride);
  let drawn = -1;
  for (let y = 0; y < height; y++) {
    const cellY = Math.floor((y * CELLS) / height);
    // Rows of one band are the same bytes: drawn once, copied after.
    if (cellY !== drawn) {
      for (let x = 0; x < width; x++) {
        const cell = ((cellY * CELLS + Math.floor((x * CELLS) / width)) * 2) % (colours.length - 2);
        line[1 + x * 3] = colours[cell]!;
        line[2 + x * 3] = colours[cell + 1]!;
        line[3 + x * 3] = colours[cell + 2]!;
      }
      drawn = cellY;
    }
    line.copy(raw, y * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // Bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace.
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from(SIGNATURE),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The width and height a PNG file's header states, or undefined when `bytes` is no PNG. */
export function pngSize(bytes: Uint8Array): { readonly width: number; readonly height: number } | undefined {
  if (bytes.length < 24 || !SIGNATURE.every((byte, i) => bytes[i] === byte)) return undefined;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/** One PNG chunk: length, type, data and the CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

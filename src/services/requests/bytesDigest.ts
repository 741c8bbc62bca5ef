import { createHash } from 'node:crypto';

/**
 * What a recorded call keeps of some bytes: how many, and their SHA-256 in hex. Never the bytes.
 *
 * @example
 * ```ts
 * const digest: BytesDigest = bytesDigest(new Uint8Array([1, 2, 3]));
 * // { length: 3, sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' }
 * ```
 */
export interface BytesDigest {
  readonly length: number;
  readonly sha256: string;
}

/** The length and SHA-256 of `bytes`. */
export function bytesDigest(bytes: Uint8Array): BytesDigest {
  return { length: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

import { createHash } from 'node:crypto';

/** What a recorded call keeps of some bytes: how many, and their SHA-256 in hex. Never the bytes. */
export interface BytesDigest {
  readonly length: number;
  readonly sha256: string;
}

/** The length and SHA-256 of `bytes`. */
export function bytesDigest(bytes: Uint8Array): BytesDigest {
  return { length: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

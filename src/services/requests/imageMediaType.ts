/** The leading bytes of each image format standin recognises, with its media type. */
const signatures: readonly (readonly [mediaType: string, at: number, bytes: readonly number[]])[] = [
  ['image/png', 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', 0, [0xff, 0xd8, 0xff]],
  ['image/gif', 0, [0x47, 0x49, 0x46, 0x38]],
  // RIFF....WEBP
  ['image/webp', 8, [0x57, 0x45, 0x42, 0x50]],
];

/** An image's media type from its first bytes (PNG, JPEG, GIF, WebP), for images that come without one. */
export function imageMediaType(bytes: Uint8Array): string | undefined {
  for (const [mediaType, at, signature] of signatures) {
    if (bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte))
      return mediaType === 'image/webp' && !startsRiff(bytes) ? undefined : mediaType;
  }
  return undefined;
}

function startsRiff(bytes: Uint8Array): boolean {
  return bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x46;
}

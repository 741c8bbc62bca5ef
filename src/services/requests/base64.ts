/**
 * The bytes as base64, without copying them first.
 *
 * @example
 * ```ts
 * base64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * The bytes as a `data:` URL of their media type.
 *
 * @example
 * ```ts
 * dataUrl(new Uint8Array([104, 105]), 'text/plain'); // 'data:text/plain;base64,aGk='
 * ```
 */
export function dataUrl(bytes: Uint8Array, mediaType: string): string {
  return `data:${mediaType};base64,${base64(bytes)}`;
}

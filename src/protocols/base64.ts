/** The bytes as base64, without copying them first. */
export function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** The bytes as a `data:` URL of their media type. */
export function dataUrl(bytes: Uint8Array, mediaType: string): string {
  return `data:${mediaType};base64,${base64(bytes)}`;
}

/** The bytes of base64 text; undefined when the text is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/\r\n]*={0,2}$/.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** A `data:` URL's media type and bytes (base64 ones only); undefined for any other URL. */
export function fromDataUrl(url: string): { readonly mediaType: string; readonly bytes: Uint8Array } | undefined {
  const match = /^data:([^;,]+);base64,/.exec(url);
  if (match === null) return undefined;
  const bytes = fromBase64(url.slice(match[0].length));
  return bytes === undefined ? undefined : { mediaType: match[1]!, bytes };
}

import type { ContentPart } from '../spec/ContentPart.js';

/** The bytes of a part, or undefined for a part given by URL or a text. */
export function partBytes(part: ContentPart): Uint8Array | undefined {
  return 'bytes' in part ? part.bytes : undefined;
}

/** The URL of a part, or undefined for a part given by bytes or a text. */
export function partUrl(part: ContentPart): string | undefined {
  return 'url' in part ? part.url : undefined;
}

import type { ContentPart } from '../../services/spec/ContentPart.js';
import { base64, fromBase64, fromDataUrl } from '../base64.js';
import { refused, WireFault } from '../WireFault.js';

/** A user message's content as Ollama carries it: its text, and its images as base64. */
export interface OllamaUserContent {
  readonly content: string;
  readonly images?: string[];
}

/**
 * A user message's content: text parts joined, images (bytes or a `data:` URL) as base64. Ollama takes no file and no
 * image by URL, so either is `cannot_send`.
 */
export function writeOllamaUser(content: string | readonly ContentPart[], where: string): OllamaUserContent {
  if (typeof content === 'string') return { content };
  let text = '';
  const images: string[] = [];
  content.forEach((part, i) => {
    if (part.type === 'text') {
      text += part.text;
      return;
    }
    const bytes = 'bytes' in part ? part.bytes : fromDataUrl(part.url)?.bytes;
    if (part.type === 'image' && bytes !== undefined) {
      images.push(base64(bytes));
      return;
    }
    throw new WireFault({
      kind: 'cannot_send',
      where: `${where}.content[${i}]`,
      what: part.type === 'image' ? 'an image by URL' : `a file (${part.mediaType})`,
      takes: "text and images as bytes: Ollama's messages carry images as base64 and no files",
    });
  });
  return images.length > 0 ? { content: text, images } : { content: text };
}

/** The magic numbers of the image types Ollama's vision models read. */
const signatures: readonly (readonly [string, readonly number[]])[] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46]],
];

/** A user message read back: its text, and each base64 image as an image part of the type its bytes begin with. */
export function readOllamaUser(
  content: string,
  images: readonly string[],
  at: readonly PropertyKey[],
): string | ContentPart[] {
  if (images.length === 0) return content;
  const parts: ContentPart[] = images.map((data, i) => {
    const bytes = fromBase64(data);
    if (bytes === undefined) throw refused([...at, 'images', i], 'illegal base64 data at input byte 0');
    const found = signatures.find(([, magic]) => magic.every((byte, j) => bytes[j] === byte));
    return { type: 'image', bytes, mediaType: found?.[0] ?? 'image/png' };
  });
  return content === '' ? parts : [{ type: 'text', text: content }, ...parts];
}

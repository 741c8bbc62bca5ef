import type { ContentPart } from '../../services/spec/ContentPart.js';
import { base64, fromBase64 } from '../base64.js';
import { refused, WireFault } from '../WireFault.js';
import type { RequestBlock } from './messagesShapes.js';

const IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const TAKES = 'images (jpeg, png, gif, webp; by URL or bytes), PDFs (by URL or bytes) and text/plain documents (bytes)';

type Written = Extract<RequestBlock, { type: 'text' | 'image' | 'document' }>;

/**
 * A user message's content as Messages API blocks: text blocks, `image` blocks (a `url` source,
 * or `base64` bytes of jpeg, png, gif or webp), and `document` blocks (a PDF by `url` or
 * `base64`, a text/plain file as a `text` source, its name as the `title`). Anything else is a
 * `cannot_send` fault.
 *
 * @example
 * ```ts
 * writeUserBlocks([{ type: 'file', url: 'https://example.com/guide.pdf', mediaType: 'application/pdf' }], 'request.messages[0]');
 * // [{ type: 'document', source: { type: 'url', url: 'https://example.com/guide.pdf' } }]
 * ```
 */
export function writeUserBlocks(content: string | readonly ContentPart[], where: string): Written[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.flatMap((part, i): Written[] => {
    const cannot = (what: string) =>
      new WireFault({ kind: 'cannot_send', where: `${where}.content[${i}]`, what, takes: TAKES });
    if (part.type === 'text') return part.text === '' ? [] : [{ type: 'text', text: part.text }];
    if (part.type === 'image') {
      if ('url' in part) return [{ type: 'image', source: { type: 'url', url: part.url } }];
      const mediaType = part.mediaType.toLowerCase();
      if (!IMAGES.has(mediaType)) throw cannot(`an image of type ${part.mediaType}`);
      return [{ type: 'image', source: { type: 'base64', media_type: mediaType, data: base64(part.bytes) } }];
    }
    const mediaType = part.mediaType.toLowerCase();
    const title = part.name !== undefined ? { title: part.name } : {};
    if (mediaType === 'application/pdf') {
      const source =
        'url' in part
          ? { type: 'url' as const, url: part.url }
          : { type: 'base64' as const, media_type: mediaType, data: base64(part.bytes) };
      return [{ type: 'document', source, ...title }];
    }
    if (mediaType === 'text/plain' && 'bytes' in part) {
      const data = new TextDecoder().decode(part.bytes);
      return [{ type: 'document', source: { type: 'text', media_type: mediaType, data }, ...title }];
    }
    throw cannot(`a file of type ${part.mediaType}${'url' in part ? ' by URL' : ''}`);
  });
}

/**
 * A user's `image` or `document` block read back as a content part: an image by URL or bytes, a
 * PDF by URL or bytes, a text document as text/plain bytes; the title as the file's name.
 */
export function readUserBlock(
  block: Extract<RequestBlock, { type: 'image' | 'document' }>,
  at: PropertyKey[],
): ContentPart {
  const source = block.source;
  const name = block.type === 'document' && typeof block.title === 'string' ? { name: block.title } : {};
  if (source.type === 'url') {
    if (block.type === 'image') return { type: 'image', url: source.url };
    return { type: 'file', url: source.url, mediaType: 'application/pdf', ...name };
  }
  const mediaType = source.media_type.toLowerCase();
  const bytes = source.type === 'text' ? new TextEncoder().encode(source.data) : fromBase64(source.data);
  if (bytes === undefined)
    throw refused([...at, 'source', 'data'], 'source.data: The base64 data is not valid. Send the bytes as base64.');
  return block.type === 'image' ? { type: 'image', bytes, mediaType } : { type: 'file', bytes, mediaType, ...name };
}

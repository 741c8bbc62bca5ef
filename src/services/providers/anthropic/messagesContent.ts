import { base64 } from '../../../protocols/base64.js';
import { cannotSend } from '../../requests/cannotSend.js';
import type { ContentPart } from '../../spec/ContentPart.js';

const PROVIDER = 'Anthropic messages';
const IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const TAKES = 'images (jpeg, png, gif, webp; by URL or bytes), PDFs (by URL or bytes) and text/plain documents (bytes)';

/**
 * A user message's content as Messages API blocks: text blocks, `image` blocks (a `url` source,
 * or `base64` bytes of jpeg, png, gif or webp), and `document` blocks (a PDF by `url` or
 * `base64`, a text/plain file as a `text` source). Throws `E0020` for anything else.
 *
 * @example
 * ```ts
 * messagesUserContent([{ type: 'file', url: 'https://example.com/guide.pdf', mediaType: 'application/pdf' }], 'request.messages[0]');
 * // [{ type: 'document', source: { type: 'url', url: 'https://example.com/guide.pdf' } }]
 * ```
 */
export function messagesUserContent(
  content: string | readonly ContentPart[],
  where: string,
): Record<string, unknown>[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return content.flatMap((part, i): Record<string, unknown>[] => {
    const at = `${where}.content[${i}]`;
    switch (part.type) {
      case 'text':
        return part.text === '' ? [] : [{ type: 'text', text: part.text }];
      case 'image': {
        if ('url' in part) return [{ type: 'image', source: { type: 'url', url: part.url } }];
        const mediaType = part.mediaType.toLowerCase();
        if (!IMAGES.has(mediaType)) throw cannotSend(PROVIDER, at, `an image of type ${part.mediaType}`, TAKES);
        return [{ type: 'image', source: { type: 'base64', media_type: mediaType, data: base64(part.bytes) } }];
      }
      case 'file': {
        const mediaType = part.mediaType.toLowerCase();
        const title = part.name !== undefined ? { title: part.name } : {};
        if (mediaType === 'application/pdf') {
          const source =
            'url' in part
              ? { type: 'url', url: part.url }
              : { type: 'base64', media_type: mediaType, data: base64(part.bytes) };
          return [{ type: 'document', source, ...title }];
        }
        if (mediaType === 'text/plain' && 'bytes' in part) {
          return [
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: new TextDecoder().decode(part.bytes) },
              ...title,
            },
          ];
        }
        throw cannotSend(PROVIDER, at, `a file of type ${part.mediaType}${'url' in part ? ' by URL' : ''}`, TAKES);
      }
    }
  });
}

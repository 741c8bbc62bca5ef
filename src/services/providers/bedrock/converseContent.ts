import { base64 } from '../../../protocols/base64.js';
import { cannotSend } from '../../requests/cannotSend.js';
import type { ContentPart } from '../../spec/ContentPart.js';

const PROVIDER = 'Bedrock Converse';
const IMAGES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const DOCUMENTS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
};
const TAKES =
  'images (jpeg, png, gif, webp) and documents (pdf, csv, doc, docx, xls, xlsx, html, txt, md) as bytes, not by URL';

/**
 * A user message's content as Converse blocks: `{ text }`, `{ image: { format, source: { bytes } } }`
 * and `{ document: { format, name, source: { bytes } } }`, the bytes in base64 as the JSON protocol
 * carries blobs. Converse takes no web URL, and names every document (`document-<n>` when the part
 * has no name). Throws `E0020` for anything else.
 *
 * @example
 * ```ts
 * converseUserContent([{ type: 'image', bytes, mediaType: 'image/png' }], 'request.messages[0]');
 * // [{ image: { format: 'png', source: { bytes: 'iVBORw0…' } } }]
 * ```
 */
export function converseUserContent(
  content: string | readonly ContentPart[],
  where: string,
): Record<string, unknown>[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.flatMap((part, i): Record<string, unknown>[] => {
    const at = `${where}.content[${i}]`;
    if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
    if ('url' in part) throw cannotSend(PROVIDER, at, `${part.type === 'image' ? 'an image' : 'a file'} by URL`, TAKES);
    const mediaType = part.mediaType.toLowerCase();
    if (part.type === 'image') {
      const format = IMAGES[mediaType];
      if (format === undefined) throw cannotSend(PROVIDER, at, `an image of type ${part.mediaType}`, TAKES);
      return [{ image: { format, source: { bytes: base64(part.bytes) } } }];
    }
    const format = DOCUMENTS[mediaType];
    if (format === undefined) throw cannotSend(PROVIDER, at, `a file of type ${part.mediaType}`, TAKES);
    return [{ document: { format, name: documentName(part.name, i), source: { bytes: base64(part.bytes) } } }];
  });
}

/** Converse allows letters, digits, spaces, hyphens, parentheses and brackets in a document's name. */
function documentName(name: string | undefined, index: number): string {
  const cleaned = (name ?? '')
    .replace(/[^A-Za-z0-9 ()[\]-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? `document-${index}` : cleaned.slice(0, 200);
}

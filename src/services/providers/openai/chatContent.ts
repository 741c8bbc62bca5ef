import { dataUrl, base64 } from '../../requests/base64.js';
import { cannotSend } from '../../requests/cannotSend.js';
import type { ContentPart } from '../../spec/ContentPart.js';

const PROVIDER = 'OpenAI chat';
/** Audio the chat API takes inline (`input_audio`), by media type. */
const audioFormats: Readonly<Record<string, string>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};
const FILES = 'files as bytes: application/pdf as a file, audio/wav or audio/mpeg as input_audio';

/**
 * A user message's content in Chat Completions form: a string stays a string; parts become
 * `text`, `image_url` (a URL, or the bytes as a `data:` URL), `file` (a PDF's bytes as
 * `file_data`) and `input_audio` (wav or mp3 bytes). Throws `E0020` for what the API cannot
 * take: a file by URL, or a file of another media type.
 *
 * @example
 * ```ts
 * chatUserContent([{ type: 'image', url: 'https://example.com/a.png' }], 'request.messages[0]');
 * // [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }]
 * ```
 */
export function chatUserContent(
  content: string | readonly ContentPart[],
  where: string,
): string | Record<string, unknown>[] {
  if (typeof content === 'string') return content;
  return content.map((part, i) => {
    const at = `${where}.content[${i}]`;
    switch (part.type) {
      case 'text':
        return { type: 'text', text: part.text };
      case 'image':
        return {
          type: 'image_url',
          image_url: { url: 'url' in part ? part.url : dataUrl(part.bytes, part.mediaType) },
        };
      case 'file': {
        if (!('bytes' in part)) throw cannotSend(PROVIDER, at, `a file by URL (${part.mediaType})`, FILES);
        const format = audioFormats[part.mediaType.toLowerCase()];
        if (format !== undefined) return { type: 'input_audio', input_audio: { data: base64(part.bytes), format } };
        if (part.mediaType.toLowerCase() !== 'application/pdf')
          throw cannotSend(PROVIDER, at, `a file of type ${part.mediaType}`, FILES);
        return {
          type: 'file',
          file: { filename: part.name ?? 'file.pdf', file_data: dataUrl(part.bytes, part.mediaType) },
        };
      }
    }
  });
}

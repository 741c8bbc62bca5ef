import { base64 } from '../../../protocols/base64.js';
import type { ContentPart } from '../../spec/ContentPart.js';

/**
 * A user message's content as Gemini `parts`: `text` parts, bytes as `inlineData` (base64 with
 * their media type) and a URL as `fileData` (`fileUri`, the media type when known). Gemini reads
 * images, PDFs, audio, video and text files alike, so every part has a form; the API says which
 * media types a model takes.
 *
 * @example
 * ```ts
 * geminiParts([{ type: 'text', text: 'What is this?' }, { type: 'image', bytes, mediaType: 'image/png' }]);
 * // [{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: 'iVBOR...' } }]
 * ```
 */
export function geminiParts(content: string | readonly ContentPart[]): Record<string, unknown>[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.flatMap((part): Record<string, unknown>[] => {
    if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
    if ('bytes' in part) return [{ inlineData: { mimeType: part.mediaType.toLowerCase(), data: base64(part.bytes) } }];
    const mimeType = part.mediaType?.toLowerCase();
    return [{ fileData: { ...(mimeType === undefined ? {} : { mimeType }), fileUri: part.url } }];
  });
}

import type { ContentPart } from '../../services/spec/ContentPart.js';
import { base64, fromBase64 } from '../base64.js';
import { geminiRefused, snakePath } from './geminiRefused.js';
import type { GeneratePart } from './generateShapes.js';

/** A part as the adapter writes it: one field of the part's data. */
export type WrittenPart = Partial<Record<'text' | 'thoughtSignature', string>> & {
  readonly thought?: boolean;
  readonly inlineData?: { readonly mimeType: string; readonly data: string };
  readonly fileData?: { readonly mimeType?: string; readonly fileUri: string };
  readonly functionCall?: { readonly id: string; readonly name: string; readonly args: Record<string, unknown> };
  readonly functionResponse?: {
    readonly id: string;
    readonly name: string;
    readonly response: Record<string, unknown>;
  };
};

/**
 * A user message's content as Gemini `parts`: bytes as `inlineData`, a URL as `fileData`. Gemini reads every media type
 * alike, so every part has a form; a file's name has no place on the wire.
 */
export function writeUserParts(content: string | readonly ContentPart[]): WrittenPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.flatMap((part): WrittenPart[] => {
    if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
    if ('bytes' in part) return [{ inlineData: { mimeType: part.mediaType.toLowerCase(), data: base64(part.bytes) } }];
    const mimeType = part.mediaType?.toLowerCase();
    return [{ fileData: { ...(mimeType === undefined ? {} : { mimeType }), fileUri: part.url } }];
  });
}

/** An `inlineData` or `fileData` part read back: `image/*` (or a URL naming no type) is an image, else a file. */
export function readUserPart(part: GeneratePart, at: readonly PropertyKey[]): ContentPart {
  const inline = part.inlineData;
  if (inline !== undefined && inline !== null) {
    const bytes = fromBase64(inline.data);
    if (bytes === undefined)
      throw geminiRefused(
        [...at, 'inlineData', 'data'],
        `Invalid value at '${snakePath([...at, 'inlineData', 'data'])}' (TYPE_BYTES), Base64 decoding failed for ` +
          `${JSON.stringify(inline.data.slice(0, 40))}`,
        'verbatim',
      );
    const mediaType = inline.mimeType.toLowerCase();
    return mediaType.startsWith('image/') ? { type: 'image', bytes, mediaType } : { type: 'file', bytes, mediaType };
  }
  const file = part.fileData!;
  const mediaType = file.mimeType?.toLowerCase();
  if (mediaType === undefined || mediaType === '') return { type: 'image', url: file.fileUri };
  return mediaType.startsWith('image/')
    ? { type: 'image', url: file.fileUri, mediaType }
    : { type: 'file', url: file.fileUri, mediaType };
}

import type { ContentPart } from '../../services/spec/ContentPart.js';
import { base64, dataUrl, fromBase64, fromDataUrl } from '../base64.js';
import { refused, WireFault } from '../WireFault.js';
import type { ChatBody } from './chatShapes.js';

const TAKES = 'files as bytes: application/pdf as a file, audio/wav or audio/mpeg as input_audio';
/** Audio the chat API takes inline (`input_audio`), by media type. */
const audioFormats: Readonly<Record<string, 'wav' | 'mp3'>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};
const audioTypes = { wav: 'audio/wav', mp3: 'audio/mpeg' } as const;

export type UserContent = Extract<ChatBody['messages'][number], { role: 'user' }>['content'];

/** A user message's content as chat parts; a file by URL or of an unsupported type is a `cannot_send` fault. */
export function writeUserContent(content: string | readonly ContentPart[], where: string): UserContent {
  if (typeof content === 'string') return content;
  return content.map((part, i) => {
    const at = `${where}.content[${i}]`;
    switch (part.type) {
      case 'text':
        return { type: 'text' as const, text: part.text };
      case 'image':
        return {
          type: 'image_url' as const,
          image_url: { url: 'url' in part ? part.url : dataUrl(part.bytes, part.mediaType) },
        };
      case 'file': {
        if (!('bytes' in part))
          throw new WireFault({
            kind: 'cannot_send',
            where: at,
            what: `a file by URL (${part.mediaType})`,
            takes: TAKES,
          });
        const format = audioFormats[part.mediaType.toLowerCase()];
        if (format !== undefined)
          return { type: 'input_audio' as const, input_audio: { data: base64(part.bytes), format } };
        if (part.mediaType.toLowerCase() !== 'application/pdf')
          throw new WireFault({
            kind: 'cannot_send',
            where: at,
            what: `a file of type ${part.mediaType}`,
            takes: TAKES,
          });
        return {
          type: 'file' as const,
          file: { filename: part.name ?? 'file.pdf', file_data: dataUrl(part.bytes, part.mediaType) },
        };
      }
    }
  });
}

/** A user message's chat parts read back: an image or file sent inline as its bytes. */
export function readUserContent(content: UserContent, where: readonly PropertyKey[]): string | ContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part, i): ContentPart => {
    const at = [...where, 'content', i];
    switch (part.type) {
      case 'text':
        return { type: 'text', text: part.text };
      case 'image_url': {
        const inline = fromDataUrl(part.image_url.url);
        return inline === undefined ? { type: 'image', url: part.image_url.url } : { type: 'image', ...inline };
      }
      case 'input_audio': {
        const bytes = fromBase64(part.input_audio.data);
        if (bytes === undefined) throw refused([...at, 'input_audio', 'data'], 'input_audio.data is not base64.');
        return { type: 'file', bytes, mediaType: audioTypes[part.input_audio.format] };
      }
      case 'file': {
        const inline = part.file.file_data === undefined ? undefined : fromDataUrl(part.file.file_data);
        if (inline === undefined)
          throw refused(
            [...at, 'file'],
            'a file goes as file_data, a base64 data URL; an uploaded file_id is not kept here.',
          );
        return { type: 'file', ...inline, ...(part.file.filename !== undefined ? { name: part.file.filename } : {}) };
      }
    }
  });
}

import type { ContentPart } from '../../services/spec/ContentPart.js';
import { dataUrl, fromDataUrl } from '../base64.js';
import { refused, WireFault } from '../WireFault.js';
import type { responsesPart } from './responsesShapes.js';
import type { z } from 'zod';

type Part = z.output<typeof responsesPart>;

const TAKES = 'images by URL or as bytes, and files other than audio as bytes (input_file)';

/**
 * A user message's content as Responses parts; a file by URL and audio (which goes to transcription) are `cannot_send`.
 */
export function writeResponsesContent(content: string | readonly ContentPart[], where: string): string | Part[] {
  if (typeof content === 'string') return content;
  return content.map((part, i): Part => {
    const at = `${where}.content[${i}]`;
    switch (part.type) {
      case 'text':
        return { type: 'input_text', text: part.text };
      case 'image':
        return {
          type: 'input_image',
          image_url: 'url' in part ? part.url : dataUrl(part.bytes, part.mediaType),
          detail: 'auto',
        };
      case 'file': {
        const what = !('bytes' in part)
          ? `a file by URL (${part.mediaType})`
          : /^audio\//i.test(part.mediaType)
            ? 'audio'
            : '';
        if (what !== '') throw new WireFault({ kind: 'cannot_send', where: at, what, takes: TAKES });
        const bytes = (part as { readonly bytes: Uint8Array }).bytes;
        return {
          type: 'input_file',
          filename: part.name ?? 'file',
          file_data: dataUrl(bytes, part.mediaType),
        };
      }
    }
  });
}

/** A user message's Responses parts read back: an image or file sent inline as its bytes. */
export function readResponsesContent(
  content: string | readonly Part[],
  where: readonly PropertyKey[],
): string | ContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part, i): ContentPart => {
    const at = [...where, 'content', i];
    switch (part.type) {
      case 'input_text':
        return { type: 'text', text: part.text };
      case 'input_image': {
        const url = part.image_url;
        if (typeof url !== 'string' || url === '')
          throw refused(
            [...at, 'image_url'],
            'an image goes as image_url (a URL or a data URL); a file_id is not kept here.',
          );
        const inline = fromDataUrl(url);
        return inline === undefined ? { type: 'image', url } : { type: 'image', ...inline };
      }
      case 'input_file': {
        const inline = part.file_data === undefined ? undefined : fromDataUrl(part.file_data);
        if (inline === undefined)
          throw refused(
            [...at, 'file_data'],
            'a file goes as file_data, a base64 data URL; a file_id or file_url is not read here.',
          );
        return { type: 'file', ...inline, ...(part.filename !== undefined ? { name: part.filename } : {}) };
      }
    }
  });
}

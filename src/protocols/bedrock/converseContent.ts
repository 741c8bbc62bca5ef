import type { ContentPart } from '../../services/spec/ContentPart.js';
import type { ToolResult } from '../../services/spec/Provider.js';
import { base64, fromBase64 } from '../base64.js';
import { toJson } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import type { ConverseBlock, converseDocument, converseImage, converseResultBlock } from './converseShapes.js';
import type { z } from 'zod';
import { isRecord } from '../jsonValues.js';

const images = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
const documents = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
} as const;
const TAKES =
  'images (jpeg, png, gif, webp) and documents (pdf, csv, doc, docx, xls, xlsx, html, txt, md) as bytes, not by URL';

type Image = z.output<typeof converseImage>;
type Document = z.output<typeof converseDocument>;
type ResultBlock = z.output<typeof converseResultBlock>;

/**
 * A user message's content as Converse blocks, bytes in base64. Converse takes no web URL and names every document
 * (`document-<n>`); anything else is `cannot_send`.
 */
export function writeUserBlocks(content: string | readonly ContentPart[], where: string): ConverseBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.flatMap((part, i): ConverseBlock[] => {
    const at = `${where}.content[${i}]`;
    if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
    if ('url' in part) throw unsendable(at, `${part.type === 'image' ? 'an image' : 'a file'} by URL`);
    const mediaType = part.mediaType.toLowerCase();
    if (part.type === 'image') {
      const format = images[mediaType as keyof typeof images];
      if (format === undefined) throw unsendable(at, `an image of type ${part.mediaType}`);
      return [{ image: { format, source: { bytes: base64(part.bytes) } } }];
    }
    const format = documents[mediaType as keyof typeof documents];
    if (format === undefined) throw unsendable(at, `a file of type ${part.mediaType}`);
    return [{ document: { format, name: documentName(part.name, i), source: { bytes: base64(part.bytes) } } }];
  });
}

/** An image block read back: its bytes and media type. */
export function readImage(image: Image, at: readonly PropertyKey[]): ContentPart {
  return { type: 'image', bytes: sourceBytes(image.source, at), mediaType: `image/${image.format}` };
}

/** A document block read back as a file: its bytes (text sources as UTF-8), media type and name. */
export function readDocument(document: Document, at: readonly PropertyKey[]): ContentPart {
  const { source } = document;
  const text = source.text ?? source.content?.map((block) => block.text).join('');
  const bytes = text !== undefined ? new TextEncoder().encode(text) : sourceBytes(source, at);
  const mediaType =
    Object.entries(documents).find(([, format]) => format === document.format)?.[0] ?? 'application/octet-stream';
  return { type: 'file', bytes, mediaType, name: document.name };
}

/** A tool result as `toolResult`: an object as `json`, other output as JSON `text`, an error with `status: 'error'`. */
export function writeResult(result: ToolResult, where: string): ConverseBlock {
  if (result.error !== undefined)
    return { toolResult: { toolUseId: result.id, content: [{ text: result.error }], status: 'error' } };
  const text = toJson(result.output ?? null, `${where}.output`);
  const output: unknown = JSON.parse(text);
  const content = isRecord(output) ? { json: output } : { text };
  return { toolResult: { toolUseId: result.id, content: [content], status: 'success' } };
}

/** A `toolResult` read back; images and documents are refused, as the engine's tool results carry JSON alone. */
export function readResult(
  result: { toolUseId: string; content: readonly ResultBlock[]; status?: 'success' | 'error' | undefined },
  tool: string,
  at: readonly PropertyKey[],
): ToolResult {
  let json: unknown;
  let text = '';
  result.content.forEach((block, i) => {
    if (block.json !== undefined) json ??= block.json;
    else if (block.text !== undefined) text += block.text;
    else {
      const kind = Object.keys(block)[0] ?? 'empty';
      throw unsupported(
        [...at, 'content', i],
        `${path([...at, 'content', i])} is a '${kind}' block; the wire server reads json and text blocks in a tool ` +
          'result. Send the result as json or text.',
      );
    }
  });
  if (result.status === 'error')
    return { id: result.toolUseId, tool, error: json !== undefined ? JSON.stringify(json) : text };
  return { id: result.toolUseId, tool, output: json !== undefined ? json : parsed(text) };
}

/** A block Bedrock takes and the wire server does not (a video, an S3 file), answered as `W0004`. */
export function unsupported(at: readonly PropertyKey[], message: string): WireFault {
  return new WireFault({
    kind: 'refused',
    issue: { code: 'custom', path: [...at], message, input: undefined, params: { unsupported: true } },
  });
}

/** A path as Bedrock's own messages name a place: `messages.0.content.1`. */
export function path(at: readonly PropertyKey[]): string {
  return at.map(String).join('.');
}

function sourceBytes(source: Image['source'], at: readonly PropertyKey[]): Uint8Array {
  if (source.bytes === undefined) {
    throw unsupported(
      [...at, 'source'],
      `${path([...at, 'source'])} names a place in S3; the wire server reads bytes only. Send the bytes in ` +
        'source.bytes.',
    );
  }
  const bytes = fromBase64(source.bytes);
  if (bytes === undefined)
    throw refused([...at, 'source', 'bytes'], `The value at ${path([...at, 'source', 'bytes'])} is not valid base64.`);
  return bytes;
}

/** Converse allows letters, digits, spaces, hyphens, parentheses and brackets in a document's name. */
function documentName(name: string | undefined, index: number): string {
  const cleaned = (name ?? '')
    .replace(/[^A-Za-z0-9 ()[\]-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? `document-${index}` : cleaned.slice(0, 200);
}

/** A tool's output as the client sent it: JSON when it reads as JSON, else the text. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function unsendable(where: string, what: string): WireFault {
  return new WireFault({ kind: 'cannot_send', where, what, takes: TAKES });
}

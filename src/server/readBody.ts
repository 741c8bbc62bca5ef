import type { IncomingMessage } from 'node:http';
import { WireError } from './WireError.js';

/** The largest request body the server reads when its settings name no other: 25 MiB, OpenAI's audio upload limit. */
export const DEFAULT_BODY_LIMIT = 25 * 1024 * 1024;

/** `W0001`: a body past the server's limit. */
function tooLarge(limit: number): WireError {
  return new WireError(
    'W0001',
    413,
    `The request body is larger than the server's limit of ${limit} bytes. Send a smaller body, or start the ` +
      `server with a larger limit (standin serve --body-limit <bytes>, createFakeServer({ bodyLimit })).`,
    {
      type: 'invalid_request_error',
      code: 'request_too_large',
      retry: false,
    },
  );
}

/** Reads a body up to `limit` bytes; a larger one is `W0001` (413) and the rest is never buffered. */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.removeAllListeners('data');
        request.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    // `on`, not `once`: a request ends once, and once's wrapper is an allocation a request need not make.
    request.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** How deeply the JSON the server reads (request bodies, scripts documents) may nest arrays and objects. */
export const MAX_JSON_DEPTH = 128;

/** A JSON object body; `W0002` otherwise, `W0021` past {@link MAX_JSON_DEPTH}. */
export function readJson(body: Buffer): Record<string, unknown> {
  const parsed = readJsonDocument(body.toString('utf8'));
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new WireError(
      'W0002',
      400,
      'The request body is JSON but not an object. Send a JSON object such as {"model": "...", ...}.',
      { type: 'invalid_request_error' },
    );
  }
  return parsed as Record<string, unknown>;
}

/** JSON of any shape; the depth is checked before parsing, so nothing that reads it after recurses without bound. */
export function readJsonDocument(text: string): unknown {
  // Nesting past the bound takes more brackets than a shorter text holds.
  const depth = text.length <= MAX_JSON_DEPTH ? 0 : nesting(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) {
    throw new WireError(
      'W0021',
      400,
      `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} deep. Send JSON nested less deeply.`,
      { type: 'invalid_request_error', code: 'invalid_value', retry: false },
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new WireError(
      'W0002',
      400,
      `The request body is not JSON (${(error as Error).message}). Send a JSON object with content-type ` +
        `application/json.`,
      { type: 'invalid_request_error' },
    );
  }
}

/** How deeply `text` nests `[` and `{` outside strings, counted up to `past` + 1. */
function nesting(text: string, past: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest && (deepest = depth) > past) return deepest;
    } else if (c === 93 || c === 125) depth--;
  }
  return deepest;
}

import type { IncomingMessage } from 'node:http';
import { WireError } from './WireError.js';

/** The largest request body the server reads when its settings name no other: 25 MiB, OpenAI's audio upload limit. */
export const DEFAULT_BODY_LIMIT = 25 * 1024 * 1024;

/**
 * Reads a request's body whole, up to `limit` bytes: a larger one (by its `content-length`, or
 * as it arrives) is refused with `W0001` (413) and the rest is never buffered.
 *
 * @example
 * ```ts
 * const body = await readBody(request, DEFAULT_BODY_LIMIT);
 * ```
 */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = (): WireError =>
    new WireError('W0001', 413, `The request body is larger than the server's limit of ${limit} bytes. Send a smaller body, or start the server with a larger bodyLimit.`, {
      type: 'invalid_request_error',
      code: 'request_too_large',
      retry: false,
    });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        request.removeAllListeners('data');
        request.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    request.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    request.once('error', reject);
  });
}

/**
 * Parses a JSON body, refusing one that is not a JSON object with `W0002` (400).
 *
 * @example
 * ```ts
 * const body = readJson(Buffer.from('{"model":"gpt-4.1-mini"}'));
 * ```
 */
export function readJson(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new WireError('W0002', 400, `The request body is not JSON (${(error as Error).message}). Send a JSON object with content-type application/json.`, { type: 'invalid_request_error' });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new WireError('W0002', 400, 'The request body is JSON but not an object. Send a JSON object such as {"model": "...", ...}.', { type: 'invalid_request_error' });
  }
  return parsed as Record<string, unknown>;
}

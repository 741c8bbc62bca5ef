import { LimitExceeded } from '../../../protocols/LimitExceeded.js';

/**
 * A whole body, given up (its connection closed) as soon as it passes `limit`, so a decompression bomb never sits in
 * memory.
 */
export async function readBounded(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  // Without content-encoding the declared length is the body's: a body declared too large is refused unread.
  if (declared > limit && response.headers.get('content-encoding') === null) {
    await response.body?.cancel().catch(() => undefined);
    throw new LimitExceeded('maxBodyBytes', limit, 'the response body');
  }
  const reader = response.body?.getReader();
  if (reader === undefined) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    total += next.value.byteLength;
    if (total > limit) {
      chunks.length = 0;
      await reader.cancel().catch(() => undefined);
      throw new LimitExceeded('maxBodyBytes', limit, 'the response body');
    }
    chunks.push(next.value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Up to `limit` characters of an error body, closing the connection on the rest. */
export async function readText(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const next = await reader.read();
    if (next.done) return text + decoder.decode();
    text += decoder.decode(next.value, { stream: true });
    if (text.length >= limit) {
      await reader.cancel().catch(() => undefined);
      return text.slice(0, limit);
    }
  }
}

/**
 * Why a body could not be decompressed (Node's fetch throws `TypeError('terminated')` with zlib's error as cause), or
 * undefined.
 */
export function decodeFailure(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 4; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code)) return at.message;
  }
  return undefined;
}

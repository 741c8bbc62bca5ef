import { LimitExceeded } from '../../../protocols/LimitExceeded.js';
import type { Limits } from './limits.js';
import { SseDecoder, type SseEvent } from '../../../protocols/sse.js';

/**
 * A body read as server-sent events, a batch per network chunk, each line, event and the body bounded. Stopping early
 * cancels the reader, so the connection is closed rather than left open.
 */
export async function* sseBatches(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: Limits,
  fail: (error: unknown) => unknown,
): AsyncGenerator<SseEvent[], void, undefined> {
  const { maxLineBytes, maxEventBytes, maxBodyBytes } = limits;
  const decoder = new SseDecoder({ maxLineBytes, maxEventBytes });
  let total = 0;
  let done = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw fail(error);
      }
      const out: SseEvent[] = [];
      try {
        if (next.done) {
          done = true;
          decoder.end(out);
        } else {
          total += next.value.byteLength;
          if (total > maxBodyBytes) throw new LimitExceeded('maxBodyBytes', maxBodyBytes, 'the streamed response body');
          decoder.push(next.value, out);
        }
      } catch (error) {
        throw fail(error);
      }
      if (out.length > 0) yield out;
      if (done) return;
    }
  } finally {
    // A consumer that stops early closes the connection rather than leaving it open.
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

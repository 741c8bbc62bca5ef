import { EventStreamDecoder } from '../../../protocols/eventStream/EventStreamDecoder.js';
import type { EventMessage } from '../../../protocols/eventStream/eventMessage.js';
import { WireFault } from '../../../protocols/WireFault.js';
import type { Exchange } from '../http/Exchange.js';
import type { Limits } from '../http/limits.js';

/**
 * A body read as AWS event-stream messages, a batch per network chunk, each message and the body bounded before it is
 * held. Stopping early cancels the reader, closing the connection.
 */
export async function* eventFrames(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: Limits,
  exchange: Exchange,
): AsyncGenerator<EventMessage[], void, undefined> {
  const decoder = new EventStreamDecoder({ maxEventBytes: limits.maxEventBytes, maxBodyBytes: limits.maxBodyBytes });
  let done = false;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw exchange.fail(error);
      }
      const out: EventMessage[] = [];
      try {
        if (next.done) {
          done = true;
          decoder.end();
        } else decoder.push(next.value, out);
      } catch (error) {
        throw error instanceof WireFault ? exchange.readFault(error) : exchange.fail(error);
      }
      if (out.length > 0) yield out;
      if (done) return;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

import type { Message } from '@smithy/eventstream-codec';
import type { Exchange } from '../http/Exchange.js';
import { LimitExceeded } from '../../../protocols/LimitExceeded.js';
import type { Limits } from '../http/limits.js';
import type { EventStreamPackages } from './awsPackages.js';

/** The fewest bytes an event-stream message has: its 12-byte prelude and its 4-byte checksum. */
const SMALLEST = 16;

/**
 * A streamed body read as AWS event-stream messages, in batches: the messages each network chunk
 * completes, each decoded (and its checksums checked) by `@smithy/eventstream-codec`. This reads
 * only each message's length, to know where it ends; a message longer than `maxEventBytes`, or a
 * body past `maxBodyBytes`, fails before it is held, and a body that ends inside a message is
 * malformed. A consumer that stops early cancels the reader, closing the connection.
 *
 * @example
 * ```ts
 * for await (const messages of eventFrames(reader, limits, packages, exchange)) for (const m of messages) fold(m);
 * ```
 */
export async function* eventFrames(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: Limits,
  packages: EventStreamPackages,
  exchange: Exchange,
): AsyncGenerator<Message[], void, undefined> {
  const codec = new packages.codec.EventStreamCodec(packages.utf8.toUtf8, packages.utf8.fromUtf8);
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let total = 0;
  let done = false;
  const take = (count: number): Uint8Array => {
    const out = new Uint8Array(count);
    let at = 0;
    while (at < count) {
      const first = held[0]!;
      const used = Math.min(first.byteLength, count - at);
      out.set(first.subarray(0, used), at);
      at += used;
      if (used === first.byteLength) held.shift();
      else held[0] = first.subarray(used);
    }
    heldBytes -= count;
    return out;
  };
  const peekLength = (): number => {
    const prelude = new Uint8Array(4);
    let at = 0;
    for (const chunk of held) {
      const used = Math.min(chunk.byteLength, 4 - at);
      prelude.set(chunk.subarray(0, used), at);
      at += used;
      if (at === 4) break;
    }
    return new DataView(prelude.buffer).getUint32(0, false);
  };
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw exchange.fail(error);
      }
      if (next.done) {
        done = true;
        if (heldBytes > 0)
          throw exchange.malformed(`the stream ended inside an event-stream message (${heldBytes} bytes left over)`);
        return;
      }
      total += next.value.byteLength;
      if (total > limits.maxBodyBytes)
        throw exchange.fail(new LimitExceeded('maxBodyBytes', limits.maxBodyBytes, 'the streamed response body'));
      held.push(next.value);
      heldBytes += next.value.byteLength;
      const out: Message[] = [];
      while (heldBytes >= 4) {
        const length = peekLength();
        if (length < SMALLEST)
          throw exchange.malformed(`an event-stream message claims ${length} bytes, fewer than 16`);
        if (length > limits.maxEventBytes) {
          throw exchange.fail(
            new LimitExceeded('maxEventBytes', limits.maxEventBytes, 'one event-stream message of the response'),
          );
        }
        if (heldBytes < length) break;
        try {
          out.push(codec.decode(take(length)));
        } catch (error) {
          throw exchange.malformed(`an event-stream message does not decode (${(error as Error).message})`);
        }
      }
      if (out.length > 0) yield out;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
  }
}

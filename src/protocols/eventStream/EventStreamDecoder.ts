import { LimitExceeded } from '../LimitExceeded.js';
import { malformed } from '../WireFault.js';
import { decodeMessage, PRELUDE_BYTES, readPrelude, type EventMessage } from './eventMessage.js';

/**
 * Decodes an AWS event stream as bytes arrive; a chunk may end anywhere and the messages come out the same, each
 * checksum checked. A body past `maxBodyBytes` or a prelude claiming more than `maxEventBytes` throws {@link
 * LimitExceeded} before its bytes are held. A message is gathered in one buffer of its own length, so one sent a byte
 * at a time costs no more than one sent whole.
 */
export class EventStreamDecoder {
  readonly #maxEvent: number;
  readonly #maxBody: number;
  readonly #prelude = new Uint8Array(PRELUDE_BYTES);
  /** How many bytes of the next message's prelude came. */
  #preludeBytes = 0;
  /** The message being gathered, once its prelude came and held; `#filled` of its bytes are in. */
  #message: Uint8Array | undefined;
  #filled = 0;
  #total = 0;

  constructor(bounds: { readonly maxEventBytes?: number; readonly maxBodyBytes?: number } = {}) {
    this.#maxEvent = bounds.maxEventBytes ?? Number.POSITIVE_INFINITY;
    this.#maxBody = bounds.maxBodyBytes ?? Number.POSITIVE_INFINITY;
  }

  /** Takes `chunk` and appends the messages it completes to `out`; throws past a bound or at bytes that break the format. */
  push(chunk: Uint8Array, out: EventMessage[]): void {
    this.#total += chunk.length;
    if (this.#total > this.#maxBody)
      throw new LimitExceeded('maxBodyBytes', this.#maxBody, 'the streamed response body');
    let at = 0;
    while (at < chunk.length) {
      if (this.#message === undefined) {
        if (this.#preludeBytes === 0 && chunk.length - at >= PRELUDE_BYTES) {
          // The commonest case: a whole message inside the chunk is read where it lies.
          const length = this.#claim(chunk.subarray(at, at + PRELUDE_BYTES));
          if (chunk.length - at >= length) {
            out.push(decodeMessage(chunk.subarray(at, at + length)));
            at += length;
            continue;
          }
          this.#start(length, chunk.subarray(at, at + PRELUDE_BYTES));
          at += PRELUDE_BYTES;
          continue;
        }
        const used = Math.min(PRELUDE_BYTES - this.#preludeBytes, chunk.length - at);
        this.#prelude.set(chunk.subarray(at, at + used), this.#preludeBytes);
        this.#preludeBytes += used;
        at += used;
        if (this.#preludeBytes < PRELUDE_BYTES) return;
        this.#start(this.#claim(this.#prelude), this.#prelude);
        continue;
      }
      const message = this.#message;
      const used = Math.min(message.length - this.#filled, chunk.length - at);
      message.set(chunk.subarray(at, at + used), this.#filled);
      this.#filled += used;
      at += used;
      if (this.#filled === message.length) {
        this.#message = undefined;
        this.#preludeBytes = 0;
        out.push(decodeMessage(message));
      }
    }
  }

  /** Ends the stream: bytes left over are a message cut short. */
  end(): void {
    const left = this.#message === undefined ? this.#preludeBytes : this.#filled;
    if (left > 0) throw malformed(`the stream ended inside an event-stream message (${left} bytes left over)`);
  }

  /** The length a sound prelude claims, within the bound. */
  #claim(prelude: Uint8Array): number {
    const { length } = readPrelude(prelude);
    if (length > this.#maxEvent) throw new LimitExceeded('maxEventBytes', this.#maxEvent, 'one event-stream message');
    return length;
  }

  #start(length: number, prelude: Uint8Array): void {
    this.#message = new Uint8Array(length);
    this.#message.set(prelude);
    this.#filled = PRELUDE_BYTES;
  }
}

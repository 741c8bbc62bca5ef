import type { ServerResponse } from 'node:http';
import type { EventStreamPackages } from '../services/providers/bedrock/awsPackages.js';
import { writeTimeoutOf } from './respond.js';

/**
 * An AWS event stream on one response, as Bedrock's ConverseStream sends it: each event a binary
 * message encoded by `@smithy/eventstream-codec` (`:event-type`, `:content-type`, `:message-type`
 * headers, a JSON payload), opened with the 200 status on the first, so a failure before it can
 * still be answered with an error status. A send waits while the socket's buffer is full; a client
 * that takes nothing within the write timeout has its connection closed (the send rejects).
 *
 * @example
 * ```ts
 * const stream = new EventStreamWriter(response, packages, { 'x-amzn-requestid': 'req_1' });
 * await stream.event('messageStart', { role: 'assistant' });
 * stream.end();
 * ```
 */
export class EventStreamWriter {
  readonly #response: ServerResponse;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #codec: InstanceType<EventStreamPackages['codec']['EventStreamCodec']>;
  readonly #utf8: EventStreamPackages['utf8'];

  constructor(response: ServerResponse, packages: EventStreamPackages, headers: Readonly<Record<string, string>>) {
    this.#response = response;
    this.#headers = headers;
    this.#codec = new packages.codec.EventStreamCodec(packages.utf8.toUtf8, packages.utf8.fromUtf8);
    this.#utf8 = packages.utf8;
  }

  /** Whether the first message was sent (and with it the 200 status). */
  get started(): boolean {
    return this.#response.headersSent;
  }

  /** Sends one event of `type` with its JSON payload. */
  event(type: string, payload: Record<string, unknown>): Promise<void> {
    return this.#send({ ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' }, payload);
  }

  /** Sends an exception inside the stream (`throttlingException`, ...), as Bedrock breaks off an answer. */
  exception(type: string, message: string): Promise<void> {
    return this.#send(
      { ':exception-type': type, ':content-type': 'application/json', ':message-type': 'exception' },
      { message },
    );
  }

  /** Ends the stream. */
  end(): void {
    this.#response.end();
  }

  #send(headers: Record<string, string>, payload: Record<string, unknown>): Promise<void> {
    const response = this.#response;
    if (response.destroyed) return Promise.resolve();
    if (!response.headersSent)
      response.writeHead(200, { ...this.#headers, 'content-type': 'application/vnd.amazon.eventstream' });
    const bytes = this.#codec.encode({
      headers: Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, { type: 'string' as const, value }]),
      ),
      body: this.#utf8.fromUtf8(JSON.stringify(payload)),
    });
    if (response.write(bytes)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      const ms = writeTimeoutOf(response);
      const timer = setTimeout(() => {
        response.off('drain', done);
        response.off('close', done);
        response.destroy();
        reject(new Error(`the client took nothing of the stream for ${ms} ms; its connection was closed`));
      }, ms);
      response.on('drain', done);
      response.on('close', done);
    });
  }
}

import type { ServerResponse } from 'node:http';
import { drained } from './respond.js';

/** What a send that need not wait answers: one promise, settled. */
const READY: Promise<void> = Promise.resolve();

/**
 * An AWS event stream (`application/vnd.amazon.eventstream`) on one response, as Bedrock's ConverseStream sends it:
 * each message encoded by the protocol's writer, opened with the 200 status on the first, so a failure before it can
 * still be answered with an error status. A send waits while the socket's buffer is full ({@link drained}); a client
 * that takes nothing within the write timeout has its connection closed (the send rejects).
 */
export class EventStreamWriter {
  readonly #response: ServerResponse;
  readonly #headers: Readonly<Record<string, string>>;

  constructor(response: ServerResponse, headers: Readonly<Record<string, string>>) {
    this.#response = response;
    this.#headers = headers;
  }

  /** Whether the first message was sent (and with it the 200 status). */
  get started(): boolean {
    return this.#response.headersSent;
  }

  /** Sends one encoded message. */
  send(message: Uint8Array): Promise<void> {
    const response = this.#response;
    if (response.destroyed) return READY;
    if (!response.headersSent)
      response.writeHead(200, { ...this.#headers, 'content-type': 'application/vnd.amazon.eventstream' });
    return response.write(message) ? READY : drained(response);
  }

  /** Ends the stream. */
  end(): void {
    this.#response.end();
  }
}

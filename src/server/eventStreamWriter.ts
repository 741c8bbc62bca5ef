import type { ServerResponse } from 'node:http';
import { drained } from './respond.js';

/** What a send that need not wait answers: one promise, settled. */
const READY: Promise<void> = Promise.resolve();

/**
 * An AWS event stream on one response, its 200 sent with the first message so an earlier failure can still get an error
 * status. A send waits while the socket is full; a client that takes nothing within the write timeout is dropped.
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
    if (!response.headersSent) {
      // Assigned, not spread with a property after it, which V8 (Node 20) takes microseconds over.
      const head: Record<string, string> = Object.assign({}, this.#headers);
      head['content-type'] = 'application/vnd.amazon.eventstream';
      response.writeHead(200, head);
    }
    return response.write(message) ? READY : drained(response);
  }

  /** Ends the stream. */
  end(): void {
    this.#response.end();
  }
}

import type { ServerResponse } from 'node:http';

/**
 * Sends a JSON body with its status and headers, whole.
 *
 * @example
 * ```ts
 * sendJson(response, 200, { object: 'list', data: [] });
 * ```
 */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * A server-sent event stream on one response: opened on the first event, so a failure before
 * it can still be answered with an error status; each write waits while the socket's buffer is
 * full, so a slow client holds back the stream rather than the server's memory.
 *
 * @example
 * ```ts
 * const sse = new SseStream(response, { 'x-request-id': 'req_1' });
 * await sse.send({ delta: 'Hi' });
 * await sse.send('[DONE]');
 * sse.end();
 * ```
 */
export class SseStream {
  readonly #response: ServerResponse;
  readonly #headers: Readonly<Record<string, string>>;

  constructor(response: ServerResponse, headers: Readonly<Record<string, string>> = {}) {
    this.#response = response;
    this.#headers = headers;
  }

  /** Whether the first event was sent (and with it the 200 status). */
  get started(): boolean {
    return this.#response.headersSent;
  }

  /** Sends one event: `data` as JSON (or as it is, for a string), under `event` when named. */
  async send(data: unknown, event?: string): Promise<void> {
    const response = this.#response;
    if (!response.headersSent) {
      response.writeHead(200, { ...this.#headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    }
    const text = `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
    if (!response.write(text) && !response.destroyed) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.on('drain', done);
        response.on('close', done);
      });
    }
  }

  /** Ends the stream. */
  end(): void {
    this.#response.end();
  }
}

import type { ServerResponse } from 'node:http';

/**
 * How long a response waits for a client to take what was written (its socket to drain) before the connection is
 * closed, in ms, unless the settings name another.
 */
export const DEFAULT_WRITE_TIMEOUT_MS = 30_000;
/**
 * The largest piece of text one streamed event carries: a longer text is sent as several deltas, each after the last
 * was taken.
 */
export const MAX_DELTA_CHARS = 16 * 1024;

/** Each response's write timeout, set by the server when the request comes. */
const writeTimeouts = new WeakMap<ServerResponse, number>();

/**
 * Gives `response` its write timeout: past it, a client that does not take what was written
 * (a full socket that does not drain) has its connection closed, so it holds no memory for long.
 *
 * @example
 * ```ts
 * setWriteTimeout(response, 30_000);
 * ```
 */
export function setWriteTimeout(response: ServerResponse, ms: number): void {
  writeTimeouts.set(response, ms);
}

/** Closes `response`'s connection unless what was written is taken (`finish`) or it closes within its write timeout. */
function closeUnlessTaken(response: ServerResponse): void {
  if (response.writableFinished || response.destroyed) return;
  const timer = setTimeout(() => response.destroy(), writeTimeouts.get(response) ?? DEFAULT_WRITE_TIMEOUT_MS);
  timer.unref();
  const done = (): void => clearTimeout(timer);
  response.once('finish', done);
  response.once('close', done);
}

/**
 * Splits a text into the pieces streamed events carry: at most {@link MAX_DELTA_CHARS} each, so a
 * long answer is written as the client takes it rather than held whole in a socket's buffer.
 *
 * @example
 * ```ts
 * for (const piece of deltas(part.text)) await sse.send(chunk({ content: piece }));
 * ```
 */
export function deltas(text: string): string[] {
  if (text.length <= MAX_DELTA_CHARS) return [text];
  const pieces: string[] = [];
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + MAX_DELTA_CHARS, text.length);
    // Never split a surrogate pair: each piece must be valid text on its own.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/**
 * Sends a JSON body with its status and headers, whole.
 *
 * @example
 * ```ts
 * sendJson(response, 200, { object: 'list', data: [] });
 * ```
 */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
  closeUnlessTaken(response);
}

/**
 * Sends bytes whole, with their status and headers; a client that does not take them within
 * the write timeout has its connection closed.
 *
 * @example
 * ```ts
 * sendBytes(response, 200, audio, { 'content-type': 'audio/mpeg' });
 * ```
 */
export function sendBytes(
  response: ServerResponse,
  status: number,
  body: Uint8Array | string,
  headers: Readonly<Record<string, string | number>> = {},
): void {
  response.writeHead(status, headers);
  response.end(body);
  closeUnlessTaken(response);
}

/**
 * A server-sent event stream on one response: opened on the first event, so a failure before
 * it can still be answered with an error status; each write waits while the socket's buffer is
 * full, so a slow client holds back the stream rather than the server's memory, and a client
 * that takes nothing within the write timeout has its connection closed (the send rejects).
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
      response.writeHead(200, {
        ...this.#headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      });
    }
    const text =
      `${event === undefined ? '' : `event: ${event}\n`}data: ` +
      `${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
    if (!response.write(text) && !response.destroyed) {
      await new Promise<void>((resolve, reject) => {
        const done = (): void => {
          clearTimeout(timer);
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        const ms = writeTimeouts.get(response) ?? DEFAULT_WRITE_TIMEOUT_MS;
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

  /** Ends the stream. */
  end(): void {
    this.#response.end();
    closeUnlessTaken(this.#response);
  }
}

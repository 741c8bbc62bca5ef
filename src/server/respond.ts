/*
 * Where a wire request's time went (issue 24, `npm run bench -- server`, 50 keep-alive connections): about 145 µs
 * of CPU per chat completion (155 streamed) against 40 µs for a bare node:http server and 125 µs for aimock. Node's
 * HTTP parsing and the one writev a response takes are most of the bare server's cost, and ours too; what was cut:
 * - streams: each event was a chunked write of its own (4 buffers: a 200-chunk stream ended as one writev of 800),
 *   its chunk an object spread from the stream's head and stringified whole. SseStream holds the events sent while
 *   the stream's work runs without waiting and writes them at once (next tick, or past HOLD_CHARS), still waiting
 *   on drain; a chat chunk is its head's JSON, written once a stream, and its delta. 200 chunks: 1,550 µs → 700.
 * - whole answers: the completion written as JSON text; no write-timeout timer when the socket took the body at
 *   once; the write timeout kept per connection, not per response.
 * - per request: zod skipped for the input and options the server hands the engine and for a plain answer record
 *   (hand checks, property-tested against the schemas: requests/plainInput.ts, model/quickAnswer.ts); a short
 *   body is its own step key, not hashed; short JSON not scanned for depth; rule lists made once.
 * After: about 105-110 µs a request (115-130 streamed).
 * Issue 36 (CPU of the server's process a request, from /proc, 1 to 50 connections): a plain chat body read without
 * zod (quickChat), headers and the sent entry built without a spread that properties follow (V8 takes microseconds
 * over one), a part's events sent without a turn of the microtask queue each, a stream's first write after 1 KB. The
 * server's own share (the engine's answer stubbed) is about 1.5x bare node:http's; the engine's call is the rest.
 */
import type { ServerResponse } from 'node:http';
import { sseEvent } from '../protocols/sse.js';

/** How long a client may leave written bytes untaken before its connection closes. */
export const DEFAULT_WRITE_TIMEOUT_MS = 30_000;
/** Per socket, not per response, so a keep-alive connection's requests write nothing here. */
const writeTimeouts = new WeakMap<object, number>();

/** Past the write timeout a client that does not drain its socket is dropped, so it holds no memory for long. */
export function setWriteTimeout(response: ServerResponse, ms: number): void {
  const socket = response.socket;
  if (socket !== null && writeTimeouts.get(socket) !== ms) writeTimeouts.set(socket, ms);
}

/** The write timeout of `response`'s connection. */
export function writeTimeoutOf(response: ServerResponse): number {
  const socket = response.socket;
  return (socket === null ? undefined : writeTimeouts.get(socket)) ?? DEFAULT_WRITE_TIMEOUT_MS;
}

/** Closes the connection unless the bytes are taken in time; nothing is watched when the socket took them at once. */
function closeUnlessTaken(response: ServerResponse): void {
  if (response.writableFinished || response.destroyed || response.socket?.writableLength === 0) return;
  const timer = setTimeout(() => response.destroy(), writeTimeoutOf(response));
  timer.unref();
  const done = (): void => clearTimeout(timer);
  response.once('finish', done);
  response.once('close', done);
}

/** Whether `response` is HTTP/2's, standing in for HTTP/1.1's: its stream is its own, its connection shared. */
export function isHttp2(response: ServerResponse): boolean {
  return 'stream' in response;
}

/**
 * A scripted `network` failure: HTTP/1.1 closes the connection; HTTP/2, whose connection carries other requests, resets
 * the stream.
 */
export function dropConnection(response: ServerResponse): void {
  if (!isHttp2(response)) response.socket?.destroy();
  response.destroy();
}

/**
 * A copy of `headers` to add to. Not `{ ...headers, name: value }`: V8 (Node 20) takes microseconds over a spread that
 * properties follow, more than the rest of a response's header work.
 */
function withHeaders(headers: Readonly<Record<string, string>>): Record<string, string | number> {
  return Object.assign({}, headers);
}

/** Sends a JSON body with its status and headers, whole. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  sendJsonText(response, status, JSON.stringify(body), headers);
}

/** Sends a body already written as JSON text, with its status and headers, whole. */
export function sendJsonText(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const head = withHeaders(headers);
  head['content-type'] = 'application/json';
  head['content-length'] = Buffer.byteLength(text);
  response.writeHead(status, head);
  response.end(text);
  closeUnlessTaken(response);
}

/** Sends bytes whole, under the write timeout. */
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

/** What a send that need not wait answers: one promise, settled, shared by every stream. */
const READY: Promise<void> = Promise.resolve();
/** The most characters of events a stream holds back to write with those that follow: past it, they are written. */
export const HOLD_CHARS = 16 * 1024;
/** The most a stream holds back before its first write: a long answer's first events reach the client early. */
export const FIRST_HOLD_CHARS = 1024;

/**
 * A server-sent event stream, opened on the first event so an earlier failure can get an error status. Events sent
 * without waiting go out in one write when the work yields or past {@link HOLD_CHARS}. A send waits while the socket is
 * full, so a slow client holds back the stream rather than the server's memory.
 */
export class SseStream {
  readonly #response: ServerResponse;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #contentType: string;
  /** The events sent and not written yet. */
  #held = '';
  #flushing = false;
  /** How much may be held back before a write: {@link FIRST_HOLD_CHARS} until the first, then {@link HOLD_CHARS}. */
  #hold = FIRST_HOLD_CHARS;

  /** `contentType` is another line-framed stream's (Ollama's NDJSON), written and held back alike. */
  constructor(
    response: ServerResponse,
    headers: Readonly<Record<string, string>> = {},
    contentType = 'text/event-stream; charset=utf-8',
  ) {
    this.#response = response;
    this.#headers = headers;
    this.#contentType = contentType;
  }

  /** Whether the first event was sent (and with it the 200 status). */
  get started(): boolean {
    return this.#response.headersSent;
  }

  /** Sends one event: `data` as JSON (or as it is, for a string), under `event` when named. */
  send(data: unknown, event?: string): Promise<void> {
    return this.event(sseEvent(typeof data === 'string' ? data : JSON.stringify(data), event));
  }

  /** Sends one event written out whole: `data: ...` and the blank line that ends it. */
  event(text: string): Promise<void> {
    return this.#put(text) ?? READY;
  }

  /**
   * Sends the events one part made, each written out whole; a promise only while the client's socket is full, so a stream
   * that need not wait for its client spends no turn of the microtask queue per part.
   */
  events(texts: readonly string[]): Promise<void> | undefined {
    for (let i = 0; i < texts.length; i++) {
      const wait = this.#put(texts[i]!);
      if (wait !== undefined) return i === texts.length - 1 ? wait : this.#rest(wait, texts, i + 1);
    }
    return undefined;
  }

  /** The events after one that had to wait, each sent once the client took what came before it. */
  async #rest(wait: Promise<void>, texts: readonly string[], from: number): Promise<void> {
    await wait;
    for (let i = from; i < texts.length; i++) await this.event(texts[i]!);
  }

  #put(text: string): Promise<void> | undefined {
    const response = this.#response;
    if (!response.headersSent) {
      const head = withHeaders(this.#headers);
      head['content-type'] = this.#contentType;
      head['cache-control'] = 'no-cache';
      // HTTP/2 has no connection header: its connections stay open by themselves.
      if (!isHttp2(response)) head.connection = 'keep-alive';
      response.writeHead(200, head);
    }
    this.#held += text;
    if (this.#held.length < this.#hold && !response.writableNeedDrain) {
      if (!this.#flushing) {
        this.#flushing = true;
        process.nextTick(flushHeld, this);
      }
      return undefined;
    }
    if (this.flush() || response.destroyed) return undefined;
    return drained(response);
  }

  /** Writes the events held back; false when the socket's buffer is full. */
  flush(): boolean {
    this.#flushing = false;
    this.#hold = HOLD_CHARS;
    const response = this.#response;
    const held = this.#held;
    this.#held = '';
    // A stream broken off (refused mid-way, its client gone) drops what it held.
    if (held === '' || response.writableEnded || response.destroyed) return !response.writableNeedDrain;
    return response.write(held);
  }

  /** Ends the stream, with the events held back. */
  end(): void {
    const held = this.#held;
    this.#held = '';
    if (held === '') this.#response.end();
    else this.#response.end(held);
    closeUnlessTaken(this.#response);
  }
}

/**
 * Settles once a full socket drains or closes, so a slow client holds back the stream, not the server's memory; rejects
 * past the write timeout.
 */
export function drained(response: ServerResponse): Promise<void> {
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

function flushHeld(stream: SseStream): void {
  stream.flush();
}

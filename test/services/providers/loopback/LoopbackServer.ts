import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received, whole. */
export interface Received {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/** What the server does with one request. */
export type Handler = (request: Received, response: ServerResponse) => void | Promise<void>;

/**
 * A node:http server on 127.0.0.1 that speaks whatever wire format its handlers write. Each
 * request to a path takes the next handler queued for that path (the last one stays), and is
 * recorded whole, so a test can check the exact body and headers an adapter sent.
 */
export class LoopbackServer {
  readonly received: Received[] = [];
  readonly #server: Server;
  readonly #queues = new Map<string, Handler[]>();
  readonly #open = new Set<ServerResponse>();

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<LoopbackServer> {
    const server = createServer();
    const self = new LoopbackServer(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on(
        'end',
        () =>
          void self.#handle(
            { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) },
            res,
          ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return self;
  }

  /** The server's base URL, such as `http://127.0.0.1:40123`, with `path` after it. */
  url(path = ''): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${path}`;
  }

  /** Queues handlers for `path`: each request takes the next; the last answers every request after. */
  on(path: string, ...handlers: Handler[]): this {
    this.#queues.set(path, [...handlers]);
    return this;
  }

  /** The requests received at `path`. */
  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  /** Forgets handlers and received requests between tests. */
  reset(): void {
    this.#queues.clear();
    this.received.length = 0;
  }

  async close(): Promise<void> {
    for (const response of this.#open) response.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: Received, response: ServerResponse): Promise<void> {
    this.received.push(request);
    this.#open.add(response);
    response.on('close', () => this.#open.delete(response));
    const queue = this.#queues.get(request.path);
    const handler = queue === undefined ? undefined : queue.length > 1 ? queue.shift() : queue[0];
    if (handler === undefined) {
      json(404, { error: { message: `no handler for ${request.path}`, type: 'not_found' } })(request, response);
      return;
    }
    try {
      await handler(request, response);
    } catch {
      response.destroy();
    }
  }
}

/** Answers JSON with `status` and `headers`. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
}

/** Answers a raw body with `status` and `headers`. */
export function raw(status: number, body: string | Uint8Array, headers: Record<string, string> = {}): Handler {
  return (_, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };
}

/** How an event stream is written. */
export interface StreamOptions {
  /** Byte offsets to split the body at, each piece its own write, flushed before the next. */
  readonly splits?: readonly number[];
  /** Write the body one byte at a time. */
  readonly byteByByte?: boolean;
  /** Stop after this many bytes and close the connection cleanly (a truncated stream). */
  readonly truncateAt?: number;
  /** Destroy the socket after this many bytes (a connection reset mid-stream). */
  readonly resetAt?: number;
  /** Wait this long before the first byte of the body. */
  readonly delayMs?: number;
  /** Response headers besides the content type. */
  readonly headers?: Record<string, string>;
}

/** Answers `text/event-stream` with `body`, written in the pieces `options` asks for. */
export function stream(body: string, options: StreamOptions = {}): Handler {
  return async (_, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...options.headers });
    response.flushHeaders();
    if (options.delayMs !== undefined) await sleep(options.delayMs);
    let bytes = Buffer.from(body, 'utf8');
    const cut = options.truncateAt ?? options.resetAt;
    if (cut !== undefined) bytes = bytes.subarray(0, cut);
    const offsets = options.byteByByte
      ? Array.from({ length: bytes.length }, (_, i) => i)
      : [...(options.splits ?? [])];
    const pieces = cutAt(bytes, offsets);
    for (const piece of pieces) {
      if (response.destroyed) return;
      await new Promise<void>((resolve) => response.write(piece, () => resolve()));
      if (pieces.length > 1) await new Promise((resolve) => setImmediate(resolve));
    }
    if (options.resetAt !== undefined) response.socket?.destroy();
    else response.end();
  };
}

/** Sends headers, then nothing, until the client gives up: a server too slow for any timeout. */
export function hang(): Handler {
  return (_, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.flushHeaders();
  };
}

/** Never even answers the headers. */
export function silent(): Handler {
  return () => undefined;
}

function cutAt(bytes: Buffer, offsets: readonly number[]): Buffer[] {
  const points = [...new Set(offsets.filter((o) => o > 0 && o < bytes.length))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  pieces.push(bytes.subarray(start));
  return pieces.filter((p) => p.length > 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

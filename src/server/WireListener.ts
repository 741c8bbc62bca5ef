import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  constants,
  createServer as createHttp2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** How long a connection with no request running stays open (HTTP/1.1 keep-alive, an HTTP/2 session), in ms. */
export const IDLE_CONNECTION_MS = 5000;

const INTERNAL_ERROR = constants.NGHTTP2_INTERNAL_ERROR;

/** How long a connection may take to send its first bytes, in ms, as HTTP/1.1's server gives a request's headers. */
const FIRST_BYTES_MS = 60_000;

/** The first bytes of every HTTP/2 connection with prior knowledge (RFC 9113, 3.4). */
const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1');

/** What a request is answered through: Node's HTTP/1.1 objects, or HTTP/2's compatible ones in their place. */
export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * One port for HTTP/1.1 and clear-text HTTP/2 (prior knowledge, as the AWS SDK's default handler sends it), told apart
 * by each connection's first bytes. An HTTP/2 response gets the members of Node's HTTP/1.1 one the writers read, and
 * `destroy` resets its stream.
 */
export class WireListener {
  readonly #net: Server;
  readonly #http1 = createHttpServer({ keepAliveTimeout: IDLE_CONNECTION_MS });
  readonly #http2 = createHttp2Server();
  readonly #sockets = new Set<Socket>();

  private constructor(net: Server) {
    this.#net = net;
    net.on('connection', (socket) => this.#accept(socket));
    this.#http2.on('session', idleClose);
  }

  /** Listens on `host` and `port` (0: a free one). */
  static async listen(host: string, port: number): Promise<WireListener> {
    // As node:http's own servers do: without it, a stream's small writes wait on the client's delayed ACK (~40 ms).
    const net = createNetServer({ noDelay: true });
    await new Promise<void>((resolve, reject) => {
      net.once('error', reject);
      net.listen(port, host, () => {
        net.off('error', reject);
        resolve();
      });
    });
    return new WireListener(net);
  }

  /** Where it listens. */
  get address(): AddressInfo {
    return this.#net.address() as AddressInfo;
  }

  /** Hands every request, of either protocol, to `handler`. */
  handle(handler: RequestHandler): void {
    this.#http1.on('request', handler);
    this.#http2.on('request', (request: Http2ServerRequest, response: Http2ServerResponse) => {
      const stream = response.stream;
      Object.defineProperties(response, {
        destroyed: { get: () => stream.destroyed || stream.closed },
        writableNeedDrain: { get: () => stream.writableNeedDrain },
        // A response the server breaks off (a dropped connection, a client that takes nothing) ends in an error, as
        // a closed HTTP/1.1 connection does: its stream is reset with INTERNAL_ERROR, not NO_ERROR.
        destroy: { value: () => void (stream.closed ? stream.destroy() : stream.close(INTERNAL_ERROR)) },
      });
      // Node's HTTP/2 compatibility objects stand in for the HTTP/1.1 ones the handler is written against.
      handler(request as unknown as IncomingMessage, response as unknown as ServerResponse);
    });
  }

  /** Stops listening and ends every connection, of either protocol. */
  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#net.close(() => resolve());
      for (const socket of this.#sockets) socket.destroy();
    });
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    socket.once('close', () => this.#sockets.delete(socket));
    // A socket that errs before its protocol is known is closed; after, its server handles its errors.
    const early = (): void => void socket.destroy();
    socket.on('error', early);
    const slow = setTimeout(early, FIRST_BYTES_MS);
    slow.unref();
    socket.once('close', () => clearTimeout(slow));
    let seen = Buffer.alloc(0);
    const sniff = (): void => {
      let chunk: Buffer | null;
      while ((chunk = socket.read() as Buffer | null) !== null) seen = Buffer.concat([seen, chunk]);
      const known = Math.min(seen.length, PREFACE.length);
      // Undecided while what came is the start of the preface and shorter than it.
      if (known < PREFACE.length && seen.subarray(0, known).equals(PREFACE.subarray(0, known))) return;
      clearTimeout(slow);
      socket.off('readable', sniff);
      socket.off('error', early);
      socket.unshift(seen);
      const http2 = seen.subarray(0, PREFACE.length).equals(PREFACE);
      (http2 ? this.#http2 : this.#http1).emit('connection', socket);
    };
    socket.on('readable', sniff);
  }
}

/**
 * Closes an HTTP/2 session idle for {@link IDLE_CONNECTION_MS}, as HTTP/1.1's keep-alive does; a held answer keeps it
 * open.
 */
function idleClose(session: Http2Session): void {
  let open = 0;
  let timer: NodeJS.Timeout | undefined;
  const idle = (): void => {
    timer = setTimeout(() => session.close(), IDLE_CONNECTION_MS);
    timer.unref();
  };
  session.on('stream', (stream) => {
    open++;
    clearTimeout(timer);
    stream.once('close', () => {
      if (--open === 0 && !session.closed) idle();
    });
  });
  session.once('close', () => clearTimeout(timer));
  idle();
}

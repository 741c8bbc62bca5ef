import type * as Redis from 'redis';
import { StoreFailure } from './StoreFailure.js';
import type { LuaScript } from './luaScripts.js';
import { maskRedisUrl } from './maskRedisUrl.js';

/** How a {@link RedisLink} reaches Redis. */
export interface RedisLinkSettings {
  /** `redis://[user:password@]host:port[/db]`. */
  readonly url: string;
  /** True when `url` is a node of a Redis Cluster. */
  readonly cluster: boolean;
  /** The most one command (and the first connect) may take, in milliseconds. */
  readonly timeoutMs: number;
}

/** One way to send a command: to the node that holds `key` (any node when undefined). */
type Send = (key: string | undefined, args: readonly string[]) => Promise<unknown>;

interface Connection {
  readonly send: Send;
  /** A sender per master, for commands that must visit every node (SCAN). */
  readonly nodes: () => Promise<readonly Send[]>;
  readonly close: () => Promise<void>;
}

/** The longest wait between two reconnect attempts after Redis went away. */
const MAX_RECONNECT_MS = 1_000;

/**
 * One connection to Redis (a client, or a cluster client), made on first use: the container
 * factory is synchronous and connecting is not, so the first command (or `ready()`) connects,
 * and every later one reuses the promise. A first connect that fails rejects with `D0001`
 * naming the URL with its password masked, and the next use tries again. Once connected, a lost
 * connection is re-made in the background; commands sent meanwhile fail at once with `D0003`
 * rather than wait in a queue. Every command is bounded by `timeoutMs` (`D0002`).
 *
 * @example
 * ```ts
 * const link = new RedisLink({ url: 'redis://127.0.0.1:6379', cluster: false, timeoutMs: 2000 });
 * await link.command('standin:{a}:x', ['GET', 'standin:{a}:x']);
 * ```
 */
export class RedisLink {
  readonly #settings: RedisLinkSettings;
  readonly #shown: string;
  #connecting: Promise<Connection> | undefined;
  /** The connection once made: a command then goes out without waiting a turn for the promise. */
  #live: Connection | undefined;
  #closed = false;

  constructor(settings: RedisLinkSettings) {
    this.#settings = settings;
    this.#shown = maskRedisUrl(settings.url);
  }

  /** The URL as messages show it: its password masked. */
  get shown(): string {
    return this.#shown;
  }

  /** The bound on one command, in milliseconds. */
  get timeoutMs(): number {
    return this.#settings.timeoutMs;
  }

  /** Connects now (or waits for the connection being made); rejects with `D0001` when Redis cannot be reached. */
  async ready(): Promise<void> {
    await this.#connection();
  }

  /** Sends one command to the node that holds `key`. */
  async command(key: string | undefined, args: readonly string[]): Promise<unknown> {
    const connection = this.#live ?? (await this.#connection());
    try {
      return await connection.send(key, args);
    } catch (error) {
      throw this.#failure(error, args[0] ?? 'a command');
    }
  }

  /** Runs a Lua script by its SHA, loading it (EVAL) when Redis does not have it yet (NOSCRIPT). */
  async script(lua: LuaScript, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const connection = this.#live ?? (await this.#connection());
    const command = ['EVALSHA', lua.sha, String(keys.length)];
    for (const key of keys) command.push(key);
    for (const arg of args) command.push(arg);
    try {
      return await connection.send(keys[0], command);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT'))
        throw this.#failure(error, `script ${lua.name}`);
    }
    try {
      return await connection.send(keys[0], ['EVAL', lua.source, ...command.slice(2)]);
    } catch (error) {
      throw this.#failure(error, `script ${lua.name}`);
    }
  }

  /** The keys that match `pattern` (a SCAN MATCH glob) on every node, found with SCAN: never KEYS. */
  async scanMatching(pattern: string): Promise<string[]> {
    const connection = await this.#connection();
    const found: string[] = [];
    try {
      for (const send of await connection.nodes()) {
        let cursor = '0';
        do {
          const [next, keys] = (await send(undefined, ['SCAN', cursor, 'MATCH', pattern, 'COUNT', '500'])) as [
            string,
            string[],
          ];
          cursor = String(next);
          found.push(...keys.map(String));
        } while (cursor !== '0');
      }
    } catch (error) {
      throw this.#failure(error, 'SCAN');
    }
    return found;
  }

  /**
   * Unlinks every key that matches `pattern` (a SCAN MATCH glob) on every node, but `keep`: never KEYS, never FLUSHALL.
   */
  async unlinkMatching(pattern: string, keep?: string): Promise<void> {
    const connection = await this.#connection();
    try {
      for (const send of await connection.nodes()) {
        let cursor = '0';
        do {
          const [next, found] = (await send(undefined, ['SCAN', cursor, 'MATCH', pattern, 'COUNT', '500'])) as [
            string,
            string[],
          ];
          cursor = String(next);
          const keys = keep === undefined ? found : found.filter((key) => String(key) !== keep);
          // Keys of one store share one hash tag, so one UNLINK takes them all even on a Cluster.
          if (keys.length > 0) await connection.send(keys[0], ['UNLINK', ...keys]);
        } while (cursor !== '0');
      }
    } catch (error) {
      throw this.#failure(error, 'SCAN and UNLINK');
    }
  }

  /** Closes the connection; later use fails with `D0008`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#live = undefined;
    const connecting = this.#connecting;
    this.#connecting = undefined;
    const connection = await connecting?.catch(() => undefined);
    await connection?.close().catch(() => undefined);
  }

  #connection(): Promise<Connection> {
    if (this.#closed) {
      return Promise.reject(
        new StoreFailure(
          'D0008',
          `The Redis cursor store at ${this.#shown} was closed (its app was disposed). Make a new app to call through.`,
        ),
      );
    }
    if (this.#connecting === undefined) {
      const connecting = this.#connect();
      this.#connecting = connecting;
      // A failed first connect is not kept: the next use tries again.
      connecting.then(
        (connection) => {
          if (this.#connecting === connecting && !this.#closed) this.#live = connection;
        },
        () => {
          if (this.#connecting === connecting) this.#connecting = undefined;
        },
      );
    }
    return this.#connecting;
  }

  async #connect(): Promise<Connection> {
    let redis: typeof Redis;
    try {
      redis = await import('redis');
    } catch (error) {
      throw new StoreFailure(
        'D0004',
        "The config asks for the Redis cursor store (cursors: { store: 'redis' }), and the package 'redis' cannot be " +
          'loaded. Install it beside standin: npm install redis@6.',
        { cause: error },
      );
    }
    const { url, cluster, timeoutMs } = this.#settings;
    let connected = false;
    const socket = {
      connectTimeout: timeoutMs,
      // Before the first connect succeeds, give up at once so the caller hears of it; after, keep trying.
      reconnectStrategy: (retries: number, cause: Error): number | Error =>
        connected ? Math.min(50 * 2 ** retries, MAX_RECONNECT_MS) : cause,
    };
    // node-redis bounds only a command's wait to be written; the wait for its reply is bounded here.
    const options = { timeout: timeoutMs };
    const bound = <T>(reply: Promise<T>): Promise<T> => within(reply, timeoutMs);
    let connection: Connection;
    let start: () => Promise<unknown>;
    if (cluster) {
      const parsed = new URL(url);
      const client = redis.createCluster({
        rootNodes: [{ url }],
        defaults: {
          socket,
          disableOfflineQueue: true,
          ...(parsed.username === '' ? {} : { username: decodeURIComponent(parsed.username) }),
          ...(parsed.password === '' ? {} : { password: decodeURIComponent(parsed.password) }),
        },
      });
      client.on('error', () => undefined);
      connection = {
        send: (key, args) => bound(client.sendCommand(key, false, [...args], options)),
        nodes: async () =>
          Promise.all(
            client.masters.map(async (master) => {
              const node = await client.nodeClient(master);
              return (_: string | undefined, args: readonly string[]) => bound(node.sendCommand(args, options));
            }),
          ),
        close: async () => {
          client.destroy();
        },
      };
      start = () => client.connect();
    } else {
      const client = redis.createClient({ url, socket, disableOfflineQueue: true });
      // Errors also reach the commands that fail; an unheard 'error' event would end the process.
      client.on('error', () => undefined);
      const send: Send = (_, args) => bound(client.sendCommand(args, options));
      connection = { send, nodes: async () => [send], close: async () => void client.destroy() };
      start = () => client.connect();
    }
    try {
      // A server that accepts the connection and then stalls must not hold the first use forever.
      await within(start(), 2 * timeoutMs);
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw new StoreFailure(
        'D0001',
        `The Redis cursor store cannot reach Redis at ${this.#shown}: ${describe(error)}. Start Redis there, or ` +
          `correct cursors.url in the config.`,
        { cause: error },
      );
    }
    connected = true;
    return connection;
  }

  #failure(error: unknown, what: string): StoreFailure {
    if (error instanceof StoreFailure) return error;
    const name = error instanceof Error ? error.constructor.name : '';
    const message = describe(error);
    if (this.#closed || name === 'ClientClosedError') {
      return new StoreFailure(
        'D0008',
        `The Redis cursor store at ${this.#shown} was closed while ${what} ran. Make a new app to call through.`,
        { cause: error },
      );
    }
    if (error instanceof ReplyTimeout || name === 'TimeoutError' || name === 'CommandTimeoutDuringMaintenanceError') {
      return new StoreFailure(
        'D0002',
        `Redis at ${this.#shown} did not answer ${what} within ${this.#settings.timeoutMs} ms (cursors.timeoutMs): ` +
          `it is stalled or overloaded.`,
        { kind: 'timeout', cause: error },
      );
    }
    if (isErrorReply(error) && !/^(LOADING|BUSY|TRYAGAIN|CLUSTERDOWN|MASTERDOWN)\b/.test(message)) {
      return new StoreFailure('D0005', `Redis at ${this.#shown} answered ${what} with an error: ${message}`, {
        cause: error,
      });
    }
    return new StoreFailure(
      'D0003',
      `Redis at ${this.#shown} could not be reached for ${what}: ${message}. The store reconnects by itself; try the ` +
        `call again.`,
      {
        kind: 'network',
        cause: error,
      },
    );
  }
}

/** No reply within the bound. */
class ReplyTimeout extends Error {
  constructor(ms: number) {
    super(`no reply within ${ms} ms`);
  }
}

/**
 * Settles as `reply` does, or rejects with {@link ReplyTimeout} after `ms`. A reply that comes
 * later is still read off the connection (Redis replies in order), and dropped.
 */
function within<T>(reply: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ReplyTimeout(ms)), ms);
    reply.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function isErrorReply(error: unknown): boolean {
  for (let proto = error; proto !== null && typeof proto === 'object'; proto = Object.getPrototypeOf(proto)) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'ErrorReply') return true;
  }
  return false;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

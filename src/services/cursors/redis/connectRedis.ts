import type * as Redis from 'redis';
import { describe } from './redisFailure.js';
import { StoreFailure } from './StoreFailure.js';
import { within } from './within.js';

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
export type Send = (key: string | undefined, args: readonly string[]) => Promise<unknown>;

/** A connection as the link uses it, the same for a client and a cluster client. */
export interface Connection {
  readonly send: Send;
  /** A sender per master, for commands that must visit every node (SCAN). */
  readonly nodes: () => Promise<readonly Send[]>;
  readonly close: () => Promise<void>;
}

/** The longest wait between two reconnect attempts after Redis went away. */
const MAX_RECONNECT_MS = 1_000;

/**
 * Connects to Redis, loading the `redis` package only now: `D0004` when it cannot be loaded, `D0001` when Redis cannot
 * be reached.
 */
export async function connectRedis(settings: RedisLinkSettings, shown: string): Promise<Connection> {
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
  const { url, cluster, timeoutMs } = settings;
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
      `The Redis cursor store cannot reach Redis at ${shown}: ${describe(error)}. Start Redis there, or ` +
        `correct cursors.url in the config.`,
      { cause: error },
    );
  }
  connected = true;
  return connection;
}

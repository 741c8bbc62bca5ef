import { StoreFailure } from './StoreFailure.js';
import type { LuaScript } from './luaScripts.js';
import { maskRedisUrl } from './maskRedisUrl.js';
import { connectRedis, type Connection, type RedisLinkSettings } from './connectRedis.js';
import { redisFailure } from './redisFailure.js';

export type { RedisLinkSettings } from './connectRedis.js';

/**
 * One Redis connection, made on first use since the container factory is synchronous. A failed first connect rejects
 * with `D0001` (password masked) and the next use retries; while a lost connection is re-made, commands fail at once
 * with `D0003` rather than queue. Each command is bounded by `timeoutMs` (`D0002`).
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
      throw redisFailure(error, args[0] ?? 'a command', this.#shown, this.#settings.timeoutMs, this.#closed);
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
        throw redisFailure(error, `script ${lua.name}`, this.#shown, this.#settings.timeoutMs, this.#closed);
    }
    try {
      return await connection.send(keys[0], ['EVAL', lua.source, ...command.slice(2)]);
    } catch (error) {
      throw redisFailure(error, `script ${lua.name}`, this.#shown, this.#settings.timeoutMs, this.#closed);
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
      throw redisFailure(error, 'SCAN', this.#shown, this.#settings.timeoutMs, this.#closed);
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
      throw redisFailure(error, 'SCAN and UNLINK', this.#shown, this.#settings.timeoutMs, this.#closed);
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
      const connecting = connectRedis(this.#settings, this.#shown);
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
}

import { randomUUID } from 'node:crypto';
import { namespacePattern } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { RELEASED_EXAMPLES, type CursorStore, type ReleasedCursor } from './CursorStore.js';
import { countScript, forgetScript, releaseScript, scopesScript, stepScript } from './redis/luaScripts.js';
import { RedisLink } from './redis/RedisLink.js';
import { redisKeys, type RedisKeys } from './redis/redisKeys.js';
import { StoreFailure } from './redis/StoreFailure.js';

/**
 * How a {@link RedisCursorStore} is made. The config's `cursors: { store: 'redis', ... }` names
 * the same fields; `createRedisCursorStore` fills in the defaults.
 */
export interface RedisCursorStoreSettings {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://`). The password never appears in an error. */
  readonly url: string;
  /**
   * The shared key space: every store that names it, in any process, sees the same cursors.
   * Left out, the store gets a key space of its own, so it shares nothing.
   */
  readonly namespace?: string | undefined;
  /** How long a key lives after its last write, in seconds. Default 86400 (a day). */
  readonly ttlSeconds?: number | undefined;
  /** How long one command may take, in milliseconds, before it fails with `D0002`. Default 2000. */
  readonly timeoutMs?: number | undefined;
  /** True when `url` is one node of a Redis Cluster. Default false. */
  readonly cluster?: boolean | undefined;
}

/** A key's default life after its last write: a day, so an abandoned namespace goes away by itself. */
export const DEFAULT_TTL_SECONDS = 86_400;
/** The default bound on one Redis command. */
export const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * The {@link CursorStore} in Redis, shared between processes that name one namespace. Every
 * step (`stepIndex`: peek, index, advance and the step-replay record) is one atomic Lua script
 * called by its SHA, so processes racing on one scope never get one index twice or skip one.
 * All keys of a store share the hash tag of its key space, so it works on a Redis Cluster; every
 * key expires `ttlSeconds` after its last write; `reset` uses SCAN and UNLINK within the store's
 * own prefix only.
 *
 * It connects on first use (or on `ready()`). Failures are typed: `D0001` Redis unreachable at
 * the first use (the URL shown with its password masked), `D0002` a command over `timeoutMs`
 * (kind `timeout`), `D0003` the connection lost (kind `network`; the store reconnects by
 * itself), `D0005` an error reply, `D0008` used after `close()`.
 *
 * @example
 * ```ts
 * const store = createRedisCursorStore({ url: 'redis://127.0.0.1:6379', namespace: 'e2e' });
 * await store.stepIndex('', 'writer', 'run-1#0'); // 0, in every process of namespace 'e2e'
 * await store.close();
 * ```
 */
export class RedisCursorStore implements CursorStore {
  /** The key space: the namespace, or the store's own id. */
  readonly space: string;
  /** Whether the key space is a namespace other stores may share. */
  readonly shared: boolean;
  /** The store's key names. */
  readonly keys: RedisKeys;
  /** The connection, for the scripts a namespace shares. */
  readonly link: RedisLink;
  readonly #ttl: string;
  /** The keys the last step or count used: most calls step one script in one scope over and over. */
  #last: Slot | undefined;

  constructor(settings: RedisCursorStoreSettings) {
    if (settings.namespace !== undefined && !namespacePattern.test(settings.namespace)) {
      throw new StandinError('C0001', 'Invalid Redis cursor store: namespace must be 1 to 100 letters, digits and _.:- such as \'e2e-checkout\'.');
    }
    this.shared = settings.namespace !== undefined;
    this.space = settings.namespace ?? `container-${randomUUID()}`;
    this.keys = redisKeys(this.space);
    this.#ttl = String(settings.ttlSeconds ?? DEFAULT_TTL_SECONDS);
    this.link = new RedisLink({ url: settings.url, cluster: settings.cluster ?? false, timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS });
  }

  /** The key life this store sets, in seconds, as Redis takes it. */
  get ttl(): string {
    return this.#ttl;
  }

  /** Connects now rather than on first use: rejects with `D0001` (password masked) when Redis cannot be reached. */
  ready(): Promise<void> {
    return this.link.ready();
  }

  async peek(scope: string, script: string): Promise<number> {
    const state = this.keys.state(scope, script);
    return whole(await this.link.command(state, ['HGET', state, '@']), 'HGET', true);
  }

  async advance(scope: string, script: string): Promise<number> {
    return (await this.#count(scope, script, '@')) - 1;
  }

  stepIndex(scope: string, script: string, stepKey: string): Promise<number> {
    const slot = this.#slot(scope, script);
    return this.link.script(stepScript, slot.keys, [stepKey, slot.scope, this.#ttl]).then(stepIndexOf);
  }

  async visit(scope: string, script: string, entry: number): Promise<number> {
    return this.#count(scope, script, `v:${entry}`);
  }

  async scopesOf(script: string): Promise<string[]> {
    const reply = await this.link.script(scopesScript, [this.keys.scopes(script)], [`${this.keys.prefix}c:`, `:${script}`]);
    if (!Array.isArray(reply)) throw unexpected(scopesScript.name, reply);
    return reply.map((scope) => decodeURIComponent(String(scope)));
  }

  async reset(scope?: string, script?: string): Promise<void> {
    if (scope === undefined) return this.link.unlinkMatching(this.keys.everything);
    if (script !== undefined) {
      await this.link.script(forgetScript, [this.keys.state(scope, script), this.keys.scopes(script)], [this.keys.scope(scope)]);
      return;
    }
    // The scope sets forget the scope lazily: scopesOf drops a scope whose state is gone.
    await this.link.unlinkMatching(this.keys.scopeMatch(scope));
  }

  async release(scope: string): Promise<void> {
    const before = `${this.keys.prefix}c:${this.keys.scope(scope)}:`;
    for (const key of await this.link.scanMatching(this.keys.scopeMatch(scope))) {
      const script = key.slice(before.length);
      await this.link.script(releaseScript, [key, this.keys.released(script), this.keys.scopes(script)], [this.keys.scope(scope), this.#ttl, String(RELEASED_EXAMPLES)]);
    }
  }

  async released(script: string): Promise<readonly ReleasedCursor[]> {
    const key = this.keys.released(script);
    const reply = await this.link.command(key, ['HGETALL', key]);
    const fields = Array.isArray(reply) ? reply.map(String) : isRecord(reply) ? Object.entries(reply).flat().map(String) : undefined;
    if (fields === undefined) throw unexpected('HGETALL', reply);
    const groups = new Map<number, { scopes: number; examples: [number, string][] }>();
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const [kind, at, n] = fields[i]!.split(':');
      const group = groups.get(Number(at)) ?? { scopes: 0, examples: [] };
      if (kind === 'n') group.scopes = whole(fields[i + 1], 'HGETALL');
      else group.examples.push([Number(n), decodeURIComponent(fields[i + 1]!)]);
      groups.set(Number(at), group);
    }
    return [...groups]
      .sort(([a], [b]) => a - b)
      .map(([at, group]) => ({ at, scopes: group.scopes, examples: group.examples.sort(([a], [b]) => a - b).map(([, name]) => name) }));
  }

  /** Closes the connection. The store's keys stay in Redis until they expire or `reset()` removes them. */
  close(): Promise<void> {
    return this.link.close();
  }

  async #count(scope: string, script: string, field: string): Promise<number> {
    const slot = this.#slot(scope, script);
    const reply = await this.link.script(countScript, slot.keys, [field, slot.scope, this.#ttl]);
    return whole(reply, countScript.name);
  }

  /** The keys of one script in one scope, and the scope as a script's scope set holds it: made again only when either changes. */
  #slot(scope: string, script: string): Slot {
    const last = this.#last;
    if (last !== undefined && last.of === scope && last.script === script) return last;
    const slot: Slot = { of: scope, script, keys: [this.keys.state(scope, script), this.keys.scopes(script)], scope: this.keys.scope(scope) };
    this.#last = slot;
    return slot;
  }
}

/**
 * Makes a {@link RedisCursorStore}; it connects on first use. The `redis` package (an optional
 * peer dependency) is loaded then, and only then.
 *
 * @example
 * ```ts
 * const store = createRedisCursorStore({ url: 'redis://127.0.0.1:6379' });
 * await store.ready(); // D0001 now, rather than on the first call, when Redis is down
 * ```
 */
export function createRedisCursorStore(settings: RedisCursorStoreSettings): RedisCursorStore {
  return new RedisCursorStore(settings);
}

/** The keys of one script's state in one scope: see {@link RedisCursorStore}. */
interface Slot {
  /** The scope, as the caller named it. */
  readonly of: string;
  readonly script: string;
  /** The state hash, then the script's scope set. */
  readonly keys: readonly [string, string];
  /** The scope as key names and the scope set hold it. */
  readonly scope: string;
}

/** The index a step script answered. */
function stepIndexOf(reply: unknown): number {
  return whole(reply, stepScript.name);
}

function whole(reply: unknown, what: string, absentIsZero = false): number {
  if (reply === null && absentIsZero) return 0;
  const value = typeof reply === 'number' ? reply : typeof reply === 'string' && /^-?\d+$/.test(reply) ? Number(reply) : NaN;
  if (!Number.isSafeInteger(value)) throw unexpected(what, reply);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unexpected(what: string, reply: unknown): StoreFailure {
  const shown = reply === null ? 'nothing' : Array.isArray(reply) ? 'a list' : typeof reply;
  return new StoreFailure(
    'D0005',
    `Redis answered ${what} with ${shown} where the cursor store expected a number. Another program may have written under the store's prefix: give standin a namespace of its own.`,
  );
}

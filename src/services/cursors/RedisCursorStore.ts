import { randomUUID } from 'node:crypto';
import { namespacePattern } from '../../config/configSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { RELEASED_EXAMPLES, type CursorStore, type ReleasedCursor } from './CursorStore.js';
import {
  countScript,
  forgetScript,
  LOST,
  peekScript,
  releaseScript,
  scopesScript,
  stepScript,
  type LuaScript,
} from './redis/luaScripts.js';
import { redisDbProblem } from './redis/maskRedisUrl.js';
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
/** The most state hashes a store without a namespace remembers writing, to tell one that expired alone. */
const MAX_KNOWN = 50_000;

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
 * itself), `D0005` an error reply, `D0008` used after `close()`, `D0010` its state lost (its
 * keys gone while it had written: FLUSHALL, a restart, expiry), `D0011` a cursor-moving command
 * that timed out earlier and may have run after (never taken silently).
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
  /** Whether this store has written state: from then on, a missing marker means the state was lost (`D0010`). */
  #wrote = false;
  /**
   * The state hashes a store without a namespace wrote (no other store touches them), so one
   * that expired alone is a loss too. Bounded: past {@link MAX_KNOWN} the oldest are forgotten.
   */
  readonly #known = new Set<string>();
  /**
   * The state hashes a cursor-moving command timed out on, by key: Redis may have run it after, so
   * the cursor's place is unknown until a reset (`D0011`). A step may be asked again by its step key.
   */
  readonly #doubts = new Map<string, { readonly what: string; readonly stepKey?: string }>();

  constructor(settings: RedisCursorStoreSettings) {
    if (settings.namespace !== undefined && !namespacePattern.test(settings.namespace)) {
      throw new StandinError(
        'C0001',
        "Invalid Redis cursor store: namespace must be 1 to 100 letters, digits and _.:- such as 'e2e-checkout'.",
      );
    }
    const dbProblem = typeof settings.url === 'string' ? redisDbProblem(settings.url) : 'it is not a string';
    if (dbProblem !== undefined) {
      throw new StandinError(
        'C0001',
        `Invalid Redis cursor store: url must be a redis:// or rediss:// URL, and ${dbProblem}.`,
      );
    }
    for (const [name, value, max] of [
      ['ttlSeconds', settings.ttlSeconds, 2_592_000],
      ['timeoutMs', settings.timeoutMs, 600_000],
    ] as const) {
      if (value !== undefined && !(Number.isInteger(value) && value >= 1 && value <= max)) {
        throw new StandinError(
          'C0001',
          `Invalid Redis cursor store: ${name} must be a whole number from 1 to ${max}, got ` +
            `${typeof value === 'number' ? String(value) : `a ${typeof value}`}.`,
        );
      }
    }
    this.shared = settings.namespace !== undefined;
    this.space = settings.namespace ?? `container-${randomUUID()}`;
    this.keys = redisKeys(this.space);
    this.#ttl = String(settings.ttlSeconds ?? DEFAULT_TTL_SECONDS);
    this.link = new RedisLink({
      url: settings.url,
      cluster: settings.cluster ?? false,
      timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
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
    this.#checkDoubt(state, scope, script, undefined);
    const reply = await this.link.script(peekScript, [state, this.keys.marker], [this.#belief(state)]);
    return whole(this.#alive(reply, peekScript, scope, script), peekScript.name);
  }

  async advance(scope: string, script: string): Promise<number> {
    return (await this.#count(scope, script, '@')) - 1;
  }

  async stepIndex(scope: string, script: string, stepKey: string): Promise<number> {
    const slot = this.#slot(scope, script);
    this.#checkDoubt(slot.keys[0], scope, script, stepKey);
    const reply = await this.#write(
      stepScript,
      slot,
      [stepKey, slot.scope, this.#ttl, this.#belief(slot.keys[0])],
      `the step '${stepKey}'`,
      stepKey,
    );
    // The step's index is known now, whether or not an earlier, timed-out asking of it ran.
    this.#doubts.delete(slot.keys[0]);
    return stepIndexOf(reply);
  }

  async visit(scope: string, script: string, entry: number): Promise<number> {
    return this.#count(scope, script, `v:${entry}`);
  }

  async scopesOf(script: string): Promise<string[]> {
    const reply = await this.link.script(
      scopesScript,
      [this.keys.scopes(script)],
      [`${this.keys.prefix}c:`, `:${script}`],
    );
    if (!Array.isArray(reply)) throw unexpected(scopesScript.name, reply);
    return reply.map((scope) => decodeURIComponent(String(scope)));
  }

  async reset(scope?: string, script?: string): Promise<void> {
    if (scope === undefined) {
      // The marker stays: a reset is no loss for another process of the namespace. This store
      // starts again as if new, so its next write makes the marker again if it was lost.
      await this.link.unlinkMatching(this.keys.everything, this.keys.marker);
      this.#wrote = false;
      this.#known.clear();
      this.#doubts.clear();
      return;
    }
    if (script !== undefined) {
      await this.link.script(
        forgetScript,
        [this.keys.state(scope, script), this.keys.scopes(script)],
        [this.keys.scope(scope)],
      );
      this.#doubts.delete(this.keys.state(scope, script));
      this.#known.delete(this.keys.state(scope, script));
      return;
    }
    this.#forgetDoubts(scope);
    // The scope sets forget the scope lazily: scopesOf drops a scope whose state is gone.
    await this.link.unlinkMatching(this.keys.scopeMatch(scope));
  }

  async release(scope: string): Promise<void> {
    this.#forgetDoubts(scope);
    const before = `${this.keys.prefix}c:${this.keys.scope(scope)}:`;
    for (const key of await this.link.scanMatching(this.keys.scopeMatch(scope))) {
      const script = key.slice(before.length);
      await this.link.script(
        releaseScript,
        [key, this.keys.released(script), this.keys.scopes(script)],
        [this.keys.scope(scope), this.#ttl, String(RELEASED_EXAMPLES)],
      );
    }
  }

  async released(script: string): Promise<readonly ReleasedCursor[]> {
    const key = this.keys.released(script);
    const reply = await this.link.command(key, ['HGETALL', key]);
    const fields = Array.isArray(reply)
      ? reply.map(String)
      : isRecord(reply)
        ? Object.entries(reply).flat().map(String)
        : undefined;
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
      .map(([at, group]) => ({
        at,
        scopes: group.scopes,
        examples: group.examples.sort(([a], [b]) => a - b).map(([, name]) => name),
      }));
  }

  /** Closes the connection. The store's keys stay in Redis until they expire or `reset()` removes them. */
  close(): Promise<void> {
    return this.link.close();
  }

  async #count(scope: string, script: string, field: string): Promise<number> {
    const slot = this.#slot(scope, script);
    this.#checkDoubt(slot.keys[0], scope, script, undefined);
    const what = field === '@' ? 'a move of the cursor' : `a count of the visits to entry ${field.slice(2)}`;
    return whole(
      await this.#write(countScript, slot, [field, slot.scope, this.#ttl, this.#belief(slot.keys[0])], what),
      countScript.name,
    );
  }

  /**
   * Runs a script that writes state in one slot: its marker checked (`D0010`), the store then
   * known to have written; a timeout leaves the slot in doubt, since Redis may run it later.
   */
  async #write(lua: LuaScript, slot: Slot, args: readonly string[], what: string, stepKey?: string): Promise<unknown> {
    let reply: unknown;
    try {
      reply = await this.link.script(lua, [...slot.keys, this.keys.marker], args);
    } catch (error) {
      if (error instanceof StoreFailure && error.code === 'D0002') {
        this.#doubts.set(slot.keys[0], { what, ...(stepKey === undefined ? {} : { stepKey }) });
      }
      throw error;
    }
    const answer = this.#alive(reply, lua, slot.of, slot.script);
    this.#wrote = true;
    if (!this.shared && !this.#known.has(slot.keys[0])) {
      if (this.#known.size >= MAX_KNOWN) this.#known.delete(this.#known.values().next().value!);
      this.#known.add(slot.keys[0]);
    }
    return answer;
  }

  /** What the store believes of `state` for a script: '0' nothing written, '1' written, '2' this state written too. */
  #belief(state: string): '0' | '1' | '2' {
    return !this.#wrote ? '0' : this.#known.has(state) ? '2' : '1';
  }

  /** `reply`, unless it says the store's state was lost: then `D0010`. */
  #alive(reply: unknown, lua: LuaScript, scope: string, script: string): unknown {
    if (reply !== LOST) return reply;
    throw new StoreFailure(
      'D0010',
      `The Redis cursor store at ${this.link.shown} (key space '${this.space}') lost its state: its keys are gone ` +
        `(FLUSHALL, a Redis restart without persistence, or every key expired after ttlSeconds ${this.#ttl}) though ` +
        `it had written cursors. ` +
        `Going on would start script '${script}' in scope '${scope}' again from 0 and give its answers a second ` +
        `time, so ${lua.name} was not run. Find what removed the keys, then reset the app (app.reset()) or make a ` +
        `new one.`,
    );
  }

  /** Throws `D0011` when a cursor-moving command on `state` timed out, unless this is the same step asked again. */
  #checkDoubt(state: string, scope: string, script: string, stepKey: string | undefined): void {
    const doubt = this.#doubts.get(state);
    if (doubt === undefined || (stepKey !== undefined && doubt.stepKey === stepKey)) return;
    throw new StoreFailure(
      'D0011',
      `Script '${script}' in scope '${scope}': ${doubt.what} timed out earlier (D0002, cursors.timeoutMs ` +
        `${this.link.timeoutMs} ms), and Redis may have run it after, moving the cursor with no call given its ` +
        `answer. ` +
        'The store will not guess where the cursor stands: find why Redis stalled (CLIENT PAUSE, a long script), ' +
        'then reset the cursor (app.reset()) and run the calls again.',
    );
  }

  /** Forgets the doubts and the known state of every script in `scope`: its state was removed. */
  #forgetDoubts(scope: string): void {
    const before = `${this.keys.prefix}c:${this.keys.scope(scope)}:`;
    for (const key of this.#doubts.keys()) if (key.startsWith(before)) this.#doubts.delete(key);
    for (const key of this.#known) if (key.startsWith(before)) this.#known.delete(key);
  }

  /**
   * The keys of one script in one scope, and the scope as a script's scope set holds it: made again only when either
   * changes.
   */
  #slot(scope: string, script: string): Slot {
    const last = this.#last;
    if (last !== undefined && last.of === scope && last.script === script) return last;
    const slot: Slot = {
      of: scope,
      script,
      keys: [this.keys.state(scope, script), this.keys.scopes(script)],
      scope: this.keys.scope(scope),
    };
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
  const value =
    typeof reply === 'number' ? reply : typeof reply === 'string' && /^-?\d+$/.test(reply) ? Number(reply) : NaN;
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
    `Redis answered ${what} with ${shown} where the cursor store expected a number. Another program may have written ` +
      `under the store's prefix: give standin a namespace of its own.`,
  );
}

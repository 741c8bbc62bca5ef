import { randomUUID } from 'node:crypto';
import { RELEASED_EXAMPLES, type CursorStore, type ReleasedCursor } from './CursorStore.js';
import {
  checkRedisCursorStoreSettings,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_TTL_SECONDS,
  type RedisCursorStoreSettings,
} from './RedisCursorStoreSettings.js';
import {
  claimScript,
  countScript,
  forgetScript,
  LOST,
  peekScript,
  releaseScript,
  scopesScript,
  stepScript,
  type LuaScript,
} from './redis/luaScripts.js';
import { RedisLink } from './redis/RedisLink.js';
import { redisKeys, type RedisKeys, type Slot } from './redis/redisKeys.js';
import { releasedOf, stepIndexOf, unexpected, whole } from './redis/redisReplies.js';
import { cursorInDoubt, stateLost } from './redis/stateFailures.js';
import { StoreFailure } from './redis/StoreFailure.js';
import { WriteRecord } from './redis/WriteRecord.js';

export { DEFAULT_TIMEOUT_MS, DEFAULT_TTL_SECONDS, type RedisCursorStoreSettings } from './RedisCursorStoreSettings.js';

/**
 * The {@link CursorStore} in Redis, shared between processes that name one namespace. Every step (`stepIndex`: peek,
 * index, advance and the step-replay record) is one atomic Lua script called by its SHA, so processes racing on one
 * scope never get one index twice or skip one. All keys of a store share the hash tag of its key space, so it works on
 * a Redis Cluster; every key expires `ttlSeconds` after its last write; `reset` uses SCAN and UNLINK within the store's
 * own prefix only.
 *
 * It connects on first use (or on `ready()`). Failures are typed: `D0001` Redis unreachable at the first use (the URL
 * shown with its password masked), `D0002` a command over `timeoutMs` (kind `timeout`), `D0003` the connection lost
 * (kind `network`; the store reconnects by itself), `D0005` an error reply, `D0008` used after `close()`, `D0010` its
 * state lost (its keys gone while it had written: FLUSHALL, a restart, expiry), `D0011` a cursor-moving command that
 * timed out earlier and may have run after (never taken silently).
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
  /** What the store knows of its own writes. */
  readonly #record: WriteRecord;

  constructor(settings: RedisCursorStoreSettings) {
    checkRedisCursorStoreSettings(settings);
    this.shared = settings.namespace !== undefined;
    this.#record = new WriteRecord(!this.shared);
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
    const reply = await this.link.script(peekScript, [state, this.keys.marker], [this.#record.belief(state)]);
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
      [stepKey, slot.scope, this.#ttl, this.#record.belief(slot.keys[0])],
      `the step '${stepKey}'`,
      stepKey,
    );
    // The step's index is known now, whether or not an earlier, timed-out asking of it ran.
    this.#record.settled(slot.keys[0]);
    return stepIndexOf(reply);
  }

  async claim(scope: string, script: string, stepKey: string, candidates: readonly number[]): Promise<number> {
    const slot = this.#slot(scope, script);
    this.#checkDoubt(slot.keys[0], scope, script, stepKey);
    const reply = await this.#write(
      claimScript,
      slot,
      [stepKey, slot.scope, this.#ttl, this.#record.belief(slot.keys[0]), candidates.join(',')],
      `the step '${stepKey}'`,
      stepKey,
    );
    this.#record.settled(slot.keys[0]);
    return whole(reply, claimScript.name);
  }

  async taken(scope: string, script: string): Promise<readonly number[]> {
    const key = this.keys.state(scope, script);
    const reply = await this.link.command(key, ['HKEYS', key]);
    if (!Array.isArray(reply)) throw unexpected('HKEYS', reply);
    return reply
      .map(String)
      .filter((field) => field.startsWith('t:'))
      .map((field) => Number(field.slice(2)))
      .sort((a, b) => a - b);
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
      this.#record.clear();
      return;
    }
    if (script !== undefined) {
      await this.link.script(
        forgetScript,
        [this.keys.state(scope, script), this.keys.scopes(script)],
        [this.keys.scope(scope)],
      );
      this.#record.forget(this.keys.state(scope, script));
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
    return releasedOf(reply);
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
      await this.#write(countScript, slot, [field, slot.scope, this.#ttl, this.#record.belief(slot.keys[0])], what),
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
        this.#record.doubted(slot.keys[0], what, stepKey);
      }
      throw error;
    }
    const answer = this.#alive(reply, lua, slot.of, slot.script);
    this.#record.wrote(slot.keys[0]);
    return answer;
  }

  /** `reply`, unless it says the store's state was lost: then `D0010`. */
  #alive(reply: unknown, lua: LuaScript, scope: string, script: string): unknown {
    if (reply !== LOST) return reply;
    throw stateLost(this.link.shown, this.space, this.#ttl, lua.name, scope, script);
  }

  /** Throws `D0011` when a cursor-moving command on `state` timed out, unless this is the same step asked again. */
  #checkDoubt(state: string, scope: string, script: string, stepKey: string | undefined): void {
    const doubt = this.#record.doubt(state);
    if (doubt === undefined || (stepKey !== undefined && doubt.stepKey === stepKey)) return;
    throw cursorInDoubt(doubt.what, scope, script, this.link.timeoutMs);
  }

  /** Forgets the doubts and the known state of every script in `scope`: its state was removed. */
  #forgetDoubts(scope: string): void {
    const before = `${this.keys.prefix}c:${this.keys.scope(scope)}:`;
    this.#record.forgetUnder(before);
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

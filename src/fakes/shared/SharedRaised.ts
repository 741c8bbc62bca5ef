import { catalog, type Code } from '../../errors/catalog.js';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { lua } from '../../services/cursors/redis/luaScripts.js';
import type { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import type { RaisedError, RaisedView } from '../script/RaisedErrors.js';
import { unexpected } from './unexpectedReply.js';

/** How many of the errors raised against one generation of a script a namespace keeps: the first ones, which tell the most. */
export const SHARED_RAISED_LIMIT = 100;
/** The most characters of an error's message, and of its scope and call, a namespace keeps. */
export const SHARED_RAISED_CHARS = 2_000;

/**
 * Counts an error in the generation's record ('n' the count, '1'.. the entries), keeping it while under the limit; the
 * record expires as the sent list does. Answers the count, or 0 when nothing is published.
 */
const recordRaisedScript = lua(
  'recordRaised',
  `local gen = ARGV[2]
if gen == '' then gen = redis.call('HGET', KEYS[1], 'gen') end
if not gen then return 0 end
local key = ARGV[1] .. gen
local n = redis.call('HINCRBY', key, 'n', 1)
if n == 1 then redis.call('EXPIRE', key, ARGV[5]) end
if n <= tonumber(ARGV[4]) then redis.call('HSET', key, tostring(n), ARGV[3]) end
return n`,
);

/** Answers {} when nothing is published, else { gen, count, entries }: the errors since the count forgotten. */
const readRaisedScript = lua(
  'readRaised',
  `local gen = ARGV[2]
if gen == '' then gen = redis.call('HGET', KEYS[1], 'gen') end
if not gen then return {} end
local key = ARGV[1] .. gen
local n = tonumber(redis.call('HGET', key, 'n') or '0')
local from = 0
if gen == ARGV[3] then from = math.min(n, tonumber(ARGV[4])) end
local fields = {}
for i = from + 1, math.min(n, tonumber(ARGV[5])) do fields[#fields + 1] = tostring(i) end
local entries = {}
if #fields > 0 then entries = redis.call('HMGET', key, unpack(fields)) end
return { gen, n - from, entries }`,
);

/** Whose errors a record holds: a faked model's, or the classifier's, and where that script is published. */
export interface RaisedSource {
  /** The published head of the script. */
  readonly head: string;
  /** The record's key, without its generation: `standin:{<space>}:raised:<model>:`, `...:raised::` for the classifier. */
  readonly key: string;
}

/** A generation and how many errors its record had counted when a fake forgot them. */
interface Floor {
  readonly gen: string;
  readonly count: number;
}

/**
 * The test author's errors raised against one script of a namespace, in all its processes: the first {@link
 * SHARED_RAISED_LIMIT} per generation, each cut to {@link SHARED_RAISED_CHARS}, and the count. Each is recorded before
 * its call fails, so another process's `verify()` that follows sees it.
 */
export class SharedRaised {
  readonly #store: RedisCursorStore;
  readonly #source: RaisedSource;
  /** The generation the fake published; undefined for a stand-in that follows the namespace. */
  readonly #gen: string | undefined;
  /** The generation this container published last for the script, which its own fake reports. */
  readonly #mine: () => string | undefined;
  /** The count `forget()` read: what was recorded before it is left out. */
  #floor: Promise<Floor | undefined> | undefined;

  constructor(store: RedisCursorStore, source: RaisedSource, gen: string | undefined, mine: () => string | undefined) {
    this.#store = store;
    this.#source = source;
    this.#gen = gen;
    this.#mine = mine;
  }

  /** Records an error under the generation the call answered from; never fails the call, which keeps its own error. */
  async record(raised: RaisedError, gen: string | undefined): Promise<void> {
    const entry = JSON.stringify({
      id: raised.id,
      scope: cut(raised.scope),
      call: cut(raised.call),
      code: raised.error.code,
      message: cut(bareMessage(raised.error)),
    });
    const { head, key } = this.#source;
    const args = [key, gen ?? this.#gen ?? '', entry, String(SHARED_RAISED_LIMIT), this.#store.ttl];
    try {
      await this.#store.link.script(recordRaisedScript, [head], args);
    } catch {
      // Redis out of reach: the error stays this process's, listed by its own verify().
    }
  }

  /** The errors the namespace recorded since the last `forget()`, for `verify`. */
  async read(): Promise<RaisedView> {
    const floor = await this.#floor;
    const found = await this.#read(floor, SHARED_RAISED_LIMIT);
    if (found === undefined || (this.#gen === undefined && found.gen === this.#mine())) return { kept: [], count: 0 };
    return { kept: found.entries.map((entry) => this.#entry(entry)), count: found.count };
  }

  /** Leaves out, from later reads in this process, what the namespace recorded so far. */
  forget(): void {
    const floor = this.#read(undefined, 0).then(
      (found) => (found === undefined ? undefined : { gen: found.gen, count: found.count }),
      // A store that fails now fails the next read too: that read says so.
      () => undefined,
    );
    this.#floor = floor;
  }

  async #read(
    floor: Floor | undefined,
    limit: number,
  ): Promise<{ gen: string; count: number; entries: readonly unknown[] } | undefined> {
    const { head, key } = this.#source;
    const args = [key, this.#gen ?? '', floor?.gen ?? '', String(floor?.count ?? 0), String(limit)];
    const reply = await this.#store.link.script(readRaisedScript, [head], args);
    if (!Array.isArray(reply)) throw unexpected(readRaisedScript.name);
    if (reply.length === 0) return undefined;
    const [gen, count, entries] = reply as [unknown, unknown, unknown];
    if (!Array.isArray(entries)) throw unexpected(readRaisedScript.name);
    return { gen: String(gen), count: Number(count), entries: entries.filter((entry) => entry != null) };
  }

  /** An entry of the record, as `verify` lists it: the error as it was raised, in whichever process. */
  #entry(raw: unknown): RaisedError {
    let entry: { id?: unknown; scope?: unknown; call?: unknown; code?: unknown; message?: unknown };
    try {
      entry = JSON.parse(String(raw)) as typeof entry;
    } catch {
      throw unexpected(readRaisedScript.name);
    }
    const known = typeof entry.code === 'string' && Object.hasOwn(catalog, entry.code);
    const code = (known ? entry.code : 'T0046') as Code;
    return {
      id: String(entry.id),
      scope: String(entry.scope),
      call: String(entry.call),
      error: new StandinError(code, String(entry.message)),
    };
  }
}

/** `text` cut to {@link SHARED_RAISED_CHARS}, saying how much was left out. */
function cut(text: string): string {
  if (text.length <= SHARED_RAISED_CHARS) return text;
  return `${text.slice(0, SHARED_RAISED_CHARS)}... (${text.length - SHARED_RAISED_CHARS} more characters)`;
}

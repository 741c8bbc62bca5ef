import type { ChaosKind } from '../fakes/chaos/chaosKinds.js';
import type { SentEntry } from './SentEntry.js';

/** How many requests `sent` keeps when the settings name no other: the oldest go first. */
export const DEFAULT_SENT_LIMIT = 10_000;
/** How many bytes of request bodies `sent` keeps when the settings name no other: 64 MiB, the oldest go first. */
export const DEFAULT_SENT_BYTES = 64 * 1024 * 1024;

interface Kept {
  entry: SentEntry;
  readonly size: number;
  /** The request id its engine call ran under, so a chaos layer's disturbance finds it. */
  readonly id?: string | undefined;
}

/** How many of the newest entries {@link SentLog.mark} looks through. */
const MARK_REACH = 1024;

/**
 * The newest requests answered, bounded by `limit` and body `bytes` (the newest always kept), the oldest dropped and
 * counted. A queue compacted now and then, so recording costs the same amortized however full it is.
 */
export class SentLog {
  readonly #limit: number;
  readonly #bytes: number;
  #queue: Kept[] = [];
  /** Where the oldest entry kept is. */
  #start = 0;
  #size = 0;
  #dropped = 0;

  constructor(limit = DEFAULT_SENT_LIMIT, bytes = DEFAULT_SENT_BYTES) {
    this.#limit = limit;
    this.#bytes = bytes;
  }

  /** Records one request whose body was `size` bytes (its engine call's request id `id`), dropping the oldest past the limits. */
  add(entry: SentEntry, size = 0, id?: string): void {
    if (this.#limit === 0) {
      this.#dropped++;
      return;
    }
    this.#queue.push({ entry, size, id });
    this.#size += size;
    while (this.#count > this.#limit || (this.#size > this.#bytes && this.#count > 1)) {
      const oldest = this.#queue[this.#start]!;
      // Cleared, so a dropped body is garbage at once rather than at the next compaction.
      this.#queue[this.#start++] = undefined as unknown as Kept;
      this.#size -= oldest.size;
      this.#dropped++;
    }
    if (this.#start > 1024 && this.#start * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#start);
      this.#start = 0;
    }
  }

  /** Marks the newest entry of request id `id` as disturbed by chaos, as `kind` (a client's retry has the same id). */
  mark(id: string, kind: ChaosKind): void {
    for (let at = this.#queue.length - 1; at >= Math.max(this.#start, this.#queue.length - MARK_REACH); at--) {
      const kept = this.#queue[at]!;
      if (kept.id !== id) continue;
      // Chaos disturbs model calls only: an MCP tool call is never marked.
      if (kept.entry.call !== 'tools/call') kept.entry = { ...kept.entry, chaos: kind };
      return;
    }
  }

  /** How many requests were dropped to keep within the limits since the last reset of every scope. */
  get dropped(): number {
    return this.#dropped;
  }

  /** The bytes of request bodies kept. */
  get bytes(): number {
    return this.#size;
  }

  /** The entries, oldest first: of `scope` when one is named. */
  entries(scope?: string): SentEntry[] {
    const ordered = this.#kept().map((kept) => kept.entry);
    return scope === undefined ? ordered : ordered.filter((entry) => entry.scope === scope);
  }

  /** Forgets the entries of `scope`, or all of them (and, for all, the count of dropped ones). */
  forget(scope?: string): void {
    this.#queue = scope === undefined ? [] : this.#kept().filter((kept) => kept.entry.scope !== scope);
    this.#start = 0;
    this.#size = this.#queue.reduce((sum, kept) => sum + kept.size, 0);
    if (scope === undefined) this.#dropped = 0;
  }

  get #count(): number {
    return this.#queue.length - this.#start;
  }

  #kept(): Kept[] {
    return this.#queue.slice(this.#start);
  }
}

import type { SentEntry } from './SentEntry.js';

/** How many requests `sent` keeps when the settings name no other: the oldest go first. */
export const DEFAULT_SENT_LIMIT = 10_000;

/**
 * The requests a wire server answered, the newest `limit` of them, in order. A ring: recording
 * one costs the same however full it is, so a long run never shifts thousands of entries per
 * request.
 *
 * @example
 * ```ts
 * const log = new SentLog(2);
 * log.add(entry); log.add(entry); log.add(entry);
 * log.entries().length; // 2
 * ```
 */
export class SentLog {
  readonly #limit: number;
  #ring: SentEntry[] = [];
  /** Where the oldest entry is once the ring is full. */
  #head = 0;

  constructor(limit = DEFAULT_SENT_LIMIT) {
    this.#limit = limit;
  }

  /** Records one request, dropping the oldest past the limit. */
  add(entry: SentEntry): void {
    if (this.#limit === 0) return;
    if (this.#ring.length < this.#limit) {
      this.#ring.push(entry);
      return;
    }
    this.#ring[this.#head] = entry;
    this.#head = (this.#head + 1) % this.#limit;
  }

  /** The entries, oldest first: of `scope` when one is named. */
  entries(scope?: string): SentEntry[] {
    const ordered = this.#head === 0 ? this.#ring.slice() : [...this.#ring.slice(this.#head), ...this.#ring.slice(0, this.#head)];
    return scope === undefined ? ordered : ordered.filter((entry) => entry.scope === scope);
  }

  /** Forgets the entries of `scope`, or all of them. */
  forget(scope?: string): void {
    this.#ring = scope === undefined ? [] : this.entries().filter((entry) => entry.scope !== scope);
    this.#head = 0;
  }
}

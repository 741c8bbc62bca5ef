/**
 * What a fake was sent, in order, as a test reads it: a frozen list of frozen entries, made again
 * only after a new call, so nothing a test does changes it. Keeps the latest `limit` calls.
 *
 * @example
 * ```ts
 * const log = new SentLog<SentCall>(1_000);
 * log.push(call);
 * log.calls; // [call]
 * ```
 */
export class SentLog<T extends object> {
  readonly #limit: number;
  /** How far past the limit the list may grow before it is cut back: a full list costs no shift per call. */
  readonly #slack: number;
  readonly #calls: T[] = [];
  #view: readonly T[] | undefined;

  /** Keeps the latest `limit` calls: every call when left out. */
  constructor(limit = Infinity) {
    this.#limit = limit;
    this.#slack = Math.max(1, limit >> 3);
  }

  /** The calls, oldest first: the latest `limit` of them. */
  get calls(): readonly T[] {
    if (this.#view === undefined) {
      const calls = this.#calls;
      this.#view = Object.freeze(calls.length > this.#limit ? calls.slice(-this.#limit) : calls.slice());
    }
    return this.#view;
  }

  /** Lists one more call, frozen. */
  push(call: T): void {
    this.#calls.push(Object.freeze(call));
    this.#view = undefined;
    if (this.#calls.length > this.#limit + this.#slack) this.#calls.splice(0, this.#calls.length - this.#limit);
  }

  /** Forgets every call listed. */
  clear(): void {
    this.#calls.length = 0;
    this.#view = undefined;
  }
}

/**
 * What a fake was sent, frozen and made again only after a new call, so nothing a test does changes it. Keeps the
 * latest `limit` calls, or with `weigh` at most `bytes` of them (the newest always).
 */
export class SentLog<T extends object> {
  readonly #limit: number;
  /** How far past the limit the list may grow before it is cut back: a full list costs no shift per call. */
  readonly #slack: number;
  readonly #calls: T[] = [];
  readonly #bytes: number;
  readonly #weigh: ((call: T) => number) | undefined;
  /** Each call's weight, beside `#calls`, when the log weighs its calls. */
  readonly #weights: number[] = [];
  #size = 0;
  #view: readonly T[] | undefined;

  /** Keeps the latest `limit` calls (every call when left out), within `bytes` as `weigh` counts them. */
  constructor(limit = Infinity, bytes = Infinity, weigh?: (call: T) => number) {
    this.#limit = limit;
    this.#slack = Math.max(1, limit >> 3);
    this.#bytes = bytes;
    this.#weigh = weigh;
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
    if (this.#weigh !== undefined) return this.#within(this.#weigh(call));
    if (this.#calls.length > this.#limit + this.#slack) this.#calls.splice(0, this.#calls.length - this.#limit);
  }

  /** Forgets the calls `gone` picks (a closed scope's), keeping the others in their order. */
  drop(gone: (call: T) => boolean): void {
    let kept = 0;
    this.#size = 0;
    for (let i = 0; i < this.#calls.length; i++) {
      const call = this.#calls[i]!;
      if (gone(call)) continue;
      this.#calls[kept] = call;
      if (this.#weigh !== undefined) this.#size += this.#weights[kept] = this.#weights[i]!;
      kept++;
    }
    if (kept === this.#calls.length) return;
    this.#calls.length = kept;
    if (this.#weigh !== undefined) this.#weights.length = kept;
    this.#view = undefined;
  }

  /** Forgets every call listed. */
  clear(): void {
    this.#calls.length = 0;
    this.#weights.length = 0;
    this.#size = 0;
    this.#view = undefined;
  }

  /** Counts the call just listed, then drops the oldest until the log is within its limits. */
  #within(weight: number): void {
    this.#weights.push(weight);
    this.#size += weight;
    let drop = 0;
    const count = this.#calls.length;
    while (count - drop > 1 && (count - drop > this.#limit || this.#size > this.#bytes))
      this.#size -= this.#weights[drop++]!;
    if (drop > 0) {
      this.#calls.splice(0, drop);
      this.#weights.splice(0, drop);
    }
  }
}

/**
 * What a fake was sent, frozen and made again only after a new call, so nothing a test does changes it. Keeps the
 * latest `limit` calls, or with `weigh` at most `bytes` of them (the newest always). Beside each call, in the same
 * ring, how it ended ({@link SentLog.settle}): nothing apart to grow, trim or forget.
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
  /** Beside `#calls`: each call's place in an order the owner keeps, how it ended (0 while it runs) and with what. */
  readonly #ats: number[] = [];
  readonly #ends: number[] = [];
  readonly #values: unknown[] = [];
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

  /** Lists one more call, frozen, at place `at` of its owner's order. */
  push(call: T, at = 0): void {
    this.#calls.push(Object.freeze(call));
    this.#ats.push(at);
    this.#ends.push(0);
    this.#values.push(undefined);
    this.#view = undefined;
    if (this.#weigh !== undefined) return this.#within(this.#weigh(call));
    if (this.#calls.length > this.#limit + this.#slack) this.#cut(this.#calls.length - this.#limit);
  }

  /** Keeps how `call` ended, a kind other than 0 and its value, while the log holds it; a later end replaces it. */
  settle(call: T, end: number, value: unknown): void {
    const at = this.#calls.lastIndexOf(call);
    if (at === -1) return;
    this.#ends[at] = end;
    this.#values[at] = value;
  }

  /** Where `call` is held (-1 when it is not): the index {@link endOf} reads. */
  indexOf(call: T): number {
    return this.#calls.lastIndexOf(call);
  }

  /** The place, end kind (0 while it runs) and value of the call held at `index`. */
  endOf(index: number): { readonly at: number; readonly end: number; readonly value: unknown } | undefined {
    if (index < 0 || index >= this.#calls.length) return undefined;
    return { at: this.#ats[index]!, end: this.#ends[index]!, value: this.#values[index] };
  }

  /** The calls held, with their index for {@link endOf}: past `limit` too, until the next cut. */
  get held(): readonly T[] {
    return this.#calls;
  }

  /** Forgets the calls `gone` picks (a closed scope's), keeping the others in their order. */
  drop(gone: (call: T) => boolean): void {
    let kept = 0;
    this.#size = 0;
    for (let i = 0; i < this.#calls.length; i++) {
      const call = this.#calls[i]!;
      if (gone(call)) continue;
      this.#calls[kept] = call;
      this.#ats[kept] = this.#ats[i]!;
      this.#ends[kept] = this.#ends[i]!;
      this.#values[kept] = this.#values[i];
      if (this.#weigh !== undefined) this.#size += this.#weights[kept] = this.#weights[i]!;
      kept++;
    }
    if (kept === this.#calls.length) return;
    this.#calls.length = this.#ats.length = this.#ends.length = this.#values.length = kept;
    if (this.#weigh !== undefined) this.#weights.length = kept;
    this.#view = undefined;
  }

  /** Forgets every call listed. */
  clear(): void {
    this.#calls.length = this.#ats.length = this.#ends.length = this.#values.length = 0;
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
      this.#cut(drop);
      this.#weights.splice(0, drop);
    }
  }

  /** Forgets the oldest `count` calls. */
  #cut(count: number): void {
    this.#calls.splice(0, count);
    this.#ats.splice(0, count);
    this.#ends.splice(0, count);
    this.#values.splice(0, count);
  }
}

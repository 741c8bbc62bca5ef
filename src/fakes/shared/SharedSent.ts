import type { SentCall } from '../model/SentCall.js';

/** A call this process's fake was sent, until the namespace's record holds it: its number there once known. */
export interface SentNote {
  readonly call: SentCall;
  /**
   * Undefined until recorded, and for ever when Redis may or may not have taken it; Infinity when it surely never got
   * it.
   */
  seq: number | undefined;
  /** True until the record of the call in Redis settled. */
  open: boolean;
}

/** A read waiting for the records of the calls in flight when it was taken. */
interface Waiter {
  readonly open: Set<SentNote>;
  readonly resolve: () => void;
}

/**
 * A namespaced fake's `sent`: the calls the last `sync()` read from every process, then this process's since, each
 * once. A read waits for this process's records in flight; a call whose record failed is dropped at the next read,
 * which lists it if Redis took it. Both parts are bounded by `limit`.
 */
export class SharedSent {
  readonly #limit: number;
  /** How far past the limit `#since` may grow before it is cut back: a full list costs no shift per call. */
  readonly #slack: number;
  #read: readonly SentCall[] = [];
  /** The sequence number the last read holds every call up to. */
  #upTo = 0;
  /** This process's calls since the last read: the latest `limit` of them count; older ones wait to be cut off. */
  #since: SentNote[] = [];
  #calls: readonly SentCall[] | undefined;
  #waiters: Waiter[] = [];

  constructor(limit: number) {
    this.#limit = limit;
    this.#slack = Math.max(1, limit >> 3);
  }

  /** The read calls, then this process's since. */
  get calls(): readonly SentCall[] {
    if (this.#calls === undefined) {
      this.#trim();
      this.#calls = Object.freeze([...this.#read, ...this.#since.map((note) => note.call)]);
    }
    return this.#calls;
  }

  /** Lists a call this process's fake was just sent; its record in Redis follows. */
  note(call: SentCall): SentNote {
    const note: SentNote = { call, seq: undefined, open: true };
    this.#since.push(note);
    // Every other reader cuts the list to the limit first, so none sees the calls past it.
    if (this.#since.length > this.#limit + this.#slack) this.#trim();
    this.#calls = undefined;
    return note;
  }

  /** The record of `note` settled: numbered `seq`, or not recorded (undefined). */
  recorded(note: SentNote, seq: number | undefined): void {
    note.open = false;
    note.seq = seq;
    if (this.#waiters.length > 0) this.#settle(note);
    // Recorded before the last read took its snapshot: that read lists it already.
    if (seq !== undefined && seq <= this.#upTo) {
      this.#trim();
      this.#drop(note);
    }
  }

  /** Resolves once every call noted so far has its record settled, so a read taken after lists each once. */
  settled(): Promise<void> {
    this.#trim();
    const open = new Set(this.#since.filter((note) => note.open));
    if (open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ open, resolve }));
  }

  #settle(note: SentNote): void {
    this.#waiters = this.#waiters.filter((waiter) => {
      waiter.open.delete(note);
      if (waiter.open.size > 0) return true;
      waiter.resolve();
      return false;
    });
  }

  /** Takes a read of the namespace's record: `entries`, every call numbered up to `upTo` it still keeps. */
  replace(entries: readonly SentCall[], upTo: number): void {
    this.#trim();
    this.#read = entries;
    this.#upTo = upTo;
    // Kept: calls still being recorded (the read may or may not hold them) and calls numbered after it.
    this.#since = this.#since.filter((note) => note.open || (note.seq !== undefined && note.seq > this.#upTo));
    this.#calls = undefined;
  }

  /** Forgets the calls listed now, those still being recorded too; a later read lists what the namespace holds. */
  clear(): void {
    this.#read = [];
    this.#since = [];
    this.#calls = undefined;
  }

  /** Cuts this process's calls to the latest `limit`. */
  #trim(): void {
    if (this.#since.length > this.#limit) this.#since.splice(0, this.#since.length - this.#limit);
  }

  #drop(note: SentNote): void {
    const at = this.#since.indexOf(note);
    if (at === -1) return;
    this.#since.splice(at, 1);
    this.#calls = undefined;
  }
}

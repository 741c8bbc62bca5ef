/** The most state hashes a store without a namespace remembers writing, to tell one that expired alone. */
const MAX_KNOWN = 50_000;

/** A cursor-moving command that timed out: what it was, and the step it asked for, when it was a step. */
export interface Doubt {
  readonly what: string;
  readonly stepKey?: string;
}

/**
 * What a Redis cursor store knows of its own writes: what tells lost state (`D0010`) and a cursor in doubt (`D0011`)
 * from a fresh one.
 */
export class WriteRecord {
  /** Whether this store has written state: from then on, a missing marker means the state was lost (`D0010`). */
  #wrote = false;
  /**
   * Hashes a store without a namespace wrote, so one that expired alone counts as lost; the oldest go past {@link
   * MAX_KNOWN}.
   */
  readonly #known = new Set<string>();
  /**
   * Hashes a cursor-moving command timed out on: Redis may have run it after, so the cursor is in doubt until a reset.
   */
  readonly #doubts = new Map<string, Doubt>();
  /** Whether the store's key space is its own, so the state hashes it wrote are worth remembering. */
  readonly #remembers: boolean;

  constructor(remembers: boolean) {
    this.#remembers = remembers;
  }

  /** What the store believes of `state` for a script: '0' nothing written, '1' written, '2' this state written too. */
  belief(state: string): '0' | '1' | '2' {
    return !this.#wrote ? '0' : this.#known.has(state) ? '2' : '1';
  }

  /** The doubt a timed-out command left on `state`, if any. */
  doubt(state: string): Doubt | undefined {
    return this.#doubts.get(state);
  }

  /** Records that a cursor-moving command on `state` timed out. */
  doubted(state: string, what: string, stepKey: string | undefined): void {
    this.#doubts.set(state, { what, ...(stepKey === undefined ? {} : { stepKey }) });
  }

  /** Drops the doubt on `state`: its cursor's place is known again. */
  settled(state: string): void {
    this.#doubts.delete(state);
  }

  /** Records a write to `state`. */
  wrote(state: string): void {
    this.#wrote = true;
    if (this.#remembers && !this.#known.has(state)) {
      if (this.#known.size >= MAX_KNOWN) this.#known.delete(this.#known.values().next().value!);
      this.#known.add(state);
    }
  }

  /** Forgets `state`: it was removed. */
  forget(state: string): void {
    this.#doubts.delete(state);
    this.#known.delete(state);
  }

  /** Forgets every state whose key starts with `before`: one scope's, removed. */
  forgetUnder(before: string): void {
    for (const key of this.#doubts.keys()) if (key.startsWith(before)) this.#doubts.delete(key);
    for (const key of this.#known) if (key.startsWith(before)) this.#known.delete(key);
  }

  /** Forgets everything: the store starts again as if new. */
  clear(): void {
    this.#wrote = false;
    this.#known.clear();
    this.#doubts.clear();
  }
}

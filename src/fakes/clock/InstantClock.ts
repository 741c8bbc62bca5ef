import { abortReason, type Clock } from '../../services/clock/Clock.js';

/**
 * A clock whose time moves only when something sleeps on it: `sleep(ms)` adds `ms` to `now()`
 * and resolves without waiting, so a retry with a 30 s backoff takes microseconds.
 * Test containers bind one at `Tokens.Clock`.
 *
 * @example
 * ```ts
 * const clock = new InstantClock();
 * await clock.sleep(30_000);
 * clock.now();   // 30000
 * clock.slept;   // [30000]
 * ```
 */
export class InstantClock implements Clock {
  #now: number;
  readonly #slept: number[] = [];

  /** @param start the time `now()` answers before anything sleeps, in ms since the epoch. */
  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  /** Every sleep so far, in milliseconds, in order. */
  get slept(): readonly number[] {
    return this.#slept;
  }

  /** Forgets the sleeps recorded so far (`slept` is empty); the time stays where they moved it. `app.reset()` calls it. */
  clear(): void {
    this.#slept.length = 0;
  }

  /** Moves the time on without a sleep. */
  advance(ms: number): void {
    this.#now += Math.max(0, ms);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const span = Math.max(0, ms);
    this.#slept.push(span);
    this.#now += span;
    return Promise.resolve();
  }
}

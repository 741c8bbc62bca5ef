/** The seed of a test app's jitter when its settings name none. */
export const DEFAULT_SEED = 1;

/**
 * A source of numbers in [0, 1) that gives the same sequence for the same seed (a 32-bit
 * mulberry generator): test apps draw retry jitter from it, so `app.clock.slept` is the same on
 * every run without rebinding `Tokens.Random`.
 *
 * @example
 * ```ts
 * const random = seededRandom(7);
 * seededRandom(7)() === random(); // true
 * ```
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

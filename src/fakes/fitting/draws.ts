/**
 * Seeded draws (mulberry32) from a seed and a salt, the same in any process and run; two places of a value draw apart.
 */
export interface Draws {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from `lo` to `hi`, both included (`lo` when `hi` is below it). */
  int(lo: number, hi: number): number;
  /** The draws for a part of the value: seeded from these draws' seed and `salt`. */
  at(salt: string): Draws;
}

/** The draws of `seed` for `salt`. */
export function draws(seed: number, salt: string): Draws {
  const start = hash(`${seed}\u0000${salt}`);
  let state = start;
  const next = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo, hi) => (hi <= lo ? lo : lo + Math.floor(next() * (hi - lo + 1))),
    at: (part) => draws(start, part),
  };
}

/** FNV-1a over UTF-16 code units: a stable 32-bit hash. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

import { StandinError } from '../../errors/StandinError.js';
import { words } from './words.js';

/** The most dimensions `embedByHash` makes. */
export const MAX_DIMENSIONS = 65_536;

/**
 * A deterministic embedder for a fake's record: the same text gives the same unit vector, in any process, on any run.
 * Each word of the text stands for a pseudo-random vector drawn from a hash of the word; the text's vector is their
 * sum, scaled to length 1. So texts that share words point the same way (a search test finds what it should), and a
 * text without words is hashed whole.
 *
 * @throws {StandinError} `T0012` when `dimensions` is not a whole number from 1 to 65536.
 * @example
 * ```ts
 * app.fake('writer', { embed: embedByHash(8) });
 * const v = await app.embed('writer', 'reset a password'); // 8 numbers, length 1
 * ```
 */
export function embedByHash(dimensions: number): (text: string) => number[] {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
    throw new StandinError(
      'T0012',
      `embedByHash(dimensions): expected a whole number from 1 to ${MAX_DIMENSIONS}, got ` +
        `${typeof dimensions === 'number' ? dimensions : `a ${typeof dimensions}`}. Write embedByHash(8), for ` +
        `instance.`,
    );
  }
  return (text: string): number[] => {
    if (typeof text !== 'string') {
      throw new StandinError(
        'T0012',
        `embedByHash(${dimensions}): expected the text as a string, got a ${typeof text}.`,
      );
    }
    const sum = new Array<number>(dimensions).fill(0);
    const found = words(text);
    for (const word of found.length > 0 ? found : [text]) {
      const next = mulberry32(fnv1a(word));
      for (let i = 0; i < dimensions; i++) sum[i]! += next() * 2 - 1;
    }
    let squares = 0;
    for (const x of sum) squares += x * x;
    const norm = Math.sqrt(squares);
    // A sum that cancels out exactly has no direction; any fixed unit vector keeps it deterministic.
    if (norm === 0) return sum.map((_, i) => (i === 0 ? 1 : 0));
    return sum.map((x) => x / norm);
  };
}

/** FNV-1a over UTF-16 code units: a stable 32-bit hash. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A small seeded generator of numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

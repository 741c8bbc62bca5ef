import { StandinError } from '../../errors/StandinError.js';
import { words } from './words.js';

/**
 * A deterministic ranker for a fake's record: each text scores the share of the query's distinct
 * words it contains, from 0 (none) to 1 (all). A query without words scores every text 0.
 *
 * @example
 * ```ts
 * app.fake('writer', { rank: rankByOverlap() });
 * await app.rank('writer', 'reset password', ['Reset your password', 'Billing']); // [1, 0]
 * ```
 */
export function rankByOverlap(): (query: string, texts: readonly string[]) => number[] {
  return (query: string, texts: readonly string[]): number[] => {
    if (typeof query !== 'string' || !Array.isArray(texts) || !texts.every((t) => typeof t === 'string')) {
      throw new StandinError(
        'T0012',
        'rankByOverlap(): expected the words as a string and the texts as a list of strings.',
      );
    }
    const wanted = new Set(words(query));
    if (wanted.size === 0) return texts.map(() => 0);
    return texts.map((text) => {
      const have = new Set(words(text));
      let shared = 0;
      for (const word of wanted) if (have.has(word)) shared++;
      return shared / wanted.size;
    });
  };
}

import type { Units } from '../services/spec/Provider.js';

/** The counts units split out of their totals: cached input read and written, and reasoning output. */
export const unitSplits = ['cachedIn', 'cacheWriteIn', 'reasoningOut'] as const;

export type UnitSplit = (typeof unitSplits)[number];

/** What a provider reports of each split: a count, or nothing. */
export type Splits = Partial<Record<UnitSplit, number | null | undefined>>;

/** No units yet. */
export const NO_UNITS: Units = Object.freeze({ tokensIn: 0, tokensOut: 0 });

/** Units of these totals, with each split the provider reported above 0 (providers report none and 0 alike). */
export function unitsOf(tokensIn: number, tokensOut: number, splits: Splits = {}): Units {
  const units: { -readonly [K in keyof Units]: Units[K] } = { tokensIn, tokensOut };
  for (const split of unitSplits) {
    const count = splits[split];
    if (typeof count === 'number' && count > 0) units[split] = count;
  }
  return units;
}

/** `a` and `b` added up, each split kept where either has it. */
export function addUnits(a: Units, b: Units): Units {
  const splits: Splits = {};
  for (const split of unitSplits)
    if (a[split] !== undefined || b[split] !== undefined) splits[split] = (a[split] ?? 0) + (b[split] ?? 0);
  return unitsOf(a.tokensIn + b.tokensIn, a.tokensOut + b.tokensOut, splits);
}

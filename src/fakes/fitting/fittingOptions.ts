import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { lazySchema } from '../../validation/lazySchema.js';
import { MAX_DIMENSIONS } from '../model/embedByHash.js';

/**
 * How `fitting(options)` answers; every field may be left out.
 *
 * @example
 * ```ts
 * const options: FittingOptions = { seed: 7, dimensions: 16 };
 * ```
 */
export interface FittingOptions {
  /**
   * Draws tool inputs and typed values from their schemas by this seed (a whole number), in place
   * of the smallest that fits: the same seed gives the same values on every run.
   */
  readonly seed?: number | undefined;
  /** How many numbers each embedding has: 8 when left out, at most 65,536. */
  readonly dimensions?: number | undefined;
}

/** The embeddings' dimensions when the options name none. */
export const DEFAULT_DIMENSIONS = 8;

/** The options as a schema: what a scripts document's `fitting` holds too. */
export const fittingOptionsSchema = lazySchema(() =>
  z.strictObject({
    seed: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).optional(),
    dimensions: z.number().int().min(1).max(MAX_DIMENSIONS).optional(),
  }),
);

/** What to write for each field of the options, for messages. */
export const fittingOptionsExpected: Readonly<Record<string, string>> = {
  '': 'an object { seed?, dimensions? }',
  seed: 'a whole number, such as 7',
  dimensions: `a whole number from 1 to ${MAX_DIMENSIONS}`,
};

/**
 * `fitting(options)`'s options, checked.
 *
 * @throws {StandinError} `T0143` naming each field that is wrong and what to write.
 */
export function readFittingOptions(options: unknown): FittingOptions {
  if (options === undefined) return {};
  const parsed = fittingOptionsSchema.safeParse(options);
  if (parsed.success) return parsed.data;
  const lines = describeIssues('options', options, parsed.error.issues, {
    expected: fittingOptionsExpected,
    keys: { '': Object.keys(fittingOptionsSchema.shape) },
  });
  throw new StandinError('T0143', `fitting(options): the options are not valid:\n${lines.join('\n')}`);
}

import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** The most parts per second a pace may ask for. */
export const MAX_PARTS_PER_SECOND = 10_000;
/** The longest time to the first part a pace may ask for: ten minutes. */
export const MAX_FIRST_MS = 600_000;

/**
 * How fast a streamed answer arrives, as a real model's does: the time to its first part, then
 * parts per second. The waits are on the app's clock (instant in a test app: no waiting, and
 * `app.clock.slept` lists them), unless `real` puts them on the system clock.
 *
 * @example
 * ```ts
 * const pace: Pace = { firstMs: 400, perSecond: 30 }; // 0.4 s to the first part, then one part every 33 ms
 * ```
 */
export interface Pace {
  /** Milliseconds before the first part. 0 when left out. */
  readonly firstMs?: number;
  /** Parts per second after the first. Left out, the parts follow each other at once. */
  readonly perSecond?: number;
  /** Wait on the system clock even where the app's clock is instant (a test app driven by a browser). */
  readonly real?: boolean;
}

/** The schema of a pace: in an answer's `pace`, a fake's `pace(...)` and a wire server's settings. */
export const paceSchema = lazySchema(() =>
  z.strictObject({
    firstMs: z.number().int().min(0).max(MAX_FIRST_MS).optional(),
    perSecond: z.number().gt(0).max(MAX_PARTS_PER_SECOND).optional(),
    real: z.boolean().optional(),
  }),
);

/** What to write at each path of a pace, for messages (paths relative to the pace). */
export const paceExpected: Readonly<Record<string, string>> = {
  '': 'a pace { firstMs?, perSecond?, real? }',
  firstMs: `a whole number of milliseconds (0 to ${MAX_FIRST_MS})`,
  perSecond: `a number of parts per second, above 0 and at most ${MAX_PARTS_PER_SECOND}`,
  real: 'true to wait on the system clock, false or left out for the app’s clock',
};

/**
 * A pace checked, frozen: a fake's or a server's pace for every answer that names none.
 *
 * @throws {StandinError} `T0074` naming what is wrong with it.
 */
export function checkPace(raw: unknown, where: string): Pace {
  const parsed = paceSchema.safeParse(raw);
  if (parsed.success) return Object.freeze({ ...parsed.data }) as Pace;
  const lines = describeIssues('pace', raw, parsed.error.issues, {
    expected: paceExpected,
    pattern: (path) => path.map(String).join('.'),
    keys: { '': Object.keys(paceExpected).filter(Boolean) },
  });
  throw new StandinError('T0074', `${where}: the pace is malformed:\n${lines.join('\n')}`);
}

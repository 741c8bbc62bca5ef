import { z } from 'zod';
import { describeIssues } from '../../validation/describeIssues.js';
import { isOrdinaryObject } from '../../validation/isOrdinaryObject.js';
import { lazySchema } from '../../validation/lazySchema.js';

/** The longest gate name: it travels in a control request's query. */
export const MAX_GATE_LENGTH = 100;
/** How long a stream holds at a gate no one releases, when its hold names no `timeoutMs`: 30 s on the system clock. */
export const DEFAULT_HOLD_TIMEOUT_MS = 30_000;
/** The longest `timeoutMs` a hold may name: ten minutes. */
export const MAX_HOLD_TIMEOUT_MS = 600_000;

/** A stream part that holds the stream at a named gate until a release: `{ hold: 'mid' }`. */
export interface HoldPart {
  /** The gate's name: what `app.release(name)` and `POST /__standin/release?gate=name` name. */
  readonly hold: string;
  /** How long the stream waits for the release, in ms on the system clock; 30000 when left out. */
  readonly timeoutMs?: number;
}

/** Where an answer's stream holds: before the part at `at` (its parts' count: after the last one). */
export interface Hold {
  readonly at: number;
  readonly gate: string;
  readonly timeoutMs: number;
}

const holdSchema = lazySchema(() =>
  z.strictObject({
    hold: z.string().min(1).max(MAX_GATE_LENGTH),
    timeoutMs: z.number().int().min(1).max(MAX_HOLD_TIMEOUT_MS).optional(),
  }),
);

const holdHints = {
  pattern: (path: readonly PropertyKey[]) => path.map(String).join('.'),
  expected: {
    '': "a hold { hold: 'mid', timeoutMs? }",
    hold: `the gate's name, 1 to ${MAX_GATE_LENGTH} characters`,
    timeoutMs: `a whole number of milliseconds (1 to ${MAX_HOLD_TIMEOUT_MS})`,
  },
  keys: { '': ['hold', 'timeoutMs'] },
};

/** Whether a stream part is a hold: an object whose `hold` key is there. */
export function isHoldPart(raw: unknown): boolean {
  return isOrdinaryObject(raw) && Object.hasOwn(raw, 'hold');
}

/**
 * Reads a hold part of an answer's `parts`: the gate's name and its wait.
 *
 * @returns the hold, or the lines saying what is wrong with it (for `T0003`).
 */
export function readHold(raw: unknown, where: string, at: number): Hold | string[] {
  const parsed = holdSchema.safeParse(raw);
  if (!parsed.success) return describeIssues(where, raw, parsed.error.issues, holdHints);
  return { at, gate: parsed.data.hold, timeoutMs: parsed.data.timeoutMs ?? DEFAULT_HOLD_TIMEOUT_MS };
}

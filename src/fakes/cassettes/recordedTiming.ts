import { z } from 'zod';
import type { Clock } from '../../services/clock/Clock.js';
import { SystemClock } from '../../services/clock/SystemClock.js';
import type { ReplyPart } from '../../services/spec/Provider.js';
import { lazySchema } from '../../validation/lazySchema.js';
import { MAX_DELAY_MS } from '../model/answerSchema.js';

/**
 * How a streamed reply arrived when it was recorded, kept on its entry by a cassette with `timing: true`: the whole
 * milliseconds from the call to its first content part (text, reasoning, value or call), then between each content
 * part and the next. Units and the finish follow the last content part at once. Never part of the matching.
 *
 * @example
 * ```ts
 * const timing: RecordedTiming = { firstMs: 412, gapsMs: [31, 29, 30] }; // four parts
 * ```
 */
export interface RecordedTiming {
  readonly firstMs: number;
  readonly gapsMs: readonly number[];
}

/** The most a pace factor may stretch the recorded waits: a hundredfold. */
export const MAX_PACE_FACTOR = 100;

/** The schema of an entry's `timing`: every wait a whole number of ms, at most `MAX_DELAY_MS`. */
export const timingSchema = lazySchema(() =>
  z.strictObject({
    firstMs: z.number().int().min(0).max(MAX_DELAY_MS),
    gapsMs: z.array(z.number().int().min(0).max(MAX_DELAY_MS)),
  }),
);

/** Whether a reply part is content, which timing measures, rather than units or the finish. */
export function isContent(part: ReplyPart): boolean {
  return part.type !== 'units' && part.type !== 'finish';
}

/** A duration as a recording keeps it: whole ms, at most `MAX_DELAY_MS`. */
const wholeMs = (ms: number): number => Math.min(MAX_DELAY_MS, Math.max(0, Math.round(ms)));

/** Times a live reply's content parts from the moment it is made (the call's start) as they arrive. */
export class TimingRecorder {
  readonly #start = performance.now();
  readonly #offsets: number[] = [];

  add(part: ReplyPart): void {
    if (isContent(part)) this.#offsets.push(wholeMs(performance.now() - this.#start));
  }

  /** The timing of the parts so far; undefined before the first content part. */
  timing(): RecordedTiming | undefined {
    const offsets = this.#offsets;
    if (offsets.length === 0) return undefined;
    // Gaps taken between rounded offsets, so they sum to the recorded whole and rounding never drifts.
    return { firstMs: offsets[0]!, gapsMs: offsets.slice(1).map((at, i) => wholeMs(at - offsets[i]!)) };
  }
}

/**
 * Replays a recorded timing on the system clock, its waits times `factor`: each content part is due at its recorded
 * offset from the call's start, so time the consumer takes between parts is not added to the next wait. Waiting ends
 * at once, rejecting with the signal's reason, when `signal` aborts.
 */
export class TimingReplay {
  readonly #timing: RecordedTiming;
  readonly #factor: number;
  readonly #signal: AbortSignal;
  readonly #clock: Clock;
  readonly #start = performance.now();
  #due = 0;
  #content = 0;

  constructor(timing: RecordedTiming, factor: number, signal: AbortSignal, clock: Clock = new SystemClock()) {
    this.#timing = timing;
    this.#factor = factor;
    this.#signal = signal;
    this.#clock = clock;
  }

  /** Waits until `part` is due: a content part at its recorded offset, anything else at once. */
  async before(part: ReplyPart): Promise<void> {
    if (!isContent(part)) return;
    const n = this.#content++;
    this.#due += (n === 0 ? this.#timing.firstMs : (this.#timing.gapsMs[n - 1] ?? 0)) * this.#factor;
    const wait = this.#start + this.#due - performance.now();
    if (wait >= 1) await this.#clock.sleep(wait, this.#signal);
  }
}

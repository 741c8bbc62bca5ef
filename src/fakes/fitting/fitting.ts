import type { CallRecord } from '../model/Answer.js';
import { fittingCalls, type FittingCalls } from './fittingCalls.js';
import { DEFAULT_DIMENSIONS, readFittingOptions, type FittingOptions } from './fittingOptions.js';
import { fittingReply } from './fittingReply.js';

/** The mark a record of calls made by `fitting()` carries, so `app.fakeClassifier(fitting())` knows it. */
export const FITTING: unique symbol = Symbol.for('standin/fitting');

/**
 * What `fitting()` makes: a record of calls for `app.fake(model, fitting())`, which
 * `app.fakeClassifier(fitting())` reads as its fitting answers too.
 */
export type Fitting = FittingCalls & {
  readonly reply: NonNullable<CallRecord['reply']>;
  readonly [FITTING]: FittingOptions;
};

/**
 * Answers for a faked model from each request alone, with no script: the same on every run.
 *
 * - `reply`: each tool the request offers called once, in order, in one step, with the smallest
 *   input that fits its JSON Schema (or one drawn from it by `options.seed`); then a typed value
 *   that fits the output's shape, the same way, or a text naming the model and the step.
 * - `embed` by a hash of the words (`embedByHash`, 8 dimensions or `options.dimensions`), `rank` by
 *   shared words (`rankByOverlap`), `image` by a hash of the prompt (`imageByHash`, PNG).
 * - `hear`: a text naming the model and the sound's size and digest; `speak`: a WAV tone from a hash
 *   of the text; `call`: `{ model, input }`.
 *
 * Spread it to script some calls yourself: `{ ...fitting(), reply: [{ text: 'Hi' }] }`. Given to
 * `app.fakeClassifier(fitting())`, every question gets its fitting answer: yes to a yes-no
 * question, the top level of a score, the first option of a choice as listed. A schema no value
 * fits is a test author's error (`T0140`-`T0142`) that `verify()` reports, never a hang.
 *
 * @throws {StandinError} `T0143` for bad options.
 * @example
 * ```ts
 * const writer = app.fake('writer', fitting());
 * const run = await app.run(helpdesk, 'How do I reset my password?'); // every tool called, then a value
 * await writer.verify();
 * ```
 */
export function fitting(options?: FittingOptions): Fitting {
  const read = readFittingOptions(options);
  const record = { reply: fittingReply(read.seed), ...fittingCalls(read.dimensions ?? DEFAULT_DIMENSIONS) };
  // The mark is a symbol, so it is no key of the record: `app.fake` reads the record as any other.
  return Object.defineProperty(record, FITTING, { value: read }) as Fitting;
}

/** Whether `value` is what `fitting()` made. */
export function isFitting(value: unknown): value is Fitting {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, FITTING);
}

import { StandinError } from '../../errors/StandinError.js';
import { failureKinds } from '../../errors/ProviderFailure.js';
import type { AnswerFamily } from './answerFamilies.js';

/** The bounds a script and its values keep to. */
export interface ArbitraryBounds {
  readonly maxAnswers: number;
  readonly maxFailures: number;
  readonly maxCalls: number;
  readonly maxLength: number;
  readonly maxItems: number;
}

const defaultWeights: Readonly<Record<AnswerFamily, number>> = { valid: 4, near_miss: 2, misbehave: 2, fail: 1 };
const defaultBounds: ArbitraryBounds = { maxAnswers: 4, maxFailures: 3, maxCalls: 2, maxLength: 12, maxItems: 3 };
/** The largest bound taken: a property test's scripts stay small enough to read. */
const LARGEST = 1000;

/**
 * The weights and bounds of the arbitraries' options, defaults filled in.
 *
 * @throws {StandinError} `T0113` for an unknown family, a weight that is not a number from 0, a bound that is not a
 * whole number from 0 to 1000 (from 1 for `maxAnswers`), a failure kind that is not one.
 */
export function readArbitraryOptions(
  options: { readonly families?: unknown; readonly failures?: unknown } & Partial<
    Record<keyof ArbitraryBounds, unknown>
  >,
  where: string,
): { weights: Record<AnswerFamily, number>; bounds: ArbitraryBounds } {
  const weights = { ...defaultWeights };
  for (const [family, weight] of Object.entries((options.families ?? {}) as Record<string, unknown>)) {
    if (!Object.hasOwn(defaultWeights, family)) {
      throw bad(
        where,
        `families.${family}`,
        'is not a family',
        `Weigh one of: ${Object.keys(defaultWeights).join(', ')}.`,
      );
    }
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)
      throw bad(where, `families.${family}`, `is ${String(weight)}`, 'Give a weight from 0 (0 leaves the family out).');
    weights[family as AnswerFamily] = weight;
  }
  const bounds: Record<string, number> = { ...defaultBounds };
  for (const name of Object.keys(defaultBounds) as (keyof ArbitraryBounds)[]) {
    const value = options[name];
    if (value === undefined) continue;
    const least = name === 'maxAnswers' ? 1 : 0;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < least || value > LARGEST)
      throw bad(where, name, `is ${String(value)}`, `Give a whole number from ${least} to ${LARGEST}.`);
    bounds[name] = value;
  }
  for (const [i, kind] of ((options.failures ?? []) as unknown[]).entries()) {
    if (typeof kind !== 'string' || !Object.hasOwn(failureKinds, kind))
      throw bad(
        where,
        `failures[${i}]`,
        `is ${JSON.stringify(kind)}`,
        `Name one of: ${Object.keys(failureKinds).join(', ')}.`,
      );
  }
  return { weights, bounds: bounds as unknown as ArbitraryBounds };
}

/** The error for options that leave no family to draw an answer from. */
export function noFamilyLeft(
  where: string,
  weights: Readonly<Record<AnswerFamily, number>>,
  allowed: readonly string[],
): StandinError {
  const weighed = Object.entries(weights)
    .filter(([, weight]) => weight > 0)
    .map(([family]) => family);
  return bad(
    where,
    'families',
    `leaves no family to draw an answer from (weighed above 0: ${weighed.join(', ') || 'none'}; the shapes allow: ` +
      `${allowed.join(', ')}; a script's answers are not failures)`,
    'Weigh a family the shapes allow above 0, such as valid.',
  );
}

function bad(where: string, at: string, what: string, fix: string): StandinError {
  return new StandinError('T0113', `${where}: the option ${at} ${what}. ${fix}`);
}

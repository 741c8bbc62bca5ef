import { StandinError } from '../../errors/StandinError.js';
import { closest, describeType } from '../../validation/formatPath.js';
import { chaosKinds, type ChaosKind } from './chaosKinds.js';

/**
 * How a chaos layer disturbs calls: the seed its draws come from, the rate of each kind (the share of calls, 0 to 1,
 * that kind disturbs; together at most 1), and, when named, the only models and scopes it disturbs.
 *
 * @example
 * ```ts
 * const settings: ChaosSettings = { seed: 7, rates: { rate_limit: 0.1, invalid_json: 0.05 }, scopes: ['test-1'] };
 * ```
 */
export interface ChaosSettings {
  /** What every draw is made from: a whole number from 0. */
  readonly seed: number;
  /** The share of calls each kind disturbs, each from 0 to 1, together at most 1. */
  readonly rates: Readonly<Partial<Record<ChaosKind, number>>>;
  /** The models (by the app's name; on the wire server, the model id) it disturbs: every model when left out. */
  readonly models?: readonly string[] | undefined;
  /** The scopes it disturbs, by the ids `app.scope(id)` takes: every scope when left out. */
  readonly scopes?: readonly string[] | undefined;
}

/** Settings read and checked: the rates given above 0, in the order the draw walks them. */
export interface ChaosPlan {
  readonly settings: ChaosSettings;
  readonly seed: string;
  readonly rates: readonly (readonly [ChaosKind, number])[];
  readonly models: ReadonlySet<string> | undefined;
  readonly scopes: ReadonlySet<string> | undefined;
}

const FIELDS = ['seed', 'rates', 'models', 'scopes'];
/** How far the rates' sum may pass 1 from adding decimals (`0.1 + 0.2 + 0.7`). */
const SUM_SLACK = 1e-9;

/**
 * Reads chaos settings, `where` naming them in messages (`app.chaos(settings)`, `POST /__standin/chaos`).
 *
 * @throws {StandinError} `T0090` for settings that are no plain object, a field they do not take, or models or scopes
 * that are no list of names; `T0091` a bad seed; `T0092` an unknown kind; `T0093` a rate out of 0 to 1; `T0094` rates
 * summing above 1.
 */
export function readChaosSettings(raw: unknown, where: string): ChaosPlan {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new StandinError(
      'T0090',
      `${where} is ${describeType(raw)}; give { seed, rates, models?, scopes? }: ` +
        `{ seed: 7, rates: { rate_limit: 0.1 } }.`,
    );
  }
  const given = raw as Record<string, unknown>;
  plainObject(given, where);
  const extra = Object.keys(given).filter((key) => !FIELDS.includes(key));
  if (extra.length > 0) {
    throw new StandinError(
      'T0090',
      `${where} has ${extra.map((key) => `'${key.slice(0, 40)}'`).join(', ')}, which chaos does not take; it takes ` +
        `${FIELDS.join(', ')}. The kinds and their rates go under rates: { rates: { ${extra[0]!.slice(0, 40)}: 0.1 } }.`,
    );
  }
  const seed = readSeed(given.seed, where);
  const rates = readRates(given.rates, where);
  const models = readNames(given.models, `${where}.models`, 'model');
  const scopes = readNames(given.scopes, `${where}.scopes`, 'scope');
  const settings: ChaosSettings = Object.freeze({
    seed: given.seed as number,
    rates: Object.freeze(Object.fromEntries(rates)),
    ...(models === undefined ? {} : { models: Object.freeze([...models]) }),
    ...(scopes === undefined ? {} : { scopes: Object.freeze([...scopes]) }),
  });
  return { settings, seed, rates: rates.filter(([, rate]) => rate > 0), models, scopes };
}

function readSeed(seed: unknown, where: string): string {
  if (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) return String(seed);
  // A number written as a text is refused, not read: settings of the wrong type are a mistake to fix, not to guess at.
  const got = typeof seed === 'number' ? `the number ${seed}` : describeType(seed);
  throw new StandinError(
    'T0091',
    `${where}.seed is ${got}; a seed is a whole number from 0 (up to 2^53 - 1), and the same seed draws the same ` +
      `disturbances on every run: { seed: 7, ... }.`,
  );
}

function readRates(rates: unknown, where: string): [ChaosKind, number][] {
  if (typeof rates !== 'object' || rates === null || Array.isArray(rates)) {
    throw new StandinError(
      'T0090',
      `${where}.rates is ${describeType(rates)}; give the share of calls each kind disturbs: ` +
        `{ rate_limit: 0.1, invalid_json: 0.05 }.`,
    );
  }
  plainObject(rates, `${where}.rates`);
  const read: [ChaosKind, number][] = [];
  for (const [kind, rate] of Object.entries(rates)) {
    if (!(chaosKinds as readonly string[]).includes(kind)) {
      const guess = closest(kind, chaosKinds);
      throw new StandinError(
        'T0092',
        `${where}.rates names '${kind.slice(0, 40)}', which is no kind of chaos.` +
          `${guess === undefined ? '' : ` Did you mean '${guess}'?`} The kinds: ${chaosKinds.join(', ')}.`,
      );
    }
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
      throw new StandinError(
        'T0093',
        `${where}.rates.${kind} is ${typeof rate === 'number' ? rate : describeType(rate)}; a rate is a number from ` +
          `0 to 1, the share of calls that kind disturbs (0.1: one call in ten).`,
      );
    }
  }
  for (const kind of chaosKinds) {
    const rate = (rates as Record<string, number>)[kind];
    if (rate !== undefined) read.push([kind, rate]);
  }
  const sum = read.reduce((total, [, rate]) => total + rate, 0);
  if (sum > 1 + SUM_SLACK) {
    throw new StandinError(
      'T0094',
      `${where}.rates add up to ${Number(sum.toFixed(6))}, more than every call: each rate is the share of calls its ` +
        `kind disturbs, and a call is disturbed one way at most. Lower them to 1 or less together.`,
    );
  }
  return read;
}

function readNames(names: unknown, where: string, what: string): ReadonlySet<string> | undefined {
  if (names === undefined) return undefined;
  const ok =
    Array.isArray(names) &&
    names.length <= 10_000 &&
    names.every((name) => typeof name === 'string' && name.length > 0 && name.length <= 200);
  if (!ok) {
    throw new StandinError(
      'T0090',
      `${where} is ${Array.isArray(names) ? 'a list holding something other than names' : describeType(names)}; ` +
        `give a list of ${what} names (each 1 to 200 characters), or leave it out for every ${what}.`,
    );
  }
  return new Set(names as string[]);
}

/** Refuses an object that inherits what it holds (`{ __proto__: { rate_limit: 1 } }`): chaos reads own fields only. */
function plainObject(value: object, where: string): void {
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Object.prototype || proto === null) return;
  throw new StandinError(
    'T0090',
    `${where} is not a plain object: it inherits fields from another object (was it written with __proto__: ?), ` +
      `and chaos reads own fields only. Write the fields on the object itself: { rate_limit: 0.1 }.`,
  );
}

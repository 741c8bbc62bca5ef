import { StandinError } from '../../errors/StandinError.js';
import { Maker } from './Maker.js';
import { NoFit, Work, WorkSpent, MAX_STEPS, type FitCode } from './NoFit.js';
import { Patterns } from './Patterns.js';
import { SchemaCheck } from './SchemaCheck.js';
import { SchemaRefs, type Schema } from './SchemaRefs.js';
import { draws } from './draws.js';

/** What a value is made for, for its draws and its messages. */
export interface FitTarget {
  /** Where the value goes, as paths in messages begin: `with`, `value`. */
  readonly root: string;
  /** What the schema is, in words: `the input of tool 'findInGuide'`. */
  readonly what: string;
  /** Who makes it, as messages name it: `fitting() for model 'writer'`. */
  readonly owner: string;
  /** With a seed, the value is drawn from the schema; without, it is the smallest that fits. */
  readonly seed?: number | undefined;
  /** What tells the draws of two values with the same seed apart: the tool's name, `output`. */
  readonly salt: string;
}

/** How deep a value is first made, then deeper, down to the last: the shallowest value that fits is kept. */
const LIMITS = [4, 8, 16, 32, 64];

const fixes: Readonly<Record<FitCode, string>> = {
  T0140: 'Loosen the schema so some value fits it, or script this answer',
  T0141: 'Give the schema smaller bounds, or script this answer',
  T0142:
    'Write the pattern in a syntax RE2 or JavaScript reads without lookarounds that run long, or script this answer',
};

/**
 * A JSON value that fits a JSON Schema, the same on every run: without a seed the smallest (the first choice of each
 * `anyOf` and `enum` that fits, the number nearest 0, the shortest text and list, only the required properties; nested
 * no deeper than it must be), and with one a value drawn from the schema by that seed. An object is tried first where
 * the schema allows one (a tool takes an object). The work is bounded: at most 200,000 steps, 1000 items, 10,000
 * characters, 64 levels.
 *
 * @throws {StandinError} `T0140` when no value fits (a `false` or `not: {}`, bounds that leave nothing, a `$ref` outside
 * the schema, a recursion nothing ends); `T0141` when the value would be too big or take too long to make; `T0142` for
 * a pattern it cannot read or that runs too long.
 */
export function fitValue(schema: unknown, target: FitTarget): unknown {
  const work = new Work();
  try {
    const refs = new SchemaRefs(schema, work, target.root);
    const check = new SchemaCheck(refs, new Patterns(), work);
    const maker = new Maker({ refs, check, work, seed: target.seed ?? 0 }, target.root);
    const drawn = target.seed === undefined ? undefined : draws(target.seed, target.salt);
    let last: NoFit | undefined;
    for (const limit of LIMITS) {
      maker.tooDeep = false;
      for (const all of [[schema, { type: 'object' }], [schema]] as Schema[][]) {
        try {
          return maker.make(all, target.root, 0, limit, drawn);
        } catch (error) {
          if (!(error instanceof NoFit)) throw error;
          last ??= error;
          if (all.length === 1) last = error;
        }
      }
      if (!maker.tooDeep) break;
    }
    throw refused(target, last!, maker.tooDeep);
  } catch (error) {
    if (error instanceof WorkSpent) {
      throw new StandinError(
        'T0141',
        `${target.owner}: ${target.what} takes more than the ${MAX_STEPS} steps fitting gives one value (at ` +
          `${error.path}). ${fixes.T0141}.`,
      );
    }
    if (error instanceof NoFit) throw refused(target, error, false);
    throw error;
  }
}

function refused(target: FitTarget, error: NoFit, tooDeep: boolean): StandinError {
  const why = tooDeep
    ? `it nests deeper than ${LIMITS.at(-1)} levels: a recursive schema must end in an optional property, a list ` +
      'that may be empty or another choice'
    : error.why;
  return new StandinError(
    error.code,
    `${target.owner}: no value fits ${target.what} at ${error.path}: ${why}. ${fixes[error.code]}.`,
  );
}

import type { Arbitrary } from 'fast-check';
import type { Answer } from '../../fakes/model/Answer.js';
import type { App } from '../../services/app/App.js';
import { failureKinds } from '../../errors/ProviderFailure.js';
import type { FailureKind } from '../../services/spec/failures.js';
import { families, type AnswerFamily, type FamilyMaker } from './answerFamilies.js';
import { shapesFor, type ShapeSources } from './arbitraryShapes.js';
import { printedAs } from './fakeLiteral.js';
import { loadFastCheck } from './loadFastCheck.js';
import { noFamilyLeft, readArbitraryOptions } from './readArbitraryOptions.js';

/**
 * What the arbitraries make answers for, and how many of what. The shapes come from `agent`, else `output` and
 * `tools`, else `request`, else the last reply request the model's fake in the app was sent.
 */
export interface ArbitraryOptions extends ShapeSources {
  /**
   * How often each family comes, by weight (0 leaves it out): `valid` (a value that fits the output, calls whose input
   * fits their tool), `near_miss` (a field missing, an enum member that is not one, a string where a number goes, an
   * extra field, truncated or broken JSON, a misspelt tool: as `misbehave` answers), `misbehave` (every kind, its
   * content made up by the fake), `fail` (a provider failure; in a script, a burst of them before an answer).
   * Default `{ valid: 4, near_miss: 2, misbehave: 2, fail: 1 }`.
   */
  readonly families?: Partial<Record<AnswerFamily, number>>;
  /** The failure kinds `fail` draws from. Default: every kind. */
  readonly failures?: readonly FailureKind[];
  /** A script's most answers besides failures (default 4); it has at least one. */
  readonly maxAnswers?: number;
  /** The most failures in a row before an answer of a script (default 3). */
  readonly maxFailures?: number;
  /** The most tool calls in one answer (default 2). */
  readonly maxCalls?: number;
  /** The longest generated string (default 12), where the shape allows one this short. */
  readonly maxLength?: number;
  /** The most items of a generated list or record (default 3), where the shape allows this few. */
  readonly maxItems?: number;
}

/**
 * A fast-check arbitrary of one answer for `model` (as `app.fake(model, [answer])` takes it), made from the shapes the
 * application hands the model. It shrinks toward a valid answer, then toward the smallest. fast-check is loaded when
 * this is called: `standin/arbitraries` loads without it.
 *
 * @throws {StandinError} `T0110` fast-check is not installed, `T0111` no shapes found, `T0112` a shape with no JSON
 * value, `T0113` bad options, `T0114` no such model.
 * @example
 * ```ts
 * fc.assert(fc.property(arbitraryAnswer(app, 'writer', { agent: writer }), (answer) => { ... }));
 * ```
 */
export function arbitraryAnswer(app: App, model: string, options: ArbitraryOptions = {}): Arbitrary<Answer> {
  const { maker, weights } = setUp(app, model, options, 'arbitraryAnswer');
  const made = families(maker);
  return maker.fc.oneof(crossShrink, ...weighed(made, weights, 'arbitraryAnswer'));
}

/**
 * A fast-check arbitrary of whole scripts for `model`: lists of answers (each family of {@link arbitraryAnswer}), with
 * bursts of failures before an answer. A script shrinks toward fewer answers, fewer failures, valid answers before
 * broken ones; fast-check prints it as a pasteable `app.fake('model', [...])` (see {@link toFakeLiteral}).
 *
 * @throws {StandinError} as {@link arbitraryAnswer}.
 * @example
 * ```ts
 * fc.assert(
 *   fc.asyncProperty(arbitraryScript(app, 'writer', { agent: writer }), async (script) => {
 *     app.fake('writer', script);
 *     await app.run(writer, 'My card was charged twice.').catch(() => undefined);
 *   }),
 *   { seed: 42, numRuns: 30 },
 * );
 * ```
 */
export function arbitraryScript(app: App, model: string, options: ArbitraryOptions = {}): Arbitrary<Answer[]> {
  const where = 'arbitraryScript';
  const { maker, weights, bounds } = setUp(app, model, options, where);
  const { fc } = maker;
  const { fail, ...answers } = families(maker);
  const answer = fc.oneof(crossShrink, ...weighed(answers, weights, where));
  const failing = fail === undefined ? 0 : (weights.fail ?? 0);
  const burst =
    failing === 0 || bounds.maxFailures === 0
      ? fc.constant([])
      : fc.oneof(
          crossShrink,
          { weight: Math.max(1, 9 - failing), arbitrary: fc.constant([]) },
          { weight: failing, arbitrary: fc.array(fail!, { minLength: 1, maxLength: bounds.maxFailures }) },
        );
  // fast-check shortens a list by keeping its tail: built reversed, a script shortens by keeping its first answers,
  // the ones a failing call took.
  return fc.array(fc.tuple(burst, answer), { minLength: 1, maxLength: bounds.maxAnswers }).map((blocks) =>
    printedAs(
      model,
      [...blocks].reverse().flatMap(([failures, last]) => [...failures, last]),
    ),
  );
}

/** A choice that shrinks toward its first arbitrary: a broken answer toward a valid one, a burst toward none. */
const crossShrink = { withCrossShrink: true };

function setUp(app: App, model: string, options: ArbitraryOptions, where: string) {
  const read = readArbitraryOptions(options, where);
  const shapes = shapesFor(app, model, options, `${where}(app, '${String(model)}')`);
  const fc = loadFastCheck();
  const failures = options.failures ?? (Object.keys(failureKinds) as FailureKind[]);
  const maker: FamilyMaker = { fc, shapes, failures, ...read.bounds };
  return { maker, weights: read.weights, bounds: read.bounds };
}

/** The families' arbitraries, weighed, valid first; those weighed 0 or that the shapes do not allow left out. */
function weighed(
  made: Partial<Record<AnswerFamily, Arbitrary<Answer>>>,
  weights: Readonly<Record<AnswerFamily, number>>,
  where: string,
): { weight: number; arbitrary: Arbitrary<Answer> }[] {
  const order: AnswerFamily[] = ['valid', 'near_miss', 'misbehave', 'fail'];
  const left = order.flatMap((family) => {
    const arbitrary = made[family];
    return arbitrary === undefined || weights[family] === 0 ? [] : [{ weight: weights[family], arbitrary }];
  });
  if (left.length === 0) throw noFamilyLeft(where, weights, Object.keys(made));
  return left;
}

import type { Classifier } from '../services/spec/Classifier.js';
import type { ClassificationCaseBody } from './classificationCaseBody.js';

/** The `describe` and `it` of a test runner: vitest's, jest's, node:test's or mocha's. */
export interface ConformanceRunner {
  readonly describe: (name: string, body: () => void) => unknown;
  readonly it: (name: string, body: () => Promise<void>) => unknown;
}

/**
 * One case of the conformance suite: run it against an adapter; it rejects with an assertion error when the adapter
 * breaks the contract.
 */
export interface ConformanceCase {
  readonly name: string;
  run(adapter: Classifier): Promise<void>;
}

/**
 * A case of the list, its body loaded when a case first runs: a test file that imports `standin/testing` and runs no
 * case never loads the suite's code.
 */
function listed(name: string, body: ClassificationCaseBody): ConformanceCase {
  return {
    name,
    async run(adapter) {
      const { classificationRuns } = await import('./classificationCaseRuns.js');
      return classificationRuns[body](adapter);
    },
  };
}

/**
 * The nine cases of the classification adapter contract, in order. Run them all with
 * {@link classifierConformance}, or one by one.
 *
 * @example
 * ```ts
 * await classificationConformanceCases[2].run(myClassifier); // rejects when a choice is not one of its options
 * ```
 */
export const classificationConformanceCases: readonly ConformanceCase[] = [
  listed('1. answers are keyed by exactly the question ids', 'keys'),
  listed("2. each answer has its question's type", 'types'),
  listed('3. a choice answer is one of its options, with a probability per option', 'choice'),
  listed('4. a score answer is a position on the levels, with a probability and a legend entry per level', 'score'),
  listed('5. a yes-no answer is a probability of yes, with no confidence', 'yesNo'),
  listed('6. empty questions reject with reason invalid_request', 'empty'),
  listed('7. the request metadata comes back on the response', 'metadata'),
  listed('8. the request id is reflected onto the response', 'requestId'),
  listed('9. usage is reported as token counts', 'usage'),
];

/**
 * Runs the classification adapter contract against the adapters `makeAdapter` makes (a fresh
 * one per case), with the test runner's `describe` and `it`. Imports no test runner: it works in
 * vitest, jest, node:test and mocha.
 *
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { classifierConformance } from 'standin/conformance';
 *
 * classifierConformance(() => new FakeClassifier(), { describe, it });
 * ```
 */
export function classifierConformance(
  makeAdapter: () => Classifier | Promise<Classifier>,
  runner: ConformanceRunner,
  name = 'classification adapter conformance',
): void {
  runner.describe(name, () => {
    for (const conformanceCase of classificationConformanceCases) {
      runner.it(conformanceCase.name, async () => conformanceCase.run(await makeAdapter()));
    }
  });
}

import { failureKinds } from '../errors/ProviderFailure.js';
import type { FailureKind } from '../services/spec/failures.js';
import { capabilities, plainCapabilities } from '../services/capabilities/capabilities.js';
import type { CaseBody, ProviderConformanceCase } from './providerCase.js';
import type { ProviderScenario } from './providerScenarios.js';

/**
 * A case of the list, its body loaded when a case first runs: a test file that imports
 * `standin/testing` and runs no case never loads the suite's code.
 */
function listed(name: string, needs: readonly ProviderScenario[], body: CaseBody): ProviderConformanceCase {
  return {
    name,
    needs,
    async run(make, settings) {
      const { runCase } = await import('./providerCaseRuns.js');
      return runCase(body, make, settings);
    },
  };
}

/** The cases of a successful reply: order, text, units, value, calls and finish (their bodies are in replyCases.ts). */
const replyCases = [
  listed(
    'reply parts come in order: text, reasoning, call and value parts, then units, then one finish, last',
    ['text'],
    'order',
  ),
  listed('a text reply gives text, and neither calls nor a value', ['text'], 'text'),
  listed('units are whole numbers from 0, reported at least once per reply', ['text'], 'units'),
  listed('a typed value: value parts whose joined JSON parses and fits the requested output', ['value'], 'value'),
  listed('tool calls have unique ids, name requested tools and carry JSON input', ['calls'], 'calls'),
  listed('the finish says why: stop, calls exactly when calls were made, length when cut short', ['text'], 'finish'),
  listed('a reply cut short by the output limit finishes with length', ['length'], 'length'),
];

/** The cases of an abort: before the call, and mid-reply (abortCases.ts). */
const abortCases = [
  listed('an already aborted signal ends the reply at once with its reason, before any part', ['slow'], 'abortBefore'),
  listed(
    "an abort mid-reply ends it promptly with the signal's reason, and the stream is closed",
    ['slow'],
    'abortMidReply',
  ),
];

/**
 * A case per kind of failure: the reply fails with a ProviderFailure of that kind, holding no API key
 * (failureCases.ts).
 */
const failureCase = (kind: FailureKind) =>
  listed(
    `a failure of kind ${kind} is a ProviderFailure of kind ${kind}, without the API key`,
    [`fail:${kind}`],
    `fail:${kind}`,
  );

/** A case per capability besides reply: the call gives what the capability promises (capabilityCases.ts). */
const capabilityCases = plainCapabilities.map((name) =>
  listed(`${name} gives ${capabilities[name].gives}`, [name], name),
);

/**
 * The cases of the provider contract, in order, each with the scenarios it needs. Run them all
 * with {@link providerConformance}, or one by one.
 *
 * @example
 * ```ts
 * const abort = providerConformanceCases.find((c) => c.needs.includes('slow'));
 * ```
 */
export const providerConformanceCases: readonly ProviderConformanceCase[] = [
  ...replyCases,
  ...abortCases,
  ...(Object.keys(failureKinds) as FailureKind[]).map(failureCase),
  ...capabilityCases,
].map((c, at) => Object.freeze({ ...c, name: `${at + 1}. ${c.name}` }));

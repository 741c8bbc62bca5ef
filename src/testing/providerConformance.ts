import { StandinError } from '../errors/StandinError.js';
import type { ConformanceRunner } from './classifierConformance.js';
import type { ProviderCaseSettings } from './providerCase.js';
import { providerConformanceCases } from './providerCases.js';
import { providerScenarios, type MakeProvider, type ProviderScenario } from './providerScenarios.js';

/**
 * How {@link providerConformance} runs: the test runner's `describe` and `it`, the scenarios the
 * provider claims, and the call context's fields.
 *
 * @example
 * ```ts
 * const options: ProviderConformanceOptions = { describe, it, claims: ['text', 'value', 'calls', 'slow', 'fail:server'] };
 * ```
 */
export interface ProviderConformanceOptions extends ConformanceRunner {
  /**
   * The scenarios `makeProvider` can prime a provider for. Each case runs when every scenario it
   * needs is claimed, and must then pass; the others are registered skipped (with `it.skip`,
   * when the runner has it), so the report shows what the provider did not claim.
   */
  readonly claims: readonly ProviderScenario[];
  /** The name of the `describe` block. `'provider conformance'` when left out. */
  readonly name?: string;
  /** The model id the requests and contexts carry. `'conformance-model'` when left out. */
  readonly model?: string;
  /** The provider name the contexts carry. `'conformance'` when left out. */
  readonly provider?: string;
  /** The API key the contexts carry; the failure cases check no failure holds it. */
  readonly apiKey?: string;
  /** How long one call may take before its case fails, in ms. 5000 when left out. */
  readonly timeoutMs?: number;
  /** How long the abort case lets the `'slow'` reply run before aborting it, in ms. 20 when left out. */
  readonly abortAfterMs?: number;
  /** How soon after an abort the reply must end, in ms. 1000 when left out. */
  readonly abortWithinMs?: number;
}

/**
 * Runs the provider contract against the providers `makeProvider` primes, one fresh provider
 * per scenario a case needs, with the test runner's `describe` and `it`: the order of a reply's
 * parts, a text, a typed value, tool calls, units, finish reasons, aborts, failures mapped to
 * kinds and each capability claimed. Imports no test runner: it works in vitest, jest, node:test
 * and mocha.
 *
 * @throws {StandinError} `E0040` when a claim names no scenario, a bound is not a positive number, or `describe`/`it`
 * is missing.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { fakeProvider } from 'standin/testing';
 * import { providerConformance } from 'standin/conformance';
 *
 * providerConformance(
 *   (scenario) => fakeProvider(scenario === 'text' ? [{ text: 'Hello.' }] : [{ fail: 'rate_limit' }]),
 *   { describe, it, claims: ['text', 'fail:rate_limit'] },
 * );
 * ```
 */
export function providerConformance(makeProvider: MakeProvider, options: ProviderConformanceOptions): void {
  const settings = read(makeProvider, options);
  const skip = (options.it as { skip?: unknown }).skip;
  options.describe(options.name ?? 'provider conformance', () => {
    for (const conformanceCase of providerConformanceCases) {
      if (conformanceCase.needs.every((scenario) => settings.claims.has(scenario))) {
        options.it(conformanceCase.name, async () => conformanceCase.run(makeProvider, settings));
      } else if (typeof skip === 'function') {
        const missing = conformanceCase.needs.filter((scenario) => !settings.claims.has(scenario));
        (skip as ConformanceRunner['it']).call(
          options.it,
          `${conformanceCase.name} (not claimed: ${missing.join(', ')})`,
          async () => undefined,
        );
      }
    }
  });
}

function read(makeProvider: MakeProvider, options: ProviderConformanceOptions): ProviderCaseSettings {
  const wrong = (what: string): never => {
    throw new StandinError('E0040', `providerConformance(makeProvider, options): ${what}`);
  };
  if (typeof makeProvider !== 'function')
    wrong(`makeProvider must be a function of the scenario, got ${typeof makeProvider}.`);
  if (typeof options?.describe !== 'function' || typeof options.it !== 'function')
    wrong("options must hold the test runner's describe and it functions.");
  if (!Array.isArray(options.claims))
    wrong(`options.claims must be a list of scenarios, such as ['text', 'fail:server'].`);
  for (const claim of options.claims) {
    if (!providerScenarios.includes(claim))
      wrong(
        `options.claims names '${String(claim)}', which is no scenario. The scenarios are: ` +
          `${providerScenarios.join(', ')}.`,
      );
  }
  const bound = (name: 'timeoutMs' | 'abortAfterMs' | 'abortWithinMs', fallback: number): number => {
    const value = options[name] ?? fallback;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
      wrong(`options.${name} must be a number of milliseconds above 0, got ${String(value)}.`);
    return value;
  };
  return {
    claims: new Set(options.claims),
    model: options.model ?? 'conformance-model',
    provider: options.provider ?? 'conformance',
    apiKey: options.apiKey,
    timeoutMs: bound('timeoutMs', 5000),
    abortAfterMs: bound('abortAfterMs', 20),
    abortWithinMs: bound('abortWithinMs', 1000),
  };
}

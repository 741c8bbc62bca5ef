import assert from 'node:assert/strict';
import type { Provider, ReplyRequest } from '../services/spec/Provider.js';
import {
  scenarioRequests,
  type CapabilityScenario,
  type FailScenario,
  type MakeProvider,
  type PrimedProvider,
  type ProviderScenario,
  type ReplyScenario,
} from './providerScenarios.js';
import type { ContextSettings } from './replyChecks.js';

/**
 * What every case is run with: the call context's fields, the scenarios claimed and the bounds.
 *
 * @example
 * ```ts
 * const settings: ProviderCaseSettings = {
 *   model: 'm',
 *   provider: 'openai',
 *   apiKey: undefined,
 *   claims: new Set(['text']),
 *   timeoutMs: 5000,
 *   abortAfterMs: 20,
 *   abortWithinMs: 1000,
 * };
 * ```
 */
export interface ProviderCaseSettings extends ContextSettings {
  /** The scenarios the provider claims: a case also checks the claimed reply scenarios it can. */
  readonly claims: ReadonlySet<ProviderScenario>;
  /** How long one call may take before the case fails. */
  readonly timeoutMs: number;
  /** How long the abort case lets the `'slow'` reply run before it aborts. */
  readonly abortAfterMs: number;
  /** How soon after the abort the reply must end (and what it held open close). */
  readonly abortWithinMs: number;
}

/**
 * One case of the provider contract: it rejects with an assertion error when the provider breaks it.
 *
 * @example
 * ```ts
 * await providerConformanceCases[1].run((scenario) => fakeProvider([{ text: 'Hi' }]), settings);
 * ```
 */
export interface ProviderConformanceCase {
  readonly name: string;
  /** The scenarios the case primes providers for: it runs only when the provider claims them all. */
  readonly needs: readonly ProviderScenario[];
  run(make: MakeProvider, settings: ProviderCaseSettings): Promise<void>;
}

/** What a case does, given the provider maker and the settings: it rejects when the provider breaks the contract. */
export type CaseRun = ProviderConformanceCase['run'];

/**
 * The body of a case, by key: `providerCases.ts` lists the cases and names each one's body,
 * `providerCaseRuns.ts` holds the bodies. A failure case's key is its scenario.
 */
export type CaseBody =
  | 'order'
  | 'text'
  | 'units'
  | 'value'
  | 'calls'
  | 'finish'
  | 'length'
  | 'abortBefore'
  | 'abortMidReply'
  | CapabilityScenario
  | FailScenario;

export async function prime(make: MakeProvider, scenario: ProviderScenario): Promise<PrimedProvider> {
  const made: unknown = await make(scenario);
  if (typeof (made as Provider | null)?.reply === 'function') return { provider: made as Provider };
  const primed = made as PrimedProvider | null;
  assert.ok(
    typeof primed?.provider?.reply === 'function',
    `makeProvider('${scenario}') must give a provider (an object with reply) or { provider, started?, closed? }`,
  );
  return primed;
}

/** The request a reply scenario sends: `'length'` asks what `'text'` asks. */
export function requestFor(
  scenario: ReplyScenario | 'slow' | `fail:${string}`,
  settings: ProviderCaseSettings,
): ReplyRequest {
  const requests = scenarioRequests(settings.model);
  return scenario === 'value' ? requests.value : scenario === 'calls' ? requests.calls : requests.text;
}

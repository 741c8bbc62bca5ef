import type { FailureKind } from '../services/spec/failures.js';
import { abortRuns } from './abortCases.js';
import { capabilityRuns } from './capabilityCases.js';
import { failureRun } from './failureCases.js';
import type { CaseBody, CaseRun, ProviderCaseSettings } from './providerCase.js';
import type { FailScenario, MakeProvider } from './providerScenarios.js';
import { replyRuns } from './replyCases.js';

/**
 * The bodies of the provider contract's cases, which providerCases.ts lists. A case loads this
 * module when it first runs, so a program that imports `standin/testing` for its fakes never
 * loads the suite.
 */
const runs = { ...replyRuns, ...abortRuns, ...capabilityRuns } satisfies Record<
  Exclude<CaseBody, FailScenario>,
  CaseRun
>;

/** Runs the body `body` names against the providers `make` primes. */
export function runCase(body: CaseBody, make: MakeProvider, settings: ProviderCaseSettings): Promise<void> {
  if (body.startsWith('fail:')) return failureRun(body.slice('fail:'.length) as FailureKind, make, settings);
  return runs[body as Exclude<CaseBody, FailScenario>](make, settings);
}

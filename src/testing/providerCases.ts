import { failureKinds, type FailureKind } from '../errors/ProviderFailure.js';
import { abortCases } from './abortCases.js';
import { capabilityCases } from './capabilityCases.js';
import { failureCase } from './failureCases.js';
import type { ProviderConformanceCase } from './providerCase.js';
import { replyCases } from './replyCases.js';

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


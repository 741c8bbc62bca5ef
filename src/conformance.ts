import 'reflect-metadata';

// What an adapter's author imports: the suites a provider or a classifier adapter must pass and
// their scenarios, the cursor stores (the memory and Redis stores a `CursorStore` is measured
// against), the error catalog, the cassette file's format, and the matchers' parts for wiring them
// into another test runner. An application's tests import `standin/testing`.
export type { ConformanceCase, ConformanceRunner } from './testing/classifierConformance.js';
export type { ProviderConformanceOptions } from './testing/providerConformance.js';
export type { ProviderCaseSettings, ProviderConformanceCase } from './testing/providerCase.js';
export type {
  CapabilityScenario,
  FailScenario,
  MakeProvider,
  PrimedProvider,
  ProviderScenario,
  ReplyScenario,
} from './testing/providerScenarios.js';
export type { RedisCursorStoreSettings } from './services/cursors/RedisCursorStore.js';
export type { CallGuard } from './services/dispatch/CallGuard.js';
export type { Asked, AskedSubject, WireView } from './testing/asked/AskedSubject.js';
export type { AskedRequest, StandinAsymmetricMatchers, StandinMatchers } from './testing/asked/StandinMatchers.js';
export type { MatcherContext, MatcherResult } from './testing/asked/matchers.js';
export type {
  CassetteCall,
  CassetteEntry,
  CassetteFile,
  RecordedAnswers,
  RecordedFailure,
} from './fakes/cassettes/cassetteSchema.js';
export type { NormalizedRequest } from './fakes/cassettes/normalizeRequest.js';
export type { RecordedToolRun } from './fakes/cassettes/toolRuns.js';

export { providerConformance } from './testing/providerConformance.js';
export { providerConformanceCases } from './testing/providerCases.js';
export {
  capabilityInputs,
  conformanceTicket,
  providerScenarios,
  scenarioRequests,
} from './testing/providerScenarios.js';
export { classifierConformance, classificationConformanceCases } from './testing/classifierConformance.js';
export { MemoryCursorStore } from './services/cursors/MemoryCursorStore.js';
export { RedisCursorStore, createRedisCursorStore } from './services/cursors/RedisCursorStore.js';
export { StoreFailure } from './services/cursors/redis/StoreFailure.js';
export { catalog } from './errors/catalog.js';
export { readAsked } from './testing/asked/AskedSubject.js';
export { standinMatchers } from './testing/asked/matchers.js';

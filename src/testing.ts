import 'reflect-metadata';

export type { Answer, AnswerCall, AnswerFunction, Answers, CallRecord, FakeCall } from './fakes/model/Answer.js';
export type { FakeChecks } from './fakes/model/FakeChecks.js';
export type { FakeModelOptions } from './fakes/model/FakeModel.js';
export type { PendingAnswer, SentCall } from './fakes/model/SentCall.js';
export type { ConformanceCase, ConformanceRunner } from './testing/classificationAdapterConformance.js';
export type { ProviderConformanceOptions } from './testing/providerConformance.js';
export type { ProviderCaseSettings, ProviderConformanceCase } from './testing/providerCase.js';
export type { CapabilityScenario, FailScenario, MakeProvider, PrimedProvider, ProviderScenario, ReplyScenario } from './testing/providerScenarios.js';

export { createTestContainer } from './testing/createTestContainer.js';
export { createTestApp } from './testing/createTestApp.js';
export { testModule } from './testing/testModule.js';
export { TestApp } from './testing/TestApp.js';
export { InstantClock } from './services/clock/InstantClock.js';
export { RealCallGuard } from './services/dispatch/RealCallGuard.js';
export { bindFake } from './fakes/model/bindFake.js';
export { FakeModel } from './fakes/model/FakeModel.js';
export { fakeProvider } from './fakes/model/fakeProvider.js';
export { embedByHash } from './fakes/model/embedByHash.js';
export { rankByOverlap } from './fakes/model/rankByOverlap.js';
export { classificationAdapterConformance, classificationConformanceCases } from './testing/classificationAdapterConformance.js';
export { providerConformance } from './testing/providerConformance.js';
export { providerConformanceCases } from './testing/providerCases.js';
export { capabilityInputs, conformanceTicket, providerScenarios, scenarioRequests } from './testing/providerScenarios.js';

import 'reflect-metadata';

export type {
  Answer,
  AnswerCall,
  AnswerFunction,
  AnswerPart,
  Answers,
  CallRecord,
  FakeCall,
} from './fakes/model/Answer.js';
export type { FakeChecks } from './fakes/model/FakeChecks.js';
export type { TextMatch, When } from './fakes/model/whenSchema.js';
export type { Pace } from './fakes/model/pace.js';
export type { HoldPart } from './fakes/gates/holdPart.js';
export type { FakeModelOptions } from './fakes/model/FakeModel.js';
export type { PendingAnswer, SentCall } from './fakes/model/SentCall.js';
export type { SentContentPart, SentMessage, SentReplyRequest } from './fakes/model/sentRequest.js';
export type { Asked, AskedSubject, WireView } from './testing/asked/AskedSubject.js';
export type { AnySent, SentConversation } from './testing/asked/sentViews.js';
export type { AskedRequest, StandinAsymmetricMatchers, StandinMatchers } from './testing/asked/StandinMatchers.js';
export type { MatcherContext, MatcherResult } from './testing/asked/matchers.js';
export type { ConformanceCase, ConformanceRunner } from './testing/classifierConformance.js';
export type { CassetteMode, CassetteSettings } from './fakes/cassettes/cassetteSettings.js';
export type {
  CassetteCall,
  CassetteEntry,
  CassetteFile,
  RecordedAnswers,
  RecordedFailure,
} from './fakes/cassettes/cassetteSchema.js';
export type { NormalizedRequest } from './fakes/cassettes/normalizeRequest.js';
export type { RecordedToolRun } from './fakes/cassettes/toolRuns.js';
export type { RedactFunction } from './fakes/cassettes/redactSecrets.js';
export type { ProviderConformanceOptions } from './testing/providerConformance.js';
export type { TestAppSettings } from './testing/TestAppSettings.js';
export type { StandInFinding } from './fakes/slot/verifySlots.js';
export type { Finding } from './fakes/script/Finding.js';
export type { ClassificationScriptEntry, ClassificationScriptValue } from './fakes/script/scriptEntry.js';
export type { FakeClassifierSettings, PendingClassifierEntry } from './fakes/classification/FakeClassifier.js';
export type { ClassifierFunction } from './fakes/classification/FunctionClassifier.js';
export type { RedisCursorStoreSettings } from './services/cursors/RedisCursorStore.js';
export type { CallGuard } from './services/dispatch/CallGuard.js';
export type { ProviderCaseSettings, ProviderConformanceCase } from './testing/providerCase.js';
export type {
  CapabilityScenario,
  FailScenario,
  MakeProvider,
  PrimedProvider,
  ProviderScenario,
  ReplyScenario,
} from './testing/providerScenarios.js';

export { createTestContainer } from './testing/createTestContainer.js';
export { createTestApp } from './testing/createTestApp.js';
export { testModule } from './testing/testModule.js';
export { TestApp } from './testing/TestApp.js';
export { InstantClock } from './fakes/clock/InstantClock.js';
export { FakeClassifier } from './fakes/classification/FakeClassifier.js';
export { MemoryCursorStore } from './services/cursors/MemoryCursorStore.js';
export { RedisCursorStore, createRedisCursorStore } from './services/cursors/RedisCursorStore.js';
export { StoreFailure } from './services/cursors/redis/StoreFailure.js';
export { ScriptCursor } from './fakes/script/ScriptCursor.js';
export { startScriptCursor, cursorIndex } from './fakes/script/startScriptCursor.js';
export { Scopes, DEFAULT_SCOPE } from './services/scopes/Scopes.js';
export { standIn } from './services/container/standIn.js';
export { catalog } from './errors/catalog.js';
export { RealCallGuard } from './fakes/guard/RealCallGuard.js';
export { guardRealCalls } from './fakes/guard/guardRealCalls.js';
export { bindFake } from './fakes/model/bindFake.js';
export { FakeTool } from './fakes/tools/FakeTool.js';
export { FakeMcp } from './fakes/tools/FakeMcp.js';
export { ToolError } from './services/runs/ToolRun.js';
export type { FakeToolSettings } from './fakes/tools/FakeTool.js';
export type { FakeMcpSettings } from './fakes/tools/FakeMcp.js';
export type { FakeMcpOptions, FakeMcpTool } from './fakes/tools/fakeMcpOptions.js';
export type { ToolAnswer, ToolAnswerContext, ToolAnswerFunction, ToolAnswers } from './fakes/tools/toolAnswers.js';
export type { PendingToolAnswer } from './fakes/tools/ToolScript.js';
export type { ToolSent } from './fakes/tools/ToolBook.js';
export { FakeModel } from './fakes/model/FakeModel.js';
export { fakeProvider } from './fakes/model/fakeProvider.js';
export { embedByHash } from './fakes/model/embedByHash.js';
export { rankByOverlap } from './fakes/model/rankByOverlap.js';
export { imageByHash } from './fakes/model/imageByHash.js';
export { misbehaviourKinds, misbehaviourFields } from './fakes/misbehave/misbehaviourKinds.js';
export type { MisbehaviourKind, MisbehaviourField } from './fakes/misbehave/misbehaviourKinds.js';
export { misbehave, canMisbehave } from './fakes/misbehave/misbehaviour.js';
export type { Misbehaviour, MisbehaviourCall, MisbehaviourContent } from './fakes/misbehave/misbehaviour.js';
export type { MisbehaviourWhere } from './fakes/misbehave/misbehaviourErrors.js';
export { chaos } from './fakes/chaos/layChaos.js';
export { Chaos } from './fakes/chaos/Chaos.js';
export type { Disturbance } from './fakes/chaos/Chaos.js';
export { chaosKinds, chaosFailureKinds } from './fakes/chaos/chaosKinds.js';
export type { ChaosKind, ChaosFailureKind } from './fakes/chaos/chaosKinds.js';
export type { ChaosSettings } from './fakes/chaos/chaosSettings.js';
export { classifierConformance, classificationConformanceCases } from './testing/classifierConformance.js';
export { Cassette } from './fakes/cassettes/Cassette.js';
export { Quota } from './fakes/quota/Quota.js';
export type { QuotaRefusal } from './fakes/quota/Quota.js';
export type { QuotaSettings, QuotaLimits } from './fakes/quota/quotaSettings.js';
export type { QuotaLimit, QuotaUsage } from './fakes/quota/QuotaLedger.js';
export { bindQuota } from './fakes/quota/bindQuota.js';
export { providerConformance } from './testing/providerConformance.js';
export { providerConformanceCases } from './testing/providerCases.js';
export {
  capabilityInputs,
  conformanceTicket,
  providerScenarios,
  scenarioRequests,
} from './testing/providerScenarios.js';
export { readAsked } from './testing/asked/AskedSubject.js';
export { standinMatchers } from './testing/asked/matchers.js';
export { replies, toolCalls, toolResults } from './testing/asked/sentViews.js';
export {
  assertAnsweredAll,
  assertAsked,
  assertAskedWith,
  assertCalledTool,
  assertPassesJudge,
} from './testing/asked/assertions.js';
export { fitting } from './fakes/fitting/fitting.js';
export type { Fitting } from './fakes/fitting/fitting.js';
export type { FittingOptions } from './fakes/fitting/fittingOptions.js';
export { judge, JUDGE_ID } from './testing/judge/judge.js';
export type { JudgeGrade, JudgeVerdict } from './testing/judge/judge.js';
export type { JudgeOptions } from './testing/judge/readJudge.js';

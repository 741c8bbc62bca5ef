import 'reflect-metadata';

// What an application's tests import: the test app, the fakes and their scripts, the clock, the
// real-call guard, scopes, cassettes, misbehaving and disturbed models, quotas, fitting answers,
// judges and the assertions. What an adapter's author needs is `standin/conformance`.
export type { Answer, AnswerFunction, Answers, FakeCall } from './fakes/model/Answer.js';
export type { TextMatch, When } from './fakes/model/whenSchema.js';
export type { FakeModelOptions } from './fakes/model/FakeModel.js';
export type { PendingAnswer, SentCall } from './fakes/model/SentCall.js';
export type { SentReplyRequest } from './fakes/model/sentRequest.js';
export type { CassetteMode, CassetteSettings } from './fakes/cassettes/cassetteSettings.js';
export type { RedactFunction } from './fakes/cassettes/redactSecrets.js';
export type { TestAppSettings } from './testing/TestAppSettings.js';
export type { StandInFinding } from './fakes/slot/verifySlots.js';
export type { Finding } from './fakes/script/Finding.js';
export type { ClassificationScriptEntry } from './fakes/script/scriptEntry.js';
export type { FakeClassificationSettings } from './fakes/classification/FakeClassifier.js';
export type { ClassificationSent } from './fakes/classification/ClassificationSent.js';
export type { ClassifierFunction } from './fakes/classification/FunctionClassifier.js';
export type { FakeToolSettings } from './fakes/tools/FakeTool.js';
export type { FakeMcpOptions } from './fakes/tools/fakeMcpOptions.js';
export type { ToolAnswer, ToolAnswers } from './fakes/tools/toolAnswers.js';
export type { ToolSent } from './fakes/tools/ToolBook.js';
export type { MisbehaviourKind } from './fakes/misbehave/misbehaviourKinds.js';
export type { Misbehaviour } from './fakes/misbehave/misbehaviour.js';
export type { Disturbance } from './fakes/chaos/Chaos.js';
export type { ChaosKind } from './fakes/chaos/chaosKinds.js';
export type { ChaosSettings } from './fakes/chaos/chaosSettings.js';
export type { QuotaSettings, QuotaLimits } from './fakes/quota/quotaSettings.js';
export type { Fitting } from './fakes/fitting/fitting.js';
export type { JudgeVerdict } from './testing/judge/judge.js';

export { createTestContainer } from './testing/createTestContainer.js';
export { createTestApp } from './testing/createTestApp.js';
export { testModule } from './testing/testModule.js';
export { TestApp } from './testing/TestApp.js';
export { InstantClock } from './fakes/clock/InstantClock.js';
export { FakeClassification, FakeClassifier } from './fakes/classification/FakeClassifier.js';
export { ScriptCursor } from './fakes/script/ScriptCursor.js';
export { startScriptCursor, cursorIndex } from './fakes/script/startScriptCursor.js';
export { Scopes, DEFAULT_SCOPE } from './services/scopes/Scopes.js';
export { standIn } from './services/container/standIn.js';
export { RealCallGuard } from './fakes/guard/RealCallGuard.js';
export { guardRealCalls } from './fakes/guard/guardRealCalls.js';
export { bindFake } from './fakes/model/bindFake.js';
export { FakeTool } from './fakes/tools/FakeTool.js';
export { FakeMcp } from './fakes/tools/FakeMcp.js';
export { ToolError } from './services/runs/ToolRun.js';
export { FakeModel } from './fakes/model/FakeModel.js';
export { fakeProvider } from './fakes/model/fakeProvider.js';
export { embedByHash } from './fakes/model/embedByHash.js';
export { rankByOverlap } from './fakes/model/rankByOverlap.js';
export { imageByHash } from './fakes/model/imageByHash.js';
export { misbehaviourKinds, misbehaviourFields } from './fakes/misbehave/misbehaviourKinds.js';
export { misbehave, canMisbehave } from './fakes/misbehave/misbehaviour.js';
export { chaos } from './fakes/chaos/layChaos.js';
export { Chaos } from './fakes/chaos/Chaos.js';
export { chaosKinds, chaosFailureKinds } from './fakes/chaos/chaosKinds.js';
export { Cassette } from './fakes/cassettes/Cassette.js';
export { Quota } from './fakes/quota/Quota.js';
export { bindQuota } from './fakes/quota/bindQuota.js';
export { replies, toolCalls, toolResults } from './testing/asked/sentViews.js';
export {
  assertAnsweredAll,
  assertAsked,
  assertAskedWith,
  assertCalledTool,
  assertPassesJudge,
} from './testing/asked/assertions.js';
export { fitting } from './fakes/fitting/fitting.js';
export { judge, JUDGE_ID } from './testing/judge/judge.js';

import { describe, expectTypeOf, it } from 'vitest';
import type * as aiSdk from '../../src/ai-sdk.js';
import type * as nest from '../../src/nest.js';
import type * as standin from '../../src/index.js';
import type * as server from '../../src/server.js';
import type * as testing from '../../src/testing.js';
import type * as conformance from '../../src/conformance.js';
import type * as arbitraries from '../../src/arbitraries.js';
import type * as vitestEntry from '../../src/vitest.js';
import type * as jestEntry from '../../src/jest.js';

// The values each entry exports, pinned: a change to an entry's surface is a visible decision.
// The type-only exports are pinned by surface.test.ts, which reads the entries.
describe('the public surface', () => {
  it("pins the values of 'standin'", () => {
    expectTypeOf<keyof typeof standin>().toEqualTypeOf<
      | 'App'
      | 'CallFailed'
      | 'ClassificationAdapterError'
      | 'ClassificationAnswer'
      | 'ClassificationQuestion'
      | 'ClassificationRequest'
      | 'ClassificationResponse'
      | 'code'
      | 'createAnthropicProvider'
      | 'createApp'
      | 'createAzureOpenAIProvider'
      | 'createBedrockProvider'
      | 'createCohereProvider'
      | 'createContainer'
      | 'createDecisionsClassifier'
      | 'createEngine'
      | 'createGeminiProvider'
      | 'createOllamaProvider'
      | 'createOpenAIProvider'
      | 'createOpenRouterProvider'
      | 'createTypesafeClassifier'
      | 'createVertexProvider'
      | 'parseConfig'
      | 'ProviderFailure'
      | 'runInScope'
      | 'StandinError'
      | 'Tokens'
      | 'tool'
      | 'userText'
      | 'validateClassificationRequest'
    >();
  });

  it("pins the values of 'standin/testing'", () => {
    expectTypeOf<keyof typeof testing>().toEqualTypeOf<
      | 'assertAnsweredAll'
      | 'assertAsked'
      | 'assertAskedWith'
      | 'assertCalledTool'
      | 'assertPassesJudge'
      | 'bindFake'
      | 'bindQuota'
      | 'canMisbehave'
      | 'Cassette'
      | 'chaos'
      | 'Chaos'
      | 'chaosFailureKinds'
      | 'chaosKinds'
      | 'createTestApp'
      | 'createTestContainer'
      | 'cursorIndex'
      | 'DEFAULT_SCOPE'
      | 'embedByHash'
      | 'FakeClassification'
      | 'FakeClassifier'
      | 'FakeMcp'
      | 'FakeModel'
      | 'fakeProvider'
      | 'FakeTool'
      | 'fitting'
      | 'guardRealCalls'
      | 'imageByHash'
      | 'InstantClock'
      | 'judge'
      | 'JUDGE_ID'
      | 'misbehave'
      | 'misbehaviourFields'
      | 'misbehaviourKinds'
      | 'Quota'
      | 'rankByOverlap'
      | 'RealCallGuard'
      | 'replies'
      | 'Scopes'
      | 'ScriptCursor'
      | 'standIn'
      | 'startScriptCursor'
      | 'TestApp'
      | 'testModule'
      | 'toolCalls'
      | 'ToolError'
      | 'toolResults'
    >();
  });

  it("pins the values of 'standin/conformance'", () => {
    expectTypeOf<keyof typeof conformance>().toEqualTypeOf<
      | 'capabilityInputs'
      | 'catalog'
      | 'classificationConformanceCases'
      | 'classifierConformance'
      | 'conformanceTicket'
      | 'createRedisCursorStore'
      | 'MemoryCursorStore'
      | 'providerConformance'
      | 'providerConformanceCases'
      | 'providerScenarios'
      | 'readAsked'
      | 'RedisCursorStore'
      | 'scenarioRequests'
      | 'standinMatchers'
      | 'StoreFailure'
    >();
  });

  it("pins the values of 'standin/arbitraries'", () => {
    expectTypeOf<keyof typeof arbitraries>().toEqualTypeOf<'arbitraryAnswer' | 'arbitraryScript' | 'toFakeLiteral'>();
  });

  it("pins the values of 'standin/nest'", () => {
    expectTypeOf<keyof typeof nest>().toEqualTypeOf<
      'STANDIN_APP' | 'STANDIN_MODULE_SETTINGS' | 'StandinModule' | 'StandinScopeMiddleware' | 'useStandin'
    >();
  });

  it("pins the values of 'standin/ai-sdk'", () => {
    expectTypeOf<keyof typeof aiSdk>().toEqualTypeOf<
      | 'decisionModel'
      | 'embeddingModel'
      | 'fromAiSdk'
      | 'languageModel'
      | 'speechModel'
      | 'imageModel'
      | 'toApiCallError'
      | 'toProviderFailure'
      | 'transcriptionModel'
    >();
  });

  it("pins the values of 'standin/server'", () => {
    expectTypeOf<keyof typeof server>().toEqualTypeOf<
      | 'checkCassette'
      | 'createFakeServer'
      | 'DEFAULT_BODY_LIMIT'
      | 'DEFAULT_SENT_LIMIT'
      | 'DEFAULT_UNITS_TOLERANCE'
      | 'FakeServer'
      | 'SCOPE_HEADER'
      | 'SCOPE_KEY_PREFIX'
      | 'scriptsSchema'
      | 'TOKEN_VARIABLE'
      | 'WireError'
    >();
  });

  it("pins the values of 'standin/vitest' and 'standin/jest': none, they register the matchers on import", () => {
    expectTypeOf<keyof typeof vitestEntry>().toEqualTypeOf<never>();
    expectTypeOf<keyof typeof jestEntry>().toEqualTypeOf<never>();
  });
});

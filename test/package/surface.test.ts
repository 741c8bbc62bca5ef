import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const entrySource = (entry: string): string => readFileSync(new URL(`../../src/${entry}.ts`, import.meta.url), 'utf8');

/** Every name an entry exports, values and types. */
function allNames(entry: string): string[] {
  return [...entrySource(entry).matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
}

/** The names an entry exports with `export type { ... }`, sorted. */
function typeNames(entry: string): string[] {
  const source = entrySource(entry);
  const names = [...source.matchAll(/export type \{([^}]*)\}/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
  return names.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}

/** The entries' value exports are pinned by surface.test-d.ts; their types, here. */
describe('the public surface', () => {
  it("keeps 'standin' to what a production app imports: at most 78 names, types included", () => {
    expect(allNames('index').length).toBeLessThanOrEqual(78);
    expect(entrySource('index')).not.toMatch(/export \*/);
  });

  it("keeps 'standin/testing' to what an application's tests import: at most 80 names, types included", () => {
    expect(allNames('testing').length).toBeLessThanOrEqual(80);
    expect(entrySource('testing')).not.toMatch(/export \*/);
  });

  it("pins the types of 'standin'", () => {
    expect(typeNames('index')).toEqual([
      'Agent',
      'AnthropicProviderSettings',
      'AzureOpenAIProviderSettings',
      'BedrockProviderSettings',
      'CallContext',
      'CallOptions',
      'Capability',
      'ClassificationProblem',
      'ClassificationProblemReason',
      'ClassificationReason',
      'ClassificationState',
      'Classifier',
      'ClassifierConfig',
      'ClassifyCallOptions',
      'ClassifyOptions',
      'Clock',
      'Code',
      'CohereProviderSettings',
      'ContentPart',
      'CursorStore',
      'DecisionsClassifierSettings',
      'Engine',
      'EngineSettings',
      'FailureKind',
      'GeminiProviderSettings',
      'HearInput',
      'Message',
      'ModelConfig',
      'OllamaProviderSettings',
      'OpenAIProviderSettings',
      'OpenRouterProviderSettings',
      'Provider',
      'ProviderConfig',
      'Reply',
      'ReplyInput',
      'ReplyPart',
      'ReplyRequest',
      'RunOptions',
      'RunPart',
      'RunResult',
      'StandinConfig',
      'StandinConfigInput',
      'Step',
      'Tool',
      'ToolContext',
      'ToolResult',
      'TypesafeClassifierSettings',
      'VertexProviderSettings',
    ]);
  });

  it("pins the types of 'standin/testing'", () => {
    expect(typeNames('testing')).toEqual([
      'Answer',
      'AnswerFunction',
      'Answers',
      'CassetteMode',
      'CassetteSettings',
      'ChaosKind',
      'ChaosSettings',
      'ClassificationScriptEntry',
      'ClassificationSent',
      'ClassifierFunction',
      'Disturbance',
      'FakeCall',
      'FakeClassificationSettings',
      'FakeMcpOptions',
      'FakeModelOptions',
      'FakeToolSettings',
      'Finding',
      'Fitting',
      'JudgeVerdict',
      'Misbehaviour',
      'MisbehaviourKind',
      'PendingAnswer',
      'QuotaLimits',
      'QuotaSettings',
      'RedactFunction',
      'SentCall',
      'SentReplyRequest',
      'StandInFinding',
      'TestAppSettings',
      'TextMatch',
      'ToolAnswer',
      'ToolAnswers',
      'ToolSent',
      'When',
    ]);
  });

  it("pins the types of 'standin/conformance', what an adapter's author imports", () => {
    expect(typeNames('conformance')).toEqual([
      'Asked',
      'AskedRequest',
      'AskedSubject',
      'CallGuard',
      'CapabilityScenario',
      'CassetteCall',
      'CassetteEntry',
      'CassetteFile',
      'ConformanceCase',
      'ConformanceRunner',
      'FailScenario',
      'MakeProvider',
      'MatcherContext',
      'MatcherResult',
      'NormalizedRequest',
      'PrimedProvider',
      'ProviderCaseSettings',
      'ProviderConformanceCase',
      'ProviderConformanceOptions',
      'ProviderScenario',
      'RecordedAnswers',
      'RecordedFailure',
      'RecordedToolRun',
      'RedisCursorStoreSettings',
      'ReplyScenario',
      'StandinAsymmetricMatchers',
      'StandinMatchers',
      'WireView',
    ]);
  });

  it("pins the types of 'standin/nest'", () => {
    expect(typeNames('nest')).toEqual(['StandinModuleAsyncOptions', 'StandinModuleSettings']);
  });

  it("pins the types of 'standin/ai-sdk'", () => {
    expect(typeNames('ai-sdk')).toEqual(['AiSdkDecisionModel', 'AiSdkSource', 'FromAiSdkSettings']);
  });

  it("pins the types of 'standin/server'", () => {
    expect(typeNames('server')).toEqual([
      'CassetteCheck',
      'CheckCassetteSettings',
      'CheckedEntry',
      'FakeServerSettings',
      'RecordSettings',
      'Scripts',
      'SentEntry',
      'WireErrorDetails',
    ]);
  });

  it("pins the types of 'standin/arbitraries'", () => {
    expect(typeNames('arbitraries')).toEqual(['AnswerFamily', 'ArbitraryOptions', 'ShapedRequest', 'ShapeSources']);
  });

  it('exports every name from one entry only, so it is clear which entry owns it', () => {
    const values = (entry: string): string[] => {
      const source = readFileSync(new URL(`../../src/${entry}.ts`, import.meta.url), 'utf8');
      return [...source.matchAll(/export \{([^}]*)\}/g)].flatMap((m) =>
        m[1]!
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean),
      );
    };
    const all = [
      'index',
      'testing',
      'conformance',
      'nest',
      'ai-sdk',
      'server',
      'vitest',
      'jest',
      'arbitraries',
    ].flatMap((entry) => [...values(entry), ...typeNames(entry)]);
    expect(all.filter((name, index) => all.indexOf(name) !== index)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The names an entry exports with `export type { ... }`, sorted. */
function typeNames(entry: string): string[] {
  const source = readFileSync(new URL(`../../src/${entry}.ts`, import.meta.url), 'utf8');
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
  it("keeps 'standin' to what a production app imports: at most 66 names, types included", () => {
    const source = readFileSync(new URL('../../src/index.ts', import.meta.url), 'utf8');
    const names = [...source.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) =>
      m[1]!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    );
    expect(names.length).toBeLessThanOrEqual(66);
    expect(source).not.toMatch(/export \*/);
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
      'ClassificationReason',
      'ClassificationState',
      'Classifier',
      'ClassifierConfig',
      'ClassifyCallOptions',
      'ClassifyOptions',
      'Clock',
      'Code',
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
      'OpenAIProviderSettings',
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
      'Tool',
      'ToolContext',
      'ToolResult',
      'TypesafeClassifierSettings',
    ]);
  });

  it("pins the types of 'standin/testing'", () => {
    expect(typeNames('testing')).toEqual([
      'Answer',
      'AnswerCall',
      'AnswerFunction',
      'AnswerPart',
      'Answers',
      'AnySent',
      'Asked',
      'AskedRequest',
      'AskedSubject',
      'CallGuard',
      'CallRecord',
      'CapabilityScenario',
      'CassetteCall',
      'CassetteEntry',
      'CassetteFile',
      'CassetteMode',
      'CassetteSettings',
      'ChaosFailureKind',
      'ChaosKind',
      'ChaosSettings',
      'ClassificationScriptEntry',
      'ClassificationScriptValue',
      'ClassifierFunction',
      'ConformanceCase',
      'ConformanceRunner',
      'Disturbance',
      'FailScenario',
      'FakeCall',
      'FakeChecks',
      'FakeClassifierSettings',
      'FakeMcpOptions',
      'FakeMcpSettings',
      'FakeMcpTool',
      'FakeModelOptions',
      'FakeToolSettings',
      'Finding',
      'Fitting',
      'FittingOptions',
      'HoldPart',
      'JudgeGrade',
      'JudgeOptions',
      'JudgeVerdict',
      'MakeProvider',
      'MatcherContext',
      'MatcherResult',
      'Misbehaviour',
      'MisbehaviourCall',
      'MisbehaviourContent',
      'MisbehaviourField',
      'MisbehaviourKind',
      'MisbehaviourWhere',
      'NormalizedRequest',
      'Pace',
      'PendingAnswer',
      'PendingClassifierEntry',
      'PendingToolAnswer',
      'PrimedProvider',
      'ProviderCaseSettings',
      'ProviderConformanceCase',
      'ProviderConformanceOptions',
      'ProviderScenario',
      'QuotaLimit',
      'QuotaLimits',
      'QuotaRefusal',
      'QuotaSettings',
      'QuotaUsage',
      'RecordedAnswers',
      'RecordedFailure',
      'RecordedToolRun',
      'RedactFunction',
      'RedisCursorStoreSettings',
      'ReplyScenario',
      'SentCall',
      'SentContentPart',
      'SentConversation',
      'SentMessage',
      'SentReplyRequest',
      'StandinAsymmetricMatchers',
      'StandInFinding',
      'StandinMatchers',
      'TestAppSettings',
      'TextMatch',
      'ToolAnswer',
      'ToolAnswerContext',
      'ToolAnswerFunction',
      'ToolAnswers',
      'ToolSent',
      'When',
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
    expect(typeNames('server')).toEqual(['FakeServerSettings', 'Scripts', 'SentEntry', 'WireErrorDetails']);
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
    const all = ['index', 'testing', 'nest', 'ai-sdk', 'server', 'vitest', 'jest', 'arbitraries'].flatMap((entry) => [
      ...values(entry),
      ...typeNames(entry),
    ]);
    expect(all.filter((name, index) => all.indexOf(name) !== index)).toEqual([]);
  });
});

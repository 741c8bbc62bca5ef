import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The names an entry exports with `export type { ... }`, sorted. */
function typeNames(entry: string): string[] {
  const source = readFileSync(new URL(`../../src/${entry}.ts`, import.meta.url), 'utf8');
  const names = [...source.matchAll(/export type \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()).filter(Boolean));
  return names.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
}

/** The entries' value exports are pinned by surface.test-d.ts; their types, here. */
describe('the public surface', () => {
  it("pins the types of 'standin'", () => {
    expect(typeNames('index')).toEqual([
      'AdapterName',
      'Agent',
      'AnthropicAuth',
      'AnthropicProviderSettings',
      'AssistantMessage',
      'Attempt',
      'BytesDigest',
      'CallContext',
      'CallOptions',
      'CallSettings',
      'Capability',
      'ChoiceCriteria',
      'ClassificationAdapter',
      'ClassificationAdapterErrorOptions',
      'ClassificationAdapterOptions',
      'ClassificationAnswerInit',
      'ClassificationCall',
      'ClassificationProblem',
      'ClassificationProblemReason',
      'ClassificationQuestionInit',
      'ClassificationReason',
      'ClassificationRequestInit',
      'ClassificationResponseInit',
      'ClassificationScriptEntry',
      'ClassificationScriptValue',
      'ClassificationState',
      'ClassificationUsage',
      'ClassifierConfig',
      'ClassifierSettings',
      'ClassifyCallControl',
      'ClassifyCallOptions',
      'ClassifyContext',
      'ClassifyOptions',
      'Clock',
      'Code',
      'CodeInfo',
      'ContentPart',
      'CursorStore',
      'DecisionsClassifierSettings',
      'EngineMakers',
      'EngineSettings',
      'FailureKind',
      'FakeClassificationSettings',
      'FilePart',
      'FinishReason',
      'HearInput',
      'HttpProviderSettings',
      'ImagePart',
      'JsonSchema',
      'Message',
      'ModelConfig',
      'OpenAIProviderSettings',
      'OutputSpec',
      'PendingClassification',
      'Provider',
      'ProviderConfig',
      'ProviderFailureOptions',
      'QuestionInstructions',
      'QuestionType',
      'RedisCursorsConfig',
      'RedisCursorsInput',
      'RedisCursorStoreSettings',
      'Reply',
      'ReplyInput',
      'ReplyPart',
      'ReplyRequest',
      'RetryConfig',
      'RetryConfigInput',
      'RunOptions',
      'RunPart',
      'RunResult',
      'ScoreCriteria',
      'StandinConfig',
      'StandinConfigInput',
      'StandinErrorOptions',
      'Step',
      'TextPart',
      'Tool',
      'ToolCall',
      'ToolChoice',
      'ToolContext',
      'ToolMessage',
      'ToolResult',
      'ToolSpec',
      'TypesafeClassifierSettings',
      'Units',
      'UserMessage',
      'YesNoCriteria',
    ]);
  });

  it("pins the types of 'standin/testing'", () => {
    expect(typeNames('testing')).toEqual([
      'Answer',
      'AnswerCall',
      'AnswerFunction',
      'AnswerPart',
      'Answers',
      'CallRecord',
      'CapabilityScenario',
      'CassetteCall',
      'CassetteEntry',
      'CassetteFile',
      'CassetteMode',
      'CassetteSettings',
      'ConformanceCase',
      'ConformanceRunner',
      'FailScenario',
      'FakeCall',
      'FakeChecks',
      'FakeModelOptions',
      'MakeProvider',
      'NormalizedRequest',
      'PendingAnswer',
      'PrimedProvider',
      'ProviderCaseSettings',
      'ProviderConformanceCase',
      'ProviderConformanceOptions',
      'ProviderScenario',
      'RecordedAnswers',
      'RecordedFailure',
      'RedactFunction',
      'ReplyScenario',
      'SentCall',
      'SentContentPart',
      'SentMessage',
      'SentReplyRequest',
      'TestAppSettings',
    ]);
  });

  it("pins the types of 'standin/nest'", () => {
    expect(typeNames('nest')).toEqual([
      'StandinModuleAsyncOptions',
      'StandinModuleSettings',
    ]);
  });

  it("pins the types of 'standin/ai-sdk'", () => {
    expect(typeNames('ai-sdk')).toEqual(['AiSdkSource', 'FromAiSdkSettings']);
  });

  it("pins the types of 'standin/server'", () => {
    expect(typeNames('server')).toEqual(['FakeServerSettings', 'Scripts', 'SentEntry', 'WireErrorDetails']);
  });

  it('exports every name from one entry only, so it is clear which entry owns it', () => {
    const values = (entry: string): string[] => {
      const source = readFileSync(new URL(`../../src/${entry}.ts`, import.meta.url), 'utf8');
      return [...source.matchAll(/export \{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()).filter(Boolean));
    };
    const all = ['index', 'testing', 'nest', 'ai-sdk', 'server'].flatMap((entry) => [...values(entry), ...typeNames(entry)]);
    expect(all.filter((name, index) => all.indexOf(name) !== index)).toEqual([]);
  });
});

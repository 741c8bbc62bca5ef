import 'reflect-metadata';

export type { CodeInfo, Code } from './errors/catalog.js';
export type { Attempt } from './errors/CallFailed.js';
export type { ProviderFailureOptions } from './errors/ProviderFailure.js';
export type { ClassificationReason, FailureKind } from './services/spec/failures.js';
export type { StandinErrorOptions } from './errors/StandinError.js';
export type {
  AdapterName,
  ClassifierConfig,
  ModelConfig,
  ProviderConfig,
  RetryConfig,
  RetryConfigInput,
  StandinConfig,
  StandinConfigInput,
} from './config/configSchema.js';
export type { Clock } from './services/clock/Clock.js';
export type { CursorStore } from './services/cursors/CursorStore.js';
export type { RedisCursorsConfig, RedisCursorsInput } from './config/configSchema.js';
export type { RedisCursorStoreSettings } from './services/cursors/RedisCursorStore.js';
export type { CallOptions } from './services/engine/Engine.js';
export type { ReplyInput } from './services/requests/prepareReply.js';
export type { RunOptions } from './services/runs/runAgent.js';
export type { Reply } from './services/engine/Reply.js';
export type {
  AssistantMessage,
  CallContext,
  Capability,
  FinishReason,
  HearInput,
  JsonSchema,
  Message,
  OutputSpec,
  Provider,
  ReplyPart,
  ReplyRequest,
  ToolCall,
  ToolMessage,
  ToolResult,
  ToolSpec,
  Units,
  UserMessage,
} from './services/spec/Provider.js';
export type {
  ClassificationAdapter,
  ClassificationAdapterOptions,
  ClassificationCall,
  ClassifyCallOptions,
  ClassifyContext,
} from './services/spec/ClassificationAdapter.js';
export type { ClassificationAdapterErrorOptions } from './services/classification/ClassificationAdapterError.js';
export type { ClassificationAnswerInit } from './services/classification/ClassificationAnswer.js';
export type {
  ChoiceCriteria,
  ClassificationQuestionInit,
  QuestionInstructions,
  QuestionType,
  ScoreCriteria,
  YesNoCriteria,
} from './services/classification/ClassificationQuestion.js';
export type { ClassificationRequestInit, ClassificationState } from './services/classification/ClassificationRequest.js';
export type { ClassificationResponseInit, ClassificationUsage } from './services/classification/ClassificationResponse.js';
export type { ClassifyCallControl, ClassifyOptions } from './services/classification/ClassifyOptions.js';
export type { ClassificationProblem, ClassificationProblemReason } from './services/classification/validateClassificationRequest.js';
export type { ClassificationScriptEntry, ClassificationScriptValue } from './fakes/script/scriptEntry.js';
export type { FakeClassificationSettings, PendingClassification } from './fakes/classification/FakeClassification.js';
export type { Agent, RunPart, RunResult, Step } from './services/runs/Agent.js';
export type { Tool, ToolContext } from './services/runs/tool.js';
export type { EngineMakers, EngineSettings } from './services/app/createEngine.js';
export type { CallSettings, ToolChoice } from './services/spec/CallSettings.js';
export type { ContentPart, FilePart, ImagePart, TextPart } from './services/spec/ContentPart.js';
export type { BytesDigest } from './services/requests/bytesDigest.js';
export type { HttpProviderSettings } from './services/providers/http/HttpSettings.js';
export type { OpenAIProviderSettings } from './services/providers/openai/OpenAIProviderSettings.js';
export type { AnthropicAuth, AnthropicProviderSettings } from './services/providers/anthropic/AnthropicProviderSettings.js';
export type { ClassifierSettings } from './services/providers/classifier/ClassifierSettings.js';
export type { TypesafeClassifierSettings } from './services/providers/typesafe/TypesafeClassifierSettings.js';
export type { DecisionsClassifierSettings } from './services/providers/decisions/DecisionsClassifierSettings.js';

export { catalog } from './errors/catalog.js';
export { code } from './errors/code.js';
export { CallFailed } from './errors/CallFailed.js';
export { ProviderFailure, failureKinds } from './errors/ProviderFailure.js';
export { StandinError } from './errors/StandinError.js';
export { parseConfig } from './config/parseConfig.js';
export { Tokens } from './tokens/Tokens.js';
export { SystemClock } from './services/clock/SystemClock.js';
export { MemoryCursorStore } from './services/cursors/MemoryCursorStore.js';
export { RedisCursorStore, createRedisCursorStore } from './services/cursors/RedisCursorStore.js';
export { StoreFailure } from './services/cursors/redis/StoreFailure.js';
export { ScriptCursor } from './fakes/script/ScriptCursor.js';
export { startScriptCursor, cursorIndex } from './fakes/script/startScriptCursor.js';
export { Scopes, DEFAULT_SCOPE } from './services/scopes/Scopes.js';
export { runInScope } from './services/scopes/runInScope.js';
export { createContainer } from './services/container/createContainer.js';
export { standIn } from './services/container/standIn.js';
export { Engine } from './services/engine/Engine.js';
export { ClassificationQuestion, questionTypes } from './services/classification/ClassificationQuestion.js';
export { ClassificationRequest } from './services/classification/ClassificationRequest.js';
export { ClassificationAnswer } from './services/classification/ClassificationAnswer.js';
export { ClassificationResponse } from './services/classification/ClassificationResponse.js';
export {
  ClassificationAdapterError,
  classificationReasons,
  retryableClassificationReasons,
} from './services/classification/ClassificationAdapterError.js';
export { validateClassificationRequest } from './services/classification/validateClassificationRequest.js';
export { FakeClassification } from './fakes/classification/FakeClassification.js';
export { tool } from './services/runs/tool.js';
export { userText } from './services/requests/userText.js';
export { App } from './services/app/App.js';
export { createApp } from './services/app/createApp.js';
export { createEngine } from './services/app/createEngine.js';
export { createOpenAIProvider } from './services/providers/openai/createOpenAIProvider.js';
export { OpenAIProvider } from './services/providers/openai/OpenAIProvider.js';
export { createAnthropicProvider } from './services/providers/anthropic/createAnthropicProvider.js';
export { AnthropicProvider } from './services/providers/anthropic/AnthropicProvider.js';
export { createTypesafeClassifier } from './services/providers/typesafe/createTypesafeClassifier.js';
export { TypesafeClassifier } from './services/providers/typesafe/TypesafeClassifier.js';
export { createDecisionsClassifier } from './services/providers/decisions/createDecisionsClassifier.js';
export { DecisionsClassifier } from './services/providers/decisions/DecisionsClassifier.js';

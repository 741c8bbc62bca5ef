import 'reflect-metadata';

// What a production application imports: the app and its container, the calls' types, the
// classification types, the errors, and one factory per adapter. Test-side names live in
// `standin/testing`.
export type { Code } from './errors/catalog.js';
export type { ClassificationReason, FailureKind } from './services/spec/failures.js';
export type {
  ClassifierConfig,
  ModelConfig,
  ProviderConfig,
  StandinConfig,
  StandinConfigInput,
} from './config/configSchema.js';
export type { Clock } from './services/clock/Clock.js';
export type { CursorStore } from './services/cursors/CursorStore.js';
export type { CallOptions, Engine } from './services/engine/Engine.js';
export type { ReplyInput } from './services/requests/prepareReply.js';
export type { ContentPart } from './services/spec/ContentPart.js';
export type { RunOptions } from './services/runs/runAgent.js';
export type { Reply } from './services/engine/Reply.js';
export type {
  CallContext,
  Capability,
  HearInput,
  Message,
  Provider,
  ReplyPart,
  ReplyRequest,
  ToolResult,
} from './services/spec/Provider.js';
export type { Classifier, ClassifyCallOptions } from './services/spec/Classifier.js';
export type { ClassificationState } from './services/classification/ClassificationRequest.js';
export type {
  ClassificationProblem,
  ClassificationProblemReason,
} from './services/classification/validateClassificationRequest.js';
export type { ClassifyOptions } from './services/classification/ClassifyOptions.js';
export type { Agent, RunPart, RunResult, Step } from './services/runs/Agent.js';
export type { Tool, ToolContext } from './services/runs/tool.js';
export type { EngineSettings } from './services/app/createEngine.js';
export type { OpenAIProviderSettings } from './services/providers/openai/OpenAIProviderSettings.js';
export type { AnthropicProviderSettings } from './services/providers/anthropic/AnthropicProviderSettings.js';
export type { AzureOpenAIProviderSettings } from './services/providers/azure/AzureOpenAIProviderSettings.js';
export type { BedrockProviderSettings } from './services/providers/bedrock/BedrockProviderSettings.js';
export type { GeminiProviderSettings } from './services/providers/gemini/GeminiProviderSettings.js';
export type { OllamaProviderSettings } from './services/providers/ollama/OllamaProviderSettings.js';
export type { CohereProviderSettings } from './services/providers/cohere/CohereProviderSettings.js';
export type { VertexProviderSettings } from './services/providers/vertex/VertexProviderSettings.js';
export type { OpenRouterProviderSettings } from './services/providers/openrouter/OpenRouterProviderSettings.js';
export type { TypesafeClassifierSettings } from './services/providers/typesafe/TypesafeClassifierSettings.js';
export type { DecisionsClassifierSettings } from './services/providers/decisions/DecisionsClassifierSettings.js';

export { code } from './errors/code.js';
export { CallFailed } from './errors/CallFailed.js';
export { ProviderFailure } from './errors/ProviderFailure.js';
export { StandinError } from './errors/StandinError.js';
export { parseConfig } from './config/parseConfig.js';
export { Tokens } from './tokens/Tokens.js';
export { runInScope } from './services/scopes/runInScope.js';
export { createContainer } from './services/container/createContainer.js';
export { ClassificationQuestion } from './services/classification/ClassificationQuestion.js';
export { ClassificationRequest } from './services/classification/ClassificationRequest.js';
export { ClassificationAnswer } from './services/classification/ClassificationAnswer.js';
export { ClassificationResponse } from './services/classification/ClassificationResponse.js';
export { ClassificationAdapterError } from './services/classification/ClassificationAdapterError.js';
export { validateClassificationRequest } from './services/classification/validateClassificationRequest.js';
export { tool } from './services/runs/tool.js';
export { userText } from './services/requests/userText.js';
export { App } from './services/app/App.js';
export { createApp } from './services/app/createApp.js';
export { createEngine } from './services/app/createEngine.js';
export { createOpenAIProvider } from './services/providers/openai/createOpenAIProvider.js';
export { createAnthropicProvider } from './services/providers/anthropic/createAnthropicProvider.js';
export { createAzureOpenAIProvider } from './services/providers/azure/createAzureOpenAIProvider.js';
export { createBedrockProvider } from './services/providers/bedrock/createBedrockProvider.js';
export { createGeminiProvider } from './services/providers/gemini/createGeminiProvider.js';
export { createOllamaProvider } from './services/providers/ollama/createOllamaProvider.js';
export { createCohereProvider } from './services/providers/cohere/createCohereProvider.js';
export { createVertexProvider } from './services/providers/vertex/createVertexProvider.js';
export { createOpenRouterProvider } from './services/providers/openrouter/createOpenRouterProvider.js';
export { createTypesafeClassifier } from './services/providers/typesafe/createTypesafeClassifier.js';
export { createDecisionsClassifier } from './services/providers/decisions/createDecisionsClassifier.js';

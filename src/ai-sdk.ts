export type { AiSdkSource, FromAiSdkSettings } from './ai-sdk/fromAiSdk.js';
export type { AiSdkDecisionModel } from './ai-sdk/fromDecisionModel.js';

export { languageModel } from './ai-sdk/languageModel.js';
export { embeddingModel } from './ai-sdk/embeddingModel.js';
export { transcriptionModel } from './ai-sdk/transcriptionModel.js';
export { speechModel } from './ai-sdk/speechModel.js';
export { decisionModel } from './ai-sdk/decisionModel.js';
export { imageModel } from './ai-sdk/imageModel.js';
export { fromAiSdk } from './ai-sdk/fromAiSdk.js';
export { toApiCallError } from './ai-sdk/toApiCallError.js';
export { toProviderFailure } from './ai-sdk/toProviderFailure.js';

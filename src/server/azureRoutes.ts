import { openaiSpeech, openaiTranscription } from './openaiAudio.js';
import { openaiChat } from './openaiChat.js';
import { openaiEmbeddings } from './openaiEmbeddings.js';
import { openaiImages } from './openaiImages.js';
import { openaiModels } from './openaiModels.js';
import { openaiResponses } from './openaiResponses.js';
import type { WireContext } from './WireContext.js';

type Handle = (context: WireContext) => Promise<void>;

/** The OpenAI endpoints Azure's v1 API serves under `/openai/v1/`, the deployment as the body's model. */
const v1: readonly (readonly [string, 'GET' | 'POST', Handle])[] = [
  ['chat/completions', 'POST', openaiChat],
  ['responses', 'POST', openaiResponses],
  ['embeddings', 'POST', openaiEmbeddings],
  ['images/generations', 'POST', openaiImages],
  ['audio/transcriptions', 'POST', openaiTranscription],
  ['audio/speech', 'POST', openaiSpeech],
  ['models', 'GET', openaiModels],
];

/**
 * Azure OpenAI's endpoints, each the OpenAI endpoint answering failures in Azure's shapes: the deployment paths
 * `/openai/deployments/{deployment}/chat/completions`, `/responses` (what `@ai-sdk/azure` calls with
 * `useDeploymentBasedUrls`) and `/embeddings`, the deployment as the model id; `/openai/responses`, where the
 * `AzureOpenAI` client sends a response; and the v1 API, `/openai/v1/chat/completions`, `/responses`, `/embeddings`,
 * `/images/generations`, `/audio/transcriptions`, `/audio/speech` and `/models` (where `@ai-sdk/azure`'s default URLs
 * and the OpenAI client with the base URL `…/openai/v1/` go), the deployment as the body's model.
 *
 * @example
 * ```ts
 * const patternRoutes = [...azureRoutes()];
 * ```
 */
export function azureRoutes(): {
  readonly pattern: RegExp;
  readonly method: 'GET' | 'POST';
  readonly dialect: 'azure';
  readonly handle: Handle;
}[] {
  const at = (path: string) => new RegExp(`^/openai/deployments/(?<deployment>[^/]+)/${path}$`);
  return [
    { pattern: at('chat/completions'), method: 'POST', dialect: 'azure', handle: openaiChat },
    { pattern: at('responses'), method: 'POST', dialect: 'azure', handle: openaiResponses },
    { pattern: at('embeddings'), method: 'POST', dialect: 'azure', handle: openaiEmbeddings },
    { pattern: /^\/openai\/responses$/, method: 'POST', dialect: 'azure', handle: openaiResponses },
    ...v1.map(([path, method, handle]) => ({
      pattern: new RegExp(`^/openai/v1/${path}$`),
      method,
      dialect: 'azure' as const,
      handle,
    })),
  ];
}

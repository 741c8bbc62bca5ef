import { openaiChat } from './openaiChat.js';
import { openaiEmbeddings } from './openaiEmbeddings.js';
import { openaiResponses } from './openaiResponses.js';
import type { WireContext } from './WireContext.js';

/**
 * Azure OpenAI's deployment endpoints: `/openai/deployments/{deployment}/chat/completions`,
 * `/responses` (what `@ai-sdk/azure` calls with `useDeploymentBasedUrls`) and `/embeddings`, each the
 * OpenAI endpoint with the deployment as the model id, answering failures in Azure's shapes.
 *
 * @example
 * ```ts
 * const patternRoutes = [...azureRoutes()];
 * ```
 */
export function azureRoutes(): {
  readonly pattern: RegExp;
  readonly method: 'POST';
  readonly dialect: 'azure';
  readonly handle: (context: WireContext) => Promise<void>;
}[] {
  const at = (path: string) => new RegExp(`^/openai/deployments/(?<deployment>[^/]+)/${path}$`);
  return [
    { pattern: at('chat/completions'), method: 'POST', dialect: 'azure', handle: openaiChat },
    { pattern: at('responses'), method: 'POST', dialect: 'azure', handle: openaiResponses },
    { pattern: at('embeddings'), method: 'POST', dialect: 'azure', handle: openaiEmbeddings },
  ];
}

import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { AzureOpenAIProviderSettings } from './AzureOpenAIProviderSettings.js';

/**
 * Makes the Azure OpenAI adapter: chat completions streamed (tools, typed values, Azure's content filter as kind
 * `content_filter`), or with `api: 'responses'` the Responses API, embeddings, transcription, speech and images on a
 * resource's deployments (or, with `apiVersion: 'v1'`, its v1 paths), on Node's `fetch`. A model's id is its
 * deployment's name. Bind it under a provider name, or let the config do it: a provider named `azure-openai`, or any
 * provider with `adapter: 'azure-openai'`, gets one. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const azure = createAzureOpenAIProvider({ baseURL: 'https://help-desk.openai.azure.com', apiVersion: '2024-10-21' });
 * const engine = createEngine({
 *   models: { writer: { provider: 'azure', model: 'gpt-4o-prod' } },
 *   makers: { providers: () => ({ azure }) },
 * });
 * ```
 */
export function createAzureOpenAIProvider(settings: AzureOpenAIProviderSettings = {}): AdapterOf<'azure-openai'> {
  return makeAdapter('azure-openai', settings, 'settings');
}

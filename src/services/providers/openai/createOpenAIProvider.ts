import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { OpenAIProviderSettings } from './OpenAIProviderSettings.js';

/**
 * Makes the OpenAI adapter: Chat Completions streamed (tools, typed values through `response_format: json_schema`,
 * reasoning where a compatible server sends it), or with `api: 'responses'` the Responses API, embeddings,
 * transcription, speech, images and rerank, on Node's `fetch`. Bind it under a provider name, or let the config do it:
 * a provider named `openai`, or any provider with `adapter: 'openai'`, gets one. Throws `P0004` when a setting is
 * wrong.
 *
 * @example
 * ```ts
 * const local = createOpenAIProvider({ baseURL: 'http://127.0.0.1:11434/v1' });
 * const engine = createEngine({
 *   models: { writer: { provider: 'local', model: 'llama3.2' } },
 *   makers: { providers: () => ({ local }) },
 * });
 * ```
 */
export function createOpenAIProvider(settings: OpenAIProviderSettings = {}): AdapterOf<'openai'> {
  return makeAdapter('openai', settings, 'settings');
}

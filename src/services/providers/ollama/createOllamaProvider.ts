import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { OllamaProviderSettings } from './OllamaProviderSettings.js';

/**
 * Makes the Ollama adapter: `/api/chat` as NDJSON lines (tool calls, thinking as reasoning, counts as units, typed
 * values through `format`) and `/api/embed`, on Node's `fetch`, to `http://127.0.0.1:11434` unless `baseURL` says
 * otherwise. It needs no key; one given goes in `authorization: Bearer`. A provider named `ollama`, or any provider with
 * `adapter: 'ollama'`, gets one from the config. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const ollama = createOllamaProvider({ maxTokens: 2048 });
 * const engine = createEngine({
 *   models: { writer: { provider: 'ollama', model: 'llama3.2' } },
 *   makers: { providers: () => ({ ollama }) },
 * });
 * ```
 */
export function createOllamaProvider(settings: OllamaProviderSettings = {}): AdapterOf<'ollama'> {
  return makeAdapter('ollama', settings, 'settings');
}

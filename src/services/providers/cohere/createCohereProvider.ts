import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { CohereProviderSettings } from './CohereProviderSettings.js';

/**
 * Makes the Cohere adapter: `/v2/chat` over server-sent events (tool calls, thinking as reasoning, usage, typed values
 * through `response_format: json_object` with its `json_schema`), `/v2/embed` and `/v2/rerank`, on Node's `fetch`. The
 * key goes in `authorization: Bearer`. A provider named `cohere`, or any provider with `adapter: 'cohere'`, gets one
 * from the config. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const cohere = createCohereProvider({ maxTokens: 2048 });
 * const engine = createEngine({
 *   models: { writer: { provider: 'cohere', model: 'command-a-03-2025' } },
 *   makers: { providers: () => ({ cohere }) },
 * });
 * ```
 */
export function createCohereProvider(settings: CohereProviderSettings = {}): AdapterOf<'cohere'> {
  return makeAdapter('cohere', settings, 'settings');
}

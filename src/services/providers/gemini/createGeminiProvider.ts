import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { GeminiProviderSettings } from './GeminiProviderSettings.js';

/**
 * Makes the Gemini adapter: `streamGenerateContent` over server-sent events (function calling, thought summaries as
 * reasoning, usage, typed values through `responseJsonSchema`, safety blocks as `content_filter` failures) and
 * `embedContent`, on Node's `fetch`. The key goes in `x-goog-api-key` unless `auth: 'bearer'` sends an access token as
 * `authorization: Bearer`. A provider named `gemini`, or any provider with `adapter: 'gemini'`, gets one from the
 * config. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const gemini = createGeminiProvider({ maxTokens: 2048 });
 * const engine = createEngine({
 *   models: { writer: { provider: 'gemini', model: 'gemini-2.5-flash' } },
 *   makers: { providers: () => ({ gemini }) },
 * });
 * ```
 */
export function createGeminiProvider(settings: GeminiProviderSettings = {}): AdapterOf<'gemini'> {
  return makeAdapter('gemini', settings, 'settings');
}

import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { OpenRouterProviderSettings } from './OpenRouterProviderSettings.js';

/**
 * Makes the OpenRouter adapter: chat completions streamed (tools, typed values through `response_format`, reasoning,
 * usage) on `https://openrouter.ai/api/v1`, on Node's `fetch`, with `models` fallbacks and `provider` routing in every
 * request and a call's `providerOptions` over them. Its errors read by OpenRouter's codes: 402 (no credits) `auth`,
 * 408 `timeout`, 429 `rate_limit`, 502 and 503 (the upstream provider down, none available) `server`, a moderation
 * 403 `content_filter`. A provider named `openrouter`, or any provider with `adapter: 'openrouter'`, gets one from the
 * config. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const openrouter = createOpenRouterProvider({ models: ['openai/gpt-4.1-mini'], provider: { sort: 'price' } });
 * const engine = createEngine({
 *   models: { writer: { provider: 'openrouter', model: 'anthropic/claude-sonnet-4.5' } },
 *   makers: { providers: () => ({ openrouter }) },
 * });
 * ```
 */
export function createOpenRouterProvider(settings: OpenRouterProviderSettings = {}): AdapterOf<'openrouter'> {
  return makeAdapter('openrouter', settings, 'settings');
}

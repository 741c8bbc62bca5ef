import { makeAdapter, type AdapterOf } from '../http/realAdapters.js';
import type { AnthropicProviderSettings } from './AnthropicProviderSettings.js';

/**
 * Makes the Anthropic adapter: the Messages API streamed, with tools (`tool_use` /
 * `tool_result`), thinking blocks as reasoning, usage, and typed values through
 * `output_config.format` (`json_schema`), on Node's `fetch`. The key goes in `x-api-key` with
 * API version 2023-06-01 unless `auth: 'bearer'` asks for `authorization: Bearer` with
 * 2026-10-21. A provider named `anthropic`, or any provider with `adapter: 'anthropic'`, gets
 * one from the config. Throws `P0004` when a setting is wrong.
 *
 * @example
 * ```ts
 * const anthropic = createAnthropicProvider({ auth: 'bearer', maxTokens: 8192 });
 * const engine = createEngine({
 *   models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
 *   makers: { providers: () => ({ anthropic }) },
 * });
 * ```
 */
export function createAnthropicProvider(settings: AnthropicProviderSettings = {}): AdapterOf<'anthropic'> {
  return makeAdapter('anthropic', settings, 'settings');
}

import { z } from 'zod';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * How the Anthropic adapter sends its key, and the API version that goes with it:
 * - `'x-api-key'` (the default): `x-api-key: <key>` with `anthropic-version: 2023-06-01` — the
 *   form the API has always taken, and the one Anthropic-compatible servers (Ollama, vLLM,
 *   llama.cpp) speak;
 * - `'bearer'`: `authorization: Bearer <key>` with `anthropic-version: 2026-10-21`, the form
 *   Anthropic's own clients send since that version.
 *
 * @example
 * ```ts
 * const auth: AnthropicAuth = 'bearer';
 * createAnthropicProvider({ auth });
 * ```
 */
export type AnthropicAuth = 'x-api-key' | 'bearer';

/**
 * The settings of the Anthropic adapter (`createAnthropicProvider`).
 *
 * @example
 * ```ts
 * const settings: AnthropicProviderSettings = { auth: 'bearer', maxTokens: 8192 };
 * ```
 */
export interface AnthropicProviderSettings extends HttpProviderSettings {
  /**
   * The base URL, without `/v1` (the adapter posts to `{baseURL}/v1/messages`).
   * Default `https://api.anthropic.com`. A custom base URL reads no `ANTHROPIC_API_KEY`.
   */
  readonly baseURL?: string;
  /** The most tokens a reply may have (`max_tokens`, which the Messages API requires). Default 4096. */
  readonly maxTokens?: number;
  /** How the key is sent, and the API version with it. Default `'x-api-key'` (version 2023-06-01). */
  readonly auth?: AnthropicAuth;
}

/** The zod schema of {@link AnthropicProviderSettings}. */
export const anthropicSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    auth: z.enum(['x-api-key', 'bearer']).optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const anthropicSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  auth: "'x-api-key' (version 2023-06-01) or 'bearer' (version 2026-10-21)",
};

/** The vendor's own base URL. */
export const ANTHROPIC_URL = 'https://api.anthropic.com';

/** The API version each auth form goes with. */
export const apiVersions: Readonly<Record<AnthropicAuth, string>> = { 'x-api-key': '2023-06-01', bearer: '2026-10-21' };

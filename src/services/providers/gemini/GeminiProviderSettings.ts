import { z } from 'zod';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * How the Gemini adapter sends its credential:
 * - `'x-goog-api-key'` (the default): an API key from Google AI Studio in `x-goog-api-key`, as
 *   Google's own clients send it (never in the URL, where logs and proxies keep it);
 * - `'bearer'`: an OAuth access token in `authorization: Bearer`, for a service account or a
 *   gateway that takes one.
 */
export type GeminiAuth = 'x-goog-api-key' | 'bearer';

/**
 * The settings of the Gemini adapter (`createGeminiProvider`).
 *
 * @example
 * ```ts
 * const settings: GeminiProviderSettings = { baseURL: 'http://127.0.0.1:4010/v1beta', maxTokens: 2048 };
 * ```
 */
export interface GeminiProviderSettings extends HttpProviderSettings {
  /**
   * The base URL, the API version included (the adapter posts to
   * `{baseURL}/models/{model}:streamGenerateContent?alt=sse`). Default
   * `https://generativelanguage.googleapis.com/v1beta`. A custom base URL reads no `GEMINI_API_KEY`.
   */
  readonly baseURL?: string;
  /** The most tokens a reply may have (`generationConfig.maxOutputTokens`). Default: the model's own. */
  readonly maxTokens?: number;
  /** How the credential is sent. Default `'x-goog-api-key'`. */
  readonly auth?: GeminiAuth;
}

/** The zod schema of {@link GeminiProviderSettings}. */
export const geminiSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    auth: z.enum(['x-goog-api-key', 'bearer']).optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const geminiSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  auth: "'x-goog-api-key' (an API key, the default) or 'bearer' (an OAuth access token)",
};

/** The vendor's own base URL, with the API version the adapter speaks. */
export const GEMINI_URL = 'https://generativelanguage.googleapis.com/v1beta';

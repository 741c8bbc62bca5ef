import { z } from 'zod';
import {
  modelFallbacks,
  providerRouting,
  type ProviderRouting,
} from '../../../protocols/openrouter/openrouterRequest.js';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * The settings of the OpenRouter adapter (`createOpenRouterProvider`). A model's `model` is OpenRouter's id, such as
 * `'anthropic/claude-sonnet-4.5'`.
 *
 * @example
 * ```ts
 * const settings: OpenRouterProviderSettings = {
 *   models: ['openai/gpt-4.1-mini'],
 *   provider: { order: ['anthropic', 'amazon-bedrock'], allow_fallbacks: false },
 * };
 * ```
 */
export interface OpenRouterProviderSettings extends HttpProviderSettings {
  /** The base URL, `/api/v1` included. Default `https://openrouter.ai/api/v1`. A custom one reads no `OPENROUTER_API_KEY`. */
  readonly baseURL?: string;
  /** The models OpenRouter tries, in order, when the call's model cannot answer (the request's `models`). */
  readonly models?: readonly string[];
  /** Provider routing for every reply (the request's `provider`): `order`, `allow_fallbacks`, `only`, `ignore`, `sort`, ... */
  readonly provider?: ProviderRouting;
}

/** The zod schema of {@link OpenRouterProviderSettings}. */
export const openrouterSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    models: modelFallbacks.optional(),
    provider: providerRouting.optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const openrouterSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  baseURL: "an absolute http(s) URL with /api/v1, such as 'https://openrouter.ai/api/v1'",
  models: "a list of 1 to 32 OpenRouter model ids to fall back to, such as ['openai/gpt-4.1-mini']",
  provider: "OpenRouter's provider routing, such as { order: ['anthropic'], allow_fallbacks: false }",
};

/** The vendor's own base URL. */
export const OPENROUTER_URL = 'https://openrouter.ai/api/v1';

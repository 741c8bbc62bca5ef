import { z } from 'zod';
import { providerConfigSchema } from '../../../config/configSchema.js';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * The settings of the Azure OpenAI adapter (`createAzureOpenAIProvider`). A model's `model` is its deployment's name.
 *
 * @example
 * ```ts
 * const settings: AzureOpenAIProviderSettings = {
 *   baseURL: 'https://help-desk.openai.azure.com',
 *   apiVersion: '2024-10-21',
 * };
 * ```
 */
export interface AzureOpenAIProviderSettings extends HttpProviderSettings {
  /**
   * The resource's endpoint, as the portal shows it (`https://<resource>.openai.azure.com`); `/openai`
   * is added unless the URL ends with it. Left out, `AZURE_OPENAI_ENDPOINT` is read at the first call.
   */
  readonly baseURL?: string;
  /**
   * The key, sent as `api-key` (or as a bearer token with `auth: 'bearer'`). Left out, an Azure host
   * (`*.openai.azure.com`, `*.cognitiveservices.azure.com`, `*.services.ai.azure.com`) reads
   * `AZURE_OPENAI_API_KEY`; any other host is called without one.
   */
  readonly apiKey?: string;
  /**
   * The `api-version` query parameter of every request on a deployment's paths. Default
   * `'2024-10-21'`. `'v1'` calls the v1 paths instead (`{endpoint}/openai/v1/chat/completions`, the
   * deployment's name as the body's `model`, no `api-version`).
   */
  readonly apiVersion?: string;
  /**
   * The API `reply` speaks: `'chat'` (the default) Chat Completions, `'responses'` the Responses
   * API (at `/openai/responses?api-version=`, or `/openai/v1/responses`), as the OpenAI adapter's.
   */
  readonly api?: 'chat' | 'responses';
  /** How the key is sent: `'api-key'` (the default) as the `api-key` header, `'bearer'` as `authorization: Bearer`. */
  readonly auth?: 'api-key' | 'bearer';
  /**
   * A Microsoft Entra ID token for each request, sent as `authorization: Bearer` in place of a key
   * (as `getBearerTokenProvider` from `@azure/identity` makes one). Waited for at most `timeoutMs`.
   */
  readonly token?: () => string | Promise<string>;
  /** The voice `speak` asks for. Default `'alloy'`. */
  readonly voice?: string;
}

/** The zod schema of {@link AzureOpenAIProviderSettings}. */
export const azureSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    apiVersion: providerConfigSchema.shape.apiVersion,
    auth: z.enum(['api-key', 'bearer']).optional(),
    token: z
      .custom<() => string | Promise<string>>((value) => typeof value === 'function', 'expected a function')
      .optional(),
    voice: z.string().min(1).optional(),
    api: z.enum(['chat', 'responses']).optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const azureSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  baseURL: "the resource's endpoint, such as 'https://help-desk.openai.azure.com'",
  apiVersion: "an Azure OpenAI API version, such as '2024-10-21' or '2025-04-01-preview', or 'v1' for the v1 paths",
  api: "'chat' (Chat Completions, the default) or 'responses' (the Responses API)",
  auth: "'api-key' or 'bearer'",
  token: 'a function that returns a Microsoft Entra ID token (or a promise of one)',
  voice: "a voice name, such as 'alloy'",
};

/** The API version sent when the settings name none: the latest generally available one. */
export const AZURE_API_VERSION = '2024-10-21';

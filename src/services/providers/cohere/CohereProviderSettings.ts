import { z } from 'zod';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/** What the texts the Cohere adapter embeds are for, as Cohere's `input_type` names it. */
export type CohereInputType = 'search_document' | 'search_query' | 'classification' | 'clustering';

/**
 * The settings of the Cohere adapter (`createCohereProvider`).
 *
 * @example
 * ```ts
 * const settings: CohereProviderSettings = { baseURL: 'http://127.0.0.1:4010', inputType: 'search_document' };
 * ```
 */
export interface CohereProviderSettings extends HttpProviderSettings {
  /**
   * The base URL, without the API version (the adapter posts to `{baseURL}/v2/chat`). Default
   * `https://api.cohere.com`. A custom base URL reads no `CO_API_KEY`.
   */
  readonly baseURL?: string;
  /** The most tokens a reply may have (`max_tokens`). Default: the model's own. */
  readonly maxTokens?: number;
  /** The `input_type` of the texts `embed` sends. Default `'search_query'`, as Cohere's AI SDK provider sends. */
  readonly inputType?: CohereInputType;
}

/** The zod schema of {@link CohereProviderSettings}. */
export const cohereSettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    inputType: z.enum(['search_document', 'search_query', 'classification', 'clustering']).optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const cohereSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  inputType: "'search_document', 'search_query' (the default), 'classification' or 'clustering'",
};

/** The vendor's own base URL. */
export const COHERE_URL = 'https://api.cohere.com';

import { z } from 'zod';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';
import { providerConfigSchema } from '../../../config/configSchema.js';

/**
 * The settings of the Ollama adapter (`createOllamaProvider`).
 *
 * @example
 * ```ts
 * const settings: OllamaProviderSettings = { baseURL: 'http://127.0.0.1:11434', maxTokens: 2048 };
 * ```
 */
export interface OllamaProviderSettings extends HttpProviderSettings {
  /**
   * The server's base URL, without `/api` (the adapter posts to `{baseURL}/api/chat`). Default
   * `http://127.0.0.1:11434`, where `ollama serve` listens.
   */
  readonly baseURL?: string;
  /**
   * A key for a server behind a gateway that asks for one (ollama.com's), sent as `authorization: Bearer`. Left out,
   * none is sent and no environment variable is read: a local Ollama needs none.
   */
  readonly apiKey?: string;
  /** The most tokens a reply may have (`options.num_predict`). Default: the model's own. */
  readonly maxTokens?: number;
  /** `true` (the default) streams each reply as NDJSON lines; `false` asks for it whole (`stream: false`). */
  readonly stream?: boolean;
}

/** The zod schema of {@link OllamaProviderSettings}. */
export const ollamaSettingsSchema = lazySchema(() =>
  z.strictObject({ ...httpSettingsShape(), stream: providerConfigSchema.shape.stream }),
);

/** What each field should hold, for `P0004` messages. */
export const ollamaSettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  stream: 'true (NDJSON lines, the default) or false (each reply whole)',
};

/** Where `ollama serve` listens by default. */
export const OLLAMA_URL = 'http://127.0.0.1:11434';

import { z } from 'zod';
import { httpSettingsExpected, httpSettingsShape, type HttpProviderSettings } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * The settings of the OpenAI adapter (`createOpenAIProvider`), which also speaks to every
 * OpenAI-compatible server (vLLM, llama.cpp server, Ollama, gateways).
 *
 * @example
 * ```ts
 * const settings: OpenAIProviderSettings = { baseURL: 'http://127.0.0.1:8080/v1', timeoutMs: 60_000 };
 * ```
 */
export interface OpenAIProviderSettings extends HttpProviderSettings {
  /**
   * The base URL, `/v1` included. Default `https://api.openai.com/v1`; for a local server,
   * such as `http://127.0.0.1:11434/v1` (Ollama) or `http://127.0.0.1:8000/v1` (vLLM).
   * A custom base URL reads no `OPENAI_API_KEY`: give `apiKey` when the server needs one.
   */
  readonly baseURL?: string;
  /** The voice `speak` asks for (`/audio/speech`'s `voice`). Default `'alloy'`. */
  readonly voice?: string;
  /**
   * The API `reply` speaks: `'chat'` (the default) Chat Completions, which every compatible server has; `'responses'`
   * the Responses API (`POST /responses`, not stored: `store: false`), where reasoning models stream their reasoning
   * summaries (ask for them with `body: { reasoning: { summary: 'auto' } }`). The Responses API has no stop sequences
   * (`E0021`) and no seed (left out).
   */
  readonly api?: 'chat' | 'responses';
}

/** The zod schema of {@link OpenAIProviderSettings}. */
export const openAISettingsSchema = lazySchema(() =>
  z.strictObject({
    ...httpSettingsShape(),
    voice: z.string().min(1).optional(),
    api: z.enum(['chat', 'responses']).optional(),
  }),
);

/** What each field should hold, for `P0004` messages. */
export const openAISettingsExpected: Readonly<Record<string, string>> = {
  ...httpSettingsExpected,
  voice: "a voice name, such as 'alloy'",
  api: "'chat' (Chat Completions, the default) or 'responses' (the Responses API)",
};

/** The vendor's own base URL. */
export const OPENAI_URL = 'https://api.openai.com/v1';

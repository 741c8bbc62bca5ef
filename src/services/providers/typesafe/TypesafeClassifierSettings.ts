import type { ClassifierSettings } from '../classifier/ClassifierSettings.js';

/**
 * The settings of the TypeSafe classifier (`createTypesafeClassifier`), which also speaks to
 * every server of the System One protocol (llama.cpp `llama-server`, vLLM, LiteLLM, gateways).
 *
 * @example
 * ```ts
 * const settings: TypesafeClassifierSettings = { model: 'jev-1.13.0', timeoutMs: 20_000 };
 * ```
 */
export interface TypesafeClassifierSettings extends ClassifierSettings {
  /** The name on responses and errors, and what `app.allowRealCalls(name)` allows. Default `'typesafe'`. */
  readonly provider?: string;
  /**
   * The API key, sent as `authorization: Bearer <key>`. Left out, `TYPESAFE_API_KEY` is read
   * when the classifier calls TypeSafe's own URL; a custom `baseURL` reads no environment variable.
   */
  readonly apiKey?: string;
  /**
   * The base URL, without `/v1` (the classifier posts to `{baseURL}/v1/systemone`).
   * Default `https://api.typesafe.ai`; for llama.cpp's server, such as `http://127.0.0.1:8080`.
   */
  readonly baseURL?: string;
  /**
   * The model when a request names none. Default `'jev-latest'`; pin a version such as `'jev-1.13.0'` for stable
   * answers.
   */
  readonly model?: string;
}

/** TypeSafe's own base URL. */
export const TYPESAFE_URL = 'https://api.typesafe.ai';

/** The model asked when neither the request nor the settings name one. */
export const TYPESAFE_MODEL = 'jev-latest';

import type { ClassifierSettings } from '../classifier/ClassifierSettings.js';

/**
 * The settings of the decisions classifier (`createDecisionsClassifier`): OpenAI's Decisions
 * API, and every server of the same shape (vLLM, SGLang, gateways).
 *
 * @example
 * ```ts
 * const settings: DecisionsClassifierSettings = { baseURL: 'http://127.0.0.1:8000/v1', model: 'decider-2b' };
 * ```
 */
export interface DecisionsClassifierSettings extends ClassifierSettings {
  /** The name on responses and errors, and what `app.allowRealCalls(name)` allows. Default `'decisions'`. */
  readonly provider?: string;
  /**
   * The API key, sent as `authorization: Bearer <key>`. Left out, `OPENAI_API_KEY` is read when
   * the classifier calls OpenAI's own URL; a custom `baseURL` reads no environment variable.
   */
  readonly apiKey?: string;
  /**
   * The base URL, `/v1` included, as the OpenAI adapter takes it (the classifier posts to
   * `{baseURL}/decisions`). Default `https://api.openai.com/v1`; for vLLM, such as `http://127.0.0.1:8000/v1`.
   */
  readonly baseURL?: string;
  /** The model when a request names none. Default `'gpt-6-luna'`. */
  readonly model?: string;
}

/** OpenAI's own base URL. */
export const DECISIONS_URL = 'https://api.openai.com/v1';

/** The model asked when neither the request nor the settings name one. */
export const DECISIONS_MODEL = 'gpt-6-luna';

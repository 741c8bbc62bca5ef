import { z } from 'zod';
import { httpSettingsExpected, httpSettingsShape } from '../http/HttpSettings.js';
import { lazySchema } from '../../../validation/lazySchema.js';

/**
 * The settings every real classifier takes (`createTypesafeClassifier`, `createDecisionsClassifier`).
 *
 * @example
 * ```ts
 * const settings: ClassifierSettings = { model: 'jev-1.13.0', timeoutMs: 20_000, headers: { 'x-team': 'help' } };
 * ```
 */
export interface ClassifierSettings {
  /**
   * The name the classifier goes by: on every response and error as `provider`, and what
   * `app.allowRealCalls(name)` allows in a test app. Default: the adapter's own name
   * (`'typesafe'`, `'decisions'`); a classifier bound from the config takes its provider's name.
   */
  readonly provider?: string;
  /**
   * The API key, sent as `authorization: Bearer <key>`. Left out, the classifier reads its
   * environment variable (`TYPESAFE_API_KEY`, `OPENAI_API_KEY`) for the vendor's own URL only:
   * a custom `baseURL` reads no environment variable and is called without a key when none is given.
   */
  readonly apiKey?: string;
  /** The base URL of the classification API, for a gateway or a local server that speaks the same protocol. */
  readonly baseURL?: string;
  /** The model that answers when a request names none. */
  readonly model?: string;
  /** Headers sent with every request. The auth header, when a key is sent, wins over one of the same name. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * How long one call may take, the body read to its end included, before it fails with reason `timeout`. Default
   * 600000 (10 minutes).
   */
  readonly timeoutMs?: number;
  /**
   * More top-level fields for every request's JSON body, such as `{ safety_identifier: 'user-42' }`.
   * The fields the classifier writes itself (model, state or input, questions) win over these.
   */
  readonly body?: Readonly<Record<string, unknown>>;
  /** The fetch to call. Default: Node's global `fetch`. */
  readonly fetch?: typeof globalThis.fetch;
  /** The most bytes of one response body after decompression. Default 67108864 (64 MiB); past it, reason `unknown`. */
  readonly maxBodyBytes?: number;
  /**
   * The longest wait a `retry-after` / `retry-after-ms` hint may ask for, in ms. Default 60000.
   * A longer hint is dropped, and the engine's next attempt waits its usual backoff.
   */
  readonly maxRetryAfterMs?: number;
}

// A classifier answers JSON, never an event stream: the line and event bounds are not its settings.
const {
  maxTokens: _maxTokensHint,
  maxLineBytes: _lineHint,
  maxEventBytes: _eventHint,
  ...expected
} = httpSettingsExpected;

/** The zod schema of {@link ClassifierSettings}. */
export const classifierSettingsSchema = lazySchema(() => {
  const { maxTokens: _maxTokens, maxLineBytes: _line, maxEventBytes: _event, ...shape } = httpSettingsShape();
  return z.strictObject({
    ...shape,
    provider: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
  });
});

/** What each field should hold, for `P0004` messages. */
export const classifierSettingsExpected: Readonly<Record<string, string>> = {
  ...expected,
  body: "an object of extra JSON fields, such as { safety_identifier: 'user-42' }",
  provider: "the classifier's name as a non-empty string, such as 'typesafe'",
  model: "the model id as a non-empty string, such as 'jev-latest'",
};

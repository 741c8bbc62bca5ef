import type { AdapterName } from './adapterNames.js';

/**
 * How to reach one provider. A provider whose name is a real adapter's (`openai`, `anthropic`),
 * or that names one in `adapter`, is served by that adapter; `createEngine` makers, `app.fake`
 * and a module's own binding of the name replace it.
 *
 * @example
 * ```ts
 * const providers: Record<string, ProviderConfig> = {
 *   anthropic: { auth: 'bearer', maxTokens: 8192 },
 *   local: { adapter: 'openai', baseURL: 'http://127.0.0.1:11434/v1' },
 * };
 * ```
 */
export interface ProviderConfig {
  /**
   * The real adapter that serves this provider, when its name is not the adapter's own:
   * `local: { adapter: 'openai', baseURL: 'http://127.0.0.1:8080/v1' }`. Left out, a provider
   * named `openai` or `anthropic` gets that adapter, and any other name none. `'typesafe'` and
   * `'decisions'` make it a classifier, for `classifier.provider` to name; no model can use it.
   */
  readonly adapter?: AdapterName | undefined;
  /**
   * The API key. Left out, the adapter reads its environment variable (`OPENAI_API_KEY`,
   * `ANTHROPIC_API_KEY`, `TYPESAFE_API_KEY`) when it calls the vendor's own URL; with a custom `baseURL` it reads
   * none and calls without a key. Never logged, never in an error message.
   */
  readonly apiKey?: string | undefined;
  /**
   * The base URL of the provider's HTTP API, for a gateway or a compatible local server.
   * OpenAI's (and the decisions classifier's) includes `/v1` (default `https://api.openai.com/v1`);
   * Anthropic's and TypeSafe's do not (defaults `https://api.anthropic.com`, `https://api.typesafe.ai`).
   */
  readonly baseURL?: string | undefined;
  /** Headers sent with every request to this provider. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * How long one HTTP attempt may take, a streamed body's end included, before it fails with kind
   * `timeout`. Default 600000; at most 2147483647 (what a Node timer holds).
   */
  readonly timeoutMs?: number | undefined;
  /**
   * The most tokens a reply may have: OpenAI's `max_completion_tokens` (unset by default), Anthropic's `max_tokens`
   * (default 4096).
   */
  readonly maxTokens?: number | undefined;
  /**
   * More top-level fields for every reply request's JSON body, such as `{ reasoning_effort: 'low' }`
   * or `{ thinking: { type: 'enabled', budget_tokens: 2048 } }` — or, for a `typesafe` or
   * `decisions` provider, every classify request's, such as `{ safety_identifier: 'user-42' }`.
   * The adapter's own fields win. (An `openai` provider that classifies keeps its `body` for replies.)
   */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** OpenAI only: the voice `speak` asks for. Default `'alloy'`. */
  readonly voice?: string | undefined;
  /** OpenAI and Azure OpenAI: the API `reply` speaks, `'chat'` (Chat Completions, the default) or `'responses'`. */
  readonly api?: 'chat' | 'responses' | undefined;
  /**
   * How the key is sent. Anthropic: `'x-api-key'` (the default) sends `x-api-key` with `anthropic-version: 2023-06-01`;
   * `'bearer'` sends `authorization: Bearer` with `2026-10-21`. Azure OpenAI: `'api-key'` (the default) sends
   * `api-key`; `'bearer'` an Entra ID token as `authorization: Bearer`. Gemini: `'x-goog-api-key'` (the default) sends
   * the API key in `x-goog-api-key`; `'bearer'` sends an access token as `authorization: Bearer`.
   */
  readonly auth?: 'x-api-key' | 'api-key' | 'x-goog-api-key' | 'bearer' | undefined;
  readonly apiVersion?: string | undefined;
  /** Bedrock only: the AWS region, such as `'us-east-1'`. Default `AWS_REGION`, else `AWS_DEFAULT_REGION`. */
  readonly region?: string | undefined;
  /** Vertex only: the Google Cloud project id, such as `'help-desk-prod'`. Default `GOOGLE_CLOUD_PROJECT`. */
  readonly project?: string | undefined;
  /** Vertex only: the Google Cloud location, such as `'us-central1'` or `'global'`. Default `'us-central1'`. */
  readonly location?: string | undefined;
  /** OpenRouter only: the models OpenRouter falls back to, in order, when the call's model cannot answer. */
  readonly models?: readonly string[] | undefined;
  /** OpenRouter only: its provider routing (`order`, `allow_fallbacks`, `only`, `ignore`, `sort`, ...). */
  readonly provider?: Readonly<Record<string, unknown>> | undefined;
  /** Bedrock only: the AWS access key id. Default `AWS_ACCESS_KEY_ID`. Never logged. */
  readonly accessKeyId?: string | undefined;
  /** Bedrock only: the AWS secret access key. Default `AWS_SECRET_ACCESS_KEY`. Never logged. */
  readonly secretAccessKey?: string | undefined;
  /** Bedrock only: the session token of temporary credentials. Default `AWS_SESSION_TOKEN`. Never logged. */
  readonly sessionToken?: string | undefined;
  /** Bedrock only: `false` asks Converse for whole replies instead of ConverseStream. Default `true`. */
  readonly stream?: boolean | undefined;
  /** Cohere only: what the texts `embed` sends are for (`input_type`). Default `'search_query'`. */
  readonly inputType?: 'search_document' | 'search_query' | 'classification' | 'clustering' | undefined;
  /** The most bytes one line of an event stream may have. Default 4194304 (4 MiB). */
  readonly maxLineBytes?: number | undefined;
  /** The most bytes the data of one server-sent event may have. Default 16777216 (16 MiB). */
  readonly maxEventBytes?: number | undefined;
  /** The most bytes of one response body after decompression, streamed or not. Default 67108864 (64 MiB). */
  readonly maxBodyBytes?: number | undefined;
  /**
   * The longest wait a `retry-after` / `retry-after-ms` hint may ask for, in ms. Default 60000.
   * A longer hint is dropped: the next attempt waits the usual backoff.
   */
  readonly maxRetryAfterMs?: number | undefined;
}

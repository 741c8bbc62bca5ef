/**
 * Which classifier `classify` calls: a provider of the config and, optionally, its model.
 *
 * The provider's classifier adapter is the one its `adapter` names (`'typesafe'` or `'decisions'`), or else the one its
 * name says: a provider named `typesafe` is TypeSafe's System One API, one named `decisions` the Decisions API. A
 * provider served by the `openai` adapter (named `openai`, or with `adapter: 'openai'`) classifies through its
 * Decisions API (`{baseURL}/decisions`), with the same key, base URL, headers and timeout as its models. Any other
 * provider is `P0006` when the container is made.
 *
 * @example
 * ```ts
 * createApp({ classifier: { provider: 'typesafe', model: 'jev-1.13.0' }, providers: { typesafe: { apiKey: process.env.TYPESAFE_API_KEY } } });
 * createApp({ classifier: { provider: 'openai' } }); // OpenAI's /v1/decisions, key from OPENAI_API_KEY
 * createApp({ classifier: { provider: 'local' }, providers: { local: { adapter: 'typesafe', baseURL: 'http://127.0.0.1:8080' } } });
 * ```
 */
export interface ClassifierConfig {
  /**
   * The name of the provider that classifies: a key of `providers`, or `typesafe`, `decisions` or `openai` left out of
   * it.
   */
  readonly provider: string;
  /** The classifier's model when a request names none. Default: the adapter's (`'jev-latest'`, `'gpt-6-luna'`). */
  readonly model?: string | undefined;
  /**
   * Classifiers to try, in order, when this one fails with a retryable reason after its retries:
   * each `{ provider, model? }` as above.
   */
  readonly fallback?: readonly { readonly provider: string; readonly model?: string | undefined }[] | undefined;
}

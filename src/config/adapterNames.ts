/** The real adapters a provider config can name: two for models, two for the classifier. */
export const adapterNames = ['openai', 'anthropic', 'typesafe', 'decisions', 'azure-openai', 'bedrock'] as const;

/** The real adapters that serve models. */
export const modelAdapterNames = ['openai', 'anthropic', 'azure-openai', 'bedrock'] as const;

/** A real adapter that serves models: `'openai'` or `'anthropic'`. */
export type ModelAdapterName = (typeof modelAdapterNames)[number];

/** The real adapters that serve the classifier. */
export const classifierAdapterNames = ['typesafe', 'decisions'] as const;

/**
 * A real adapter standin has: for models, `'openai'` (and every OpenAI-compatible server) or
 * `'anthropic'`; for the classifier, `'typesafe'` (System One) or `'decisions'` (OpenAI's
 * Decisions shape).
 *
 * @example
 * ```ts
 * const adapter: AdapterName = 'openai';
 * createApp({ providers: { local: { adapter, baseURL: 'http://127.0.0.1:11434/v1' } } });
 * ```
 */
export type AdapterName = (typeof adapterNames)[number];

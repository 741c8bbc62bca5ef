/** The real adapters a provider config can name: those for models, and two for the classifier. */
export const adapterNames = [
  'openai',
  'anthropic',
  'gemini',
  'typesafe',
  'decisions',
  'azure-openai',
  'bedrock',
  'ollama',
  'cohere',
  'vertex',
  'openrouter',
] as const;

/** The real adapters that serve models. */
export const modelAdapterNames = [
  'openai',
  'anthropic',
  'gemini',
  'azure-openai',
  'bedrock',
  'ollama',
  'cohere',
  'vertex',
  'openrouter',
] as const;

/** A real adapter that serves models: `'openai'`, `'anthropic'` or `'gemini'`. */
export type ModelAdapterName = (typeof modelAdapterNames)[number];

/** The real adapters that serve the classifier. */
export const classifierAdapterNames = ['typesafe', 'decisions'] as const;

/** A real adapter standin has, for models or for the classifier. */
export type AdapterName = (typeof adapterNames)[number];

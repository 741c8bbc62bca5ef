import type { AdapterName } from './adapterNames.js';

/** The environment variable each real adapter reads its key from, when the config gives none. */
export const keyVariables: Readonly<Record<AdapterName, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  'azure-openai': 'AZURE_OPENAI_API_KEY',
  bedrock: 'AWS_BEARER_TOKEN_BEDROCK',
  cohere: 'CO_API_KEY',
  vertex: 'GOOGLE_VERTEX_API_KEY',
  openrouter: 'OPENROUTER_API_KEY',
  typesafe: 'TYPESAFE_API_KEY',
  decisions: 'OPENAI_API_KEY',
  ollama: 'OLLAMA_API_KEY',
};

/** AWS's own credentials, which a Bedrock provider with no key falls back to. */
export const awsVariables = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;

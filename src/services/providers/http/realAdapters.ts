import type { z } from 'zod';
import {
  adapterNames,
  classifierAdapterNames,
  type AdapterName,
  type ModelAdapterName,
  type StandinConfig,
} from '../../../config/configSchema.js';
import { StandinError } from '../../../errors/StandinError.js';
import { formatPath } from '../../../validation/formatPath.js';
import {
  openAISettingsExpected,
  openAISettingsSchema,
  type OpenAIProviderSettings,
} from '../openai/OpenAIProviderSettings.js';
import {
  anthropicSettingsExpected,
  anthropicSettingsSchema,
  type AnthropicProviderSettings,
} from '../anthropic/AnthropicProviderSettings.js';
import {
  azureSettingsExpected,
  azureSettingsSchema,
  type AzureOpenAIProviderSettings,
} from '../azure/AzureOpenAIProviderSettings.js';
import {
  bedrockSettingsExpected,
  bedrockSettingsSchema,
  type BedrockProviderSettings,
} from '../bedrock/BedrockProviderSettings.js';
import {
  geminiSettingsExpected,
  geminiSettingsSchema,
  type GeminiProviderSettings,
} from '../gemini/GeminiProviderSettings.js';
import {
  ollamaSettingsExpected,
  ollamaSettingsSchema,
  type OllamaProviderSettings,
} from '../ollama/OllamaProviderSettings.js';
import {
  cohereSettingsExpected,
  cohereSettingsSchema,
  type CohereProviderSettings,
} from '../cohere/CohereProviderSettings.js';
import {
  vertexSettingsExpected,
  vertexSettingsSchema,
  type VertexProviderSettings,
} from '../vertex/VertexProviderSettings.js';
import {
  openrouterSettingsExpected,
  openrouterSettingsSchema,
  type OpenRouterProviderSettings,
} from '../openrouter/OpenRouterProviderSettings.js';
import type { Capability, Provider } from '../../spec/Provider.js';
import { parseSettings } from './HttpSettings.js';
import { lazyAdapter, type Adapter } from './lazyAdapter.js';

interface AdapterEntry {
  readonly schema: z.ZodObject;
  readonly expected: Readonly<Record<string, string>>;
  /** The capabilities the adapter's class offers, as methods. */
  readonly methods: readonly Capability[];
  /** The adapter's class, imported on the first call, made from settings `schema` has read. */
  readonly load: (settings: unknown) => Promise<Provider>;
}

/** How each real model adapter is made from a provider's settings. */
const adapters = {
  openai: {
    schema: openAISettingsSchema,
    expected: openAISettingsExpected,
    methods: ['reply', 'embed', 'hear', 'speak', 'image', 'rank'],
    load: async (settings) =>
      new (await import('../openai/OpenAIProvider.js')).OpenAIProvider(settings as OpenAIProviderSettings),
  },
  anthropic: {
    schema: anthropicSettingsSchema,
    expected: anthropicSettingsExpected,
    methods: ['reply', 'countTokens'],
    load: async (settings) =>
      new (await import('../anthropic/AnthropicProvider.js')).AnthropicProvider(settings as AnthropicProviderSettings),
  },
  'azure-openai': {
    schema: azureSettingsSchema,
    expected: azureSettingsExpected,
    methods: ['reply', 'embed', 'hear', 'speak', 'image'],
    load: async (settings) =>
      new (await import('../azure/AzureOpenAIProvider.js')).AzureOpenAIProvider(
        settings as AzureOpenAIProviderSettings,
      ),
  },
  bedrock: {
    schema: bedrockSettingsSchema,
    expected: bedrockSettingsExpected,
    methods: ['reply'],
    load: async (settings) =>
      new (await import('../bedrock/BedrockProvider.js')).BedrockProvider(settings as BedrockProviderSettings),
  },
  gemini: {
    schema: geminiSettingsSchema,
    expected: geminiSettingsExpected,
    methods: ['reply', 'embed', 'image', 'countTokens'],
    load: async (settings) =>
      new (await import('../gemini/GeminiProvider.js')).GeminiProvider(settings as GeminiProviderSettings),
  },
  ollama: {
    schema: ollamaSettingsSchema,
    expected: ollamaSettingsExpected,
    methods: ['reply', 'embed'],
    load: async (settings) =>
      new (await import('../ollama/OllamaProvider.js')).OllamaProvider(settings as OllamaProviderSettings),
  },
  cohere: {
    schema: cohereSettingsSchema,
    expected: cohereSettingsExpected,
    methods: ['reply', 'embed', 'rank'],
    load: async (settings) =>
      new (await import('../cohere/CohereProvider.js')).CohereProvider(settings as CohereProviderSettings),
  },
  vertex: {
    schema: vertexSettingsSchema,
    expected: vertexSettingsExpected,
    methods: ['reply', 'embed', 'image', 'countTokens'],
    load: async (settings) =>
      new (await import('../vertex/VertexProvider.js')).VertexProvider(settings as VertexProviderSettings),
  },
  openrouter: {
    schema: openrouterSettingsSchema,
    expected: openrouterSettingsExpected,
    methods: ['reply'],
    load: async (settings) =>
      new (await import('../openrouter/OpenRouterProvider.js')).OpenRouterProvider(
        settings as OpenRouterProviderSettings,
      ),
  },
} as const satisfies Record<ModelAdapterName, AdapterEntry>;

/** Adapter `N` as made: a provider with each of its capabilities. */
export type AdapterOf<N extends ModelAdapterName> = Adapter<(typeof adapters)[N]['methods'][number]>;

/** The capabilities adapter `name` offers. */
export const adapterMethods = (name: ModelAdapterName): readonly Capability[] => adapters[name].methods;

/** The real adapter `name` made from `settings` (read now: a field it does not take is `P0004` at `root`), its module loaded on first call. */
export function makeAdapter<N extends ModelAdapterName>(name: N, settings: unknown, root: string): AdapterOf<N> {
  const entry: AdapterEntry = adapters[name];
  const parsed = parseSettings(root, entry.schema, settings, entry.expected);
  return lazyAdapter(name, entry.methods, () => entry.load(parsed)) as AdapterOf<N>;
}

/** The adapter of provider `name`: its config's `adapter`, else the adapter of that name; undefined for other names. */
export function adapterOf(config: StandinConfig, name: string): AdapterName | undefined {
  const given = Object.hasOwn(config.providers, name) ? config.providers[name]!.adapter : undefined;
  return given ?? ((adapterNames as readonly string[]).find((known) => known === name) as AdapterName | undefined);
}

/**
 * The real model adapters a config asks for, by provider name (classifier providers excluded). `P0004` for a setting an
 * adapter does not take, `P0006` for a model whose provider is a classifier.
 */
export function realAdapters(config: StandinConfig): Map<string, Provider> {
  const users = new Map<string, string>();
  for (const [model, { provider }] of Object.entries(config.models))
    if (!users.has(provider)) users.set(provider, model);
  const names = new Set([...users.keys(), ...Object.keys(config.providers)]);
  const adapters = new Map<string, Provider>();
  for (const name of names) {
    const chosen = adapterOf(config, name);
    if (chosen === undefined) continue;
    if ((classifierAdapterNames as readonly string[]).includes(chosen)) {
      const model = users.get(name);
      if (model === undefined) continue;
      throw new StandinError(
        'P0006',
        `Invalid config:\n${formatPath('config', ['models', model, 'provider'])}: '${name}' is served by the ` +
          `${chosen} adapter, which classifies and cannot reply. ` +
          `Give the model a provider served by 'openai', 'anthropic' or 'gemini'; name '${name}' in classifier.provider to ` +
          `classify with it.`,
      );
    }
    const { adapter: _adapter, ...settings } = Object.hasOwn(config.providers, name) ? config.providers[name]! : {};
    adapters.set(name, makeAdapter(chosen as ModelAdapterName, settings, formatPath('config', ['providers', name])));
  }
  return adapters;
}

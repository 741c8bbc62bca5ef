import {
  adapterNames,
  classifierAdapterNames,
  type AdapterName,
  type ModelAdapterName,
  type ProviderConfig,
  type StandinConfig,
} from '../../../config/configSchema.js';
import { StandinError } from '../../../errors/StandinError.js';
import { formatPath } from '../../../validation/formatPath.js';
import { AnthropicProvider } from '../anthropic/AnthropicProvider.js';
import {
  anthropicSettingsExpected,
  anthropicSettingsSchema,
  type AnthropicProviderSettings,
} from '../anthropic/AnthropicProviderSettings.js';
import { BedrockProvider } from '../bedrock/BedrockProvider.js';
import {
  bedrockSettingsExpected,
  bedrockSettingsSchema,
  type BedrockProviderSettings,
} from '../bedrock/BedrockProviderSettings.js';
import { CohereProvider } from '../cohere/CohereProvider.js';
import {
  cohereSettingsExpected,
  cohereSettingsSchema,
  type CohereProviderSettings,
} from '../cohere/CohereProviderSettings.js';
import { GeminiProvider } from '../gemini/GeminiProvider.js';
import {
  geminiSettingsExpected,
  geminiSettingsSchema,
  type GeminiProviderSettings,
} from '../gemini/GeminiProviderSettings.js';
import { OllamaProvider } from '../ollama/OllamaProvider.js';
import {
  ollamaSettingsExpected,
  ollamaSettingsSchema,
  type OllamaProviderSettings,
} from '../ollama/OllamaProviderSettings.js';
import { OpenAIProvider } from '../openai/OpenAIProvider.js';
import {
  openAISettingsExpected,
  openAISettingsSchema,
  type OpenAIProviderSettings,
} from '../openai/OpenAIProviderSettings.js';
import { AzureOpenAIProvider } from '../azure/AzureOpenAIProvider.js';
import {
  azureSettingsExpected,
  azureSettingsSchema,
  type AzureOpenAIProviderSettings,
} from '../azure/AzureOpenAIProviderSettings.js';
import { OpenRouterProvider } from '../openrouter/OpenRouterProvider.js';
import {
  openrouterSettingsExpected,
  openrouterSettingsSchema,
  type OpenRouterProviderSettings,
} from '../openrouter/OpenRouterProviderSettings.js';
import { VertexProvider } from '../vertex/VertexProvider.js';
import {
  vertexSettingsExpected,
  vertexSettingsSchema,
  type VertexProviderSettings,
} from '../vertex/VertexProviderSettings.js';
import type { Provider } from '../../spec/Provider.js';
import { parseSettings } from './HttpSettings.js';

type Settings = Omit<ProviderConfig, 'adapter'>;

/** How each real model adapter is made from a provider's config; a field the adapter does not take is `P0004`. */
const makers: Readonly<Record<ModelAdapterName, (settings: Settings, root: string) => Provider>> = {
  openai: (settings, root) =>
    new OpenAIProvider(
      parseSettings(root, openAISettingsSchema, settings, openAISettingsExpected) as OpenAIProviderSettings,
    ),
  anthropic: (settings, root) =>
    new AnthropicProvider(
      parseSettings(root, anthropicSettingsSchema, settings, anthropicSettingsExpected) as AnthropicProviderSettings,
    ),
  'azure-openai': (settings, root) =>
    new AzureOpenAIProvider(
      parseSettings(root, azureSettingsSchema, settings, azureSettingsExpected) as AzureOpenAIProviderSettings,
    ),
  bedrock: (settings, root) =>
    new BedrockProvider(
      parseSettings(root, bedrockSettingsSchema, settings, bedrockSettingsExpected) as BedrockProviderSettings,
    ),
  gemini: (settings, root) =>
    new GeminiProvider(
      parseSettings(root, geminiSettingsSchema, settings, geminiSettingsExpected) as GeminiProviderSettings,
    ),
  ollama: (settings, root) =>
    new OllamaProvider(
      parseSettings(root, ollamaSettingsSchema, settings, ollamaSettingsExpected) as OllamaProviderSettings,
    ),
  cohere: (settings, root) =>
    new CohereProvider(
      parseSettings(root, cohereSettingsSchema, settings, cohereSettingsExpected) as CohereProviderSettings,
    ),
  vertex: (settings, root) =>
    new VertexProvider(
      parseSettings(root, vertexSettingsSchema, settings, vertexSettingsExpected) as VertexProviderSettings,
    ),
  openrouter: (settings, root) =>
    new OpenRouterProvider(
      parseSettings(root, openrouterSettingsSchema, settings, openrouterSettingsExpected) as OpenRouterProviderSettings,
    ),
};

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
    adapters.set(name, makers[chosen as ModelAdapterName](settings, formatPath('config', ['providers', name])));
  }
  return adapters;
}

import { adapterNames, type AdapterName, type ProviderConfig, type StandinConfig } from '../../../config/configSchema.js';
import { formatPath } from '../../../validation/formatPath.js';
import { AnthropicProvider } from '../anthropic/AnthropicProvider.js';
import { anthropicSettingsExpected, anthropicSettingsSchema, type AnthropicProviderSettings } from '../anthropic/AnthropicProviderSettings.js';
import { OpenAIProvider } from '../openai/OpenAIProvider.js';
import { openAISettingsExpected, openAISettingsSchema, type OpenAIProviderSettings } from '../openai/OpenAIProviderSettings.js';
import type { Provider } from '../Provider.js';
import { parseSettings } from './HttpSettings.js';

type Settings = Omit<ProviderConfig, 'adapter'>;

/** How each real adapter is made from a provider's config; a field the adapter does not take is `P0004`. */
const makers: Readonly<Record<AdapterName, (settings: Settings, root: string) => Provider>> = {
  openai: (settings, root) => new OpenAIProvider(parseSettings(root, openAISettingsSchema, settings, openAISettingsExpected) as OpenAIProviderSettings),
  anthropic: (settings, root) =>
    new AnthropicProvider(parseSettings(root, anthropicSettingsSchema, settings, anthropicSettingsExpected) as AnthropicProviderSettings),
};

/**
 * The real adapters a config asks for, by provider name: for every provider name the models
 * use or the providers configure, the adapter its config names in `adapter`, or else the
 * adapter of the same name (`openai`, `anthropic`). Other names get none. Each adapter is made
 * from that provider's config; throws `P0004` for a setting its adapter does not take.
 *
 * @example
 * ```ts
 * realAdapters(parseConfig({ models: { writer: { provider: 'local', model: 'llama3.2' } },
 *   providers: { local: { adapter: 'openai', baseURL: 'http://127.0.0.1:11434/v1' } } }));
 * // Map { 'local' => OpenAIProvider }
 * ```
 */
export function realAdapters(config: StandinConfig): Map<string, Provider> {
  const names = new Set([...Object.values(config.models).map((model) => model.provider), ...Object.keys(config.providers)]);
  const adapters = new Map<string, Provider>();
  for (const name of names) {
    const { adapter, ...settings } = Object.hasOwn(config.providers, name) ? config.providers[name]! : {};
    const chosen = adapter ?? (adapterNames as readonly string[]).find((known) => known === name);
    if (chosen === undefined) continue;
    adapters.set(name, makers[chosen as AdapterName](settings, formatPath('config', ['providers', name])));
  }
  return adapters;
}

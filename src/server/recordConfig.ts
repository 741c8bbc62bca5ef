import { adapterNames, type AdapterName } from '../config/adapterNames.js';
import type { ProviderConfig } from '../config/ProviderConfig.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import { ownRecord } from './ownRecord.js';

/** The environment variable each adapter's key is read from. */
export const KEY_VARIABLES: Readonly<Record<AdapterName, string>> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  'azure-openai': 'AZURE_OPENAI_API_KEY',
  bedrock: 'AWS_BEARER_TOKEN_BEDROCK',
  typesafe: 'TYPESAFE_API_KEY',
  decisions: 'OPENAI_API_KEY',
};

/** The adapter each wire dialect's requests are recorded through, for a model id the config does not name. */
export const DIALECT_ADAPTERS: Readonly<Record<string, AdapterName>> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  bedrock: 'bedrock',
  azure: 'azure-openai',
};

/** The adapter serving provider `name` of `providers`: its `adapter`, else the adapter of that name. */
export function providerAdapter(
  providers: Readonly<Record<string, ProviderConfig>>,
  name: string,
): AdapterName | undefined {
  const given = Object.hasOwn(providers, name) ? providers[name]!.adapter : undefined;
  return given ?? ((adapterNames as readonly string[]).find((known) => known === name) as AdapterName | undefined);
}

/**
 * The config a recording server runs: each provider that gives no key takes its adapter's key from the server's
 * environment, so a provider with a gateway's `baseURL` (where the adapter reads none) is still called with the key.
 * A Bedrock provider with neither a key nor AWS keys takes `AWS_BEARER_TOKEN_BEDROCK`, else the AWS keys.
 */
export function withServerKeys(
  config: StandinConfigInput,
  env: Readonly<Record<string, string | undefined>> = process.env,
): StandinConfigInput {
  const given = config.providers;
  if (given === null || typeof given !== 'object') return config;
  const providers = ownRecord<ProviderConfig>();
  for (const [name, provider] of Object.entries(given)) {
    providers[name] = provider;
    if (provider === null || typeof provider !== 'object' || provider.apiKey !== undefined) continue;
    const adapter = providerAdapter(given, name);
    if (adapter === undefined) continue;
    const key = env[KEY_VARIABLES[adapter]] || undefined;
    if (adapter === 'bedrock' && (provider.accessKeyId !== undefined || provider.secretAccessKey !== undefined))
      continue;
    if (key !== undefined) providers[name] = { ...provider, apiKey: key };
    else if (adapter === 'bedrock' && env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
      providers[name] = {
        ...provider,
        accessKeyId: env.AWS_ACCESS_KEY_ID,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
        ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
      };
    }
  }
  return { ...config, providers: { ...providers } };
}

/**
 * The provider a dialect's unknown model ids go to: the one named as the dialect's adapter, else the first served by
 * that adapter, among the config's providers and its models' providers.
 */
export function dialectProvider(config: StandinConfigInput, dialect: string): string | undefined {
  const adapter = Object.hasOwn(DIALECT_ADAPTERS, dialect) ? DIALECT_ADAPTERS[dialect] : undefined;
  if (adapter === undefined) return undefined;
  const providers = config.providers ?? {};
  const names = [
    ...new Set([...Object.keys(providers), ...Object.values(config.models ?? {}).map((model) => model.provider)]),
  ];
  const served = names.filter((name) => providerAdapter(providers, name) === adapter);
  return served.find((name) => name === adapter) ?? served[0];
}

import { adapterNames, type AdapterName } from '../config/adapterNames.js';
import { keyVariables } from '../config/keyVariables.js';
import type { ProviderConfig } from '../config/ProviderConfig.js';
import type { StandinConfigInput } from '../config/configSchema.js';
import { ownRecord } from './ownRecord.js';

/** Where a provider's key comes from in a recording server's environment. */
interface KeySource {
  /** The variable its adapter reads the key from. */
  readonly variable: string;
  /** Settings that carry credentials of their own: a provider with one takes nothing from the environment. */
  readonly credentials?: readonly (keyof ProviderConfig)[];
  /** What the environment gives when `variable` is unset. */
  readonly otherwise?: (env: Readonly<Record<string, string | undefined>>) => Partial<ProviderConfig> | undefined;
}

/** Each adapter's key source. */
export const KEY_SOURCES: Readonly<Record<AdapterName, KeySource>> = {
  ...(Object.fromEntries(adapterNames.map((name) => [name, { variable: keyVariables[name] }])) as Record<
    AdapterName,
    KeySource
  >),
  bedrock: {
    variable: keyVariables.bedrock,
    credentials: ['accessKeyId', 'secretAccessKey'],
    otherwise: (env) =>
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  },
};

/** The adapter each wire dialect's requests are recorded through, for a model id the config does not name. */
export const DIALECT_ADAPTERS: Readonly<Record<string, AdapterName>> = {
  openai: 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
  bedrock: 'bedrock',
  azure: 'azure-openai',
  ollama: 'ollama',
  cohere: 'cohere',
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
  const given = config.providers ?? {};
  const models = config.models ?? {};
  // createTestApp refuses these with the config's own code and path.
  if (!isObject(given) || !isObject(models)) return config;
  const providers = ownRecord<ProviderConfig>();
  for (const [name, provider] of Object.entries(given)) providers[name] = provider;
  // A provider only the models name is keyed too, so the key said at start is the one it calls with.
  const named = Object.values(models).flatMap((model) =>
    isObject(model) && typeof model['provider'] === 'string' ? [model['provider']] : [],
  );
  for (const name of new Set([...Object.keys(given), ...named])) {
    const provider: unknown = Object.hasOwn(given, name) ? given[name] : {};
    if (!isObject(provider) || provider['apiKey'] !== undefined) continue;
    const adapter = providerAdapter(given, name);
    const keyed = adapter === undefined ? undefined : serverKey(adapter, provider as ProviderConfig, env);
    if (keyed !== undefined) providers[name] = { ...provider, ...keyed };
  }
  return { ...config, providers: { ...providers } };
}

/** What the environment gives a provider of `adapter` that has no key of its own. */
function serverKey(
  adapter: AdapterName,
  provider: ProviderConfig,
  env: Readonly<Record<string, string | undefined>>,
): Partial<ProviderConfig> | undefined {
  const source = KEY_SOURCES[adapter];
  if (source.credentials?.some((setting) => provider[setting] !== undefined) === true) return undefined;
  const key = env[source.variable] || undefined;
  return key !== undefined ? { apiKey: key } : source.otherwise?.(env);
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
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

import { StandinError } from '../../../errors/StandinError.js';

/** Where an adapter looks for its key. */
export interface KeySource {
  /** The provider's name, for the message. */
  readonly provider: string;
  /** The key the config or the settings gave, if any. */
  readonly given: string | undefined;
  /** The environment variable that holds the vendor's key, such as `OPENAI_API_KEY`. */
  readonly variable: string;
  /** True when the adapter calls the vendor's own URL; false for a custom `baseURL`. */
  readonly ownURL: boolean;
}

/**
 * The key of a call: the config's or the settings', else the vendor's environment variable for the vendor's own URL
 * only, so a key is never sent to another host by accident. `P0003` when the vendor's own URL would be called without
 * one.
 */
export function apiKey(source: KeySource): string | undefined {
  if (source.given !== undefined && source.given !== '') return source.given;
  if (!source.ownURL) return undefined;
  const fromEnv = process.env[source.variable];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  throw new StandinError(
    'P0003',
    `Provider '${source.provider}' has no API key. Set config.providers.${source.provider}.apiKey, or the ` +
      `environment variable ${source.variable}. (A server on a custom baseURL needs no key.)`,
  );
}

import type { ClassificationAdapter } from '../spec/ClassificationAdapter.js';
import type { Provider } from '../spec/Provider.js';

/**
 * What dispatch looks up, on every call, in the container it serves: the container's
 * `ProviderLookup` answers it. An interface here, so dispatch (and the engine) know no tokens.
 *
 * @example
 * ```ts
 * const provider = services.provider('writer', 'anthropic');
 * ```
 */
export interface Services {
  /** The provider for `modelName`: one bound for that model (`model:<name>`) first, then the model's provider; undefined when neither is. */
  provider(modelName: string, providerName: string): Provider | undefined;
  /** Which of `names` have a provider bound. */
  bound(names: Iterable<string>): string[];
  /** The classifier bound at `Tokens.Classifier`: `K0005` when there is none. */
  classifier(): ClassificationAdapter;
  /** Makers of the classifiers a classify call falls back to, in order. */
  fallbackClassifiers(): readonly (() => ClassificationAdapter)[];
}

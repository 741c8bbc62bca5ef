import type { Classifier } from '../spec/Classifier.js';
import type { Provider, Capability } from '../spec/Provider.js';
import type { ToolRun } from '../runs/ToolRun.js';

/**
 * What dispatch looks up, on every call, in the container it serves: the container's
 * `ProviderLookup` answers it. An interface here, so dispatch (and the engine) know no tokens.
 */
export interface Services {
  /**
   * The provider that answers `modelName`'s `capability` call in `scope`: a stand-in when one takes
   * it, else the one bound for that model (`model:<name>`), then the model's provider; undefined
   * when none is.
   */
  provider(modelName: string, providerName: string, capability: Capability, scope: string): Provider | undefined;
  /** Which of `names` have a provider bound. */
  bound(names: Iterable<string>): string[];
  /**
   * The classifier of chain link `link` for a call in `scope`: link 0 is the one bound at
   * `Tokens.Classifier` (`K0005` when there is none), link n the config's `classifier.fallback[n - 1]`;
   * a stand-in first when one takes the call.
   */
  classifier(link: number, scope: string): Classifier;
  /** How many links the classifier chain has: 1 + the config's fallbacks. */
  readonly classifierLinks: number;
  /** What stands in front of tool `name`'s own `run` for a call in `scope`: undefined when nothing does. */
  toolRun(name: string, scope: string): ToolRun | undefined;
}

import type { Classifier } from '../spec/Classifier.js';
import type { Provider, Capability } from '../spec/Provider.js';
import type { ToolRun } from '../runs/ToolRun.js';

/** What dispatch looks up on every call; an interface, so dispatch and the engine know no tokens. */
export interface Services {
  /** The provider of a call in `scope`: a stand-in, else `model:<name>`'s binding, else the model's provider. */
  provider(modelName: string, providerName: string, capability: Capability, scope: string): Provider | undefined;
  /** Which of `names` have a provider bound. */
  bound(names: Iterable<string>): string[];
  /**
   * The classifier of link `link` (0 `Tokens.Classifier`, `K0005` when unbound; n `classifier.fallback[n - 1]`), a
   * stand-in first.
   */
  classifier(link: number, scope: string): Classifier;
  /** How many links the classifier chain has: 1 + the config's fallbacks. */
  readonly classifierLinks: number;
  /** What stands in front of tool `name`'s own `run` for a call in `scope`: undefined when nothing does. */
  toolRun(name: string, scope: string): ToolRun | undefined;
}

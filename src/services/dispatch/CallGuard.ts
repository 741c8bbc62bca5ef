import type { Classifier } from '../spec/Classifier.js';
import type { Provider } from '../spec/Provider.js';

/**
 * What stands between a call and a real adapter. The engine asks it before every attempt; a test
 * app binds one at `Tokens.RealCallGuard` (`RealCallGuard` in `standin/testing`), and the
 * process-wide switch (`guardRealCalls()`, `STANDIN_REAL_CALLS=refuse`) answers for the rest.
 */
export interface CallGuard {
  /** Throws (`E0008`) when `provider` is a real adapter this guard does not let `modelName` reach from `scope`. */
  check(provider: Provider, providerName: string, modelName: string, scope?: string): void;
  /** Throws (`K0006`) when `classifier` is a real classifier this guard does not let through from `scope`. */
  checkClassifier(classifier: Classifier, scope?: string): void;
}

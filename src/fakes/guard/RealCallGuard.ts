import { StandinError } from '../../errors/StandinError.js';
import type { Classifier } from '../../services/spec/Classifier.js';
import type { Provider } from '../../services/spec/Provider.js';
import type { CallGuard } from '../../services/dispatch/CallGuard.js';

/**
 * Blocks calls that would reach a real provider adapter (one marked `real: true`). Test apps
 * and test containers bind one at `Tokens.RealCallGuard`; fakes and in-memory providers pass.
 *
 * @example
 * ```ts
 * container.get(Tokens.RealCallGuard).allow('openai'); // this test may call OpenAI for real
 * ```
 */
export class RealCallGuard implements CallGuard {
  #allowed: true | Set<string> = new Set();
  /** Allows real calls to the named providers, or to every provider when none is named. */
  allow(...providers: string[]): void {
    if (providers.length === 0) this.#allowed = true;
    else if (this.#allowed !== true) for (const name of providers) this.#allowed.add(name);
  }

  /** Throws `E0008` when `provider` is a real adapter that this guard does not allow. */
  check(provider: Provider, providerName: string, modelName: string): void {
    if (provider.real !== true || this.#allowed === true || this.#allowed.has(providerName)) return;
    throw new StandinError(
      'E0008',
      `Model '${modelName}' would call the real '${providerName}' provider, and test apps call no real AI. Fake it ` +
        `with app.fake('${modelName}', answers), or allow it explicitly with app.allowRealCalls('${providerName}').`,
    );
  }

  /** Throws `K0006` when `classifier` is a real classifier (`real: true`) that this guard does not allow. */
  checkClassifier(classifier: Classifier): void {
    if (classifier.real !== true) return;
    const name = classifier.provider ?? 'classifier';
    if (this.#allowed === true || this.#allowed.has(name)) return;
    throw new StandinError(
      'K0006',
      `classify would call the real '${name}' classifier, and test apps call no real AI. Fake it with ` +
        `app.fakeClassifier(script), or allow it explicitly with app.allowRealCalls('${name}').`,
    );
  }
}

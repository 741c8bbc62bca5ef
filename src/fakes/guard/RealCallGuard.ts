import { StandinError } from '../../errors/StandinError.js';
import type { Classifier } from '../../services/spec/Classifier.js';
import type { Provider } from '../../services/spec/Provider.js';
import type { CallGuard } from '../../services/dispatch/CallGuard.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { Finding } from '../script/Finding.js';

/** How many refusals the guard keeps word for word; the rest are counted. */
const KEPT = 20;

/**
 * Blocks calls that would reach a real provider adapter (one marked `real: true`). Test apps
 * and test containers bind one at `Tokens.RealCallGuard`; fakes and in-memory providers pass.
 * Each refusal is a test author's error: the guard keeps it for `app.verify()`, which reports it
 * even when the application caught it.
 *
 * @example
 * ```ts
 * container.get(Tokens.RealCallGuard).allow('openai'); // this test may call OpenAI for real
 * ```
 */
export class RealCallGuard implements CallGuard {
  #allowed: true | Set<string> = new Set();
  readonly #refused: Finding[] = [];
  #uncounted = 0;

  /** Allows real calls to the named providers, or to every provider when none is named. */
  allow(...providers: string[]): void {
    if (providers.length === 0) this.#allowed = true;
    else if (this.#allowed !== true) for (const name of providers) this.#allowed.add(name);
  }

  /** Throws `E0008` when `provider` is a real adapter that this guard does not allow. */
  check(provider: Provider, providerName: string, modelName: string, scope?: string): void {
    if (provider.real !== true || this.#allowed === true || this.#allowed.has(providerName)) return;
    throw this.#refuse(
      new StandinError(
        'E0008',
        `Model '${modelName}' would call the real '${providerName}' provider, and test apps call no real AI. Fake it ` +
          `with app.fake('${modelName}', answers), or allow it explicitly with app.allowRealCalls('${providerName}').`,
      ),
      scope,
    );
  }

  /** Throws `K0006` when `classifier` is a real classifier (`real: true`) that this guard does not allow. */
  checkClassifier(classifier: Classifier, scope?: string): void {
    if (classifier.real !== true) return;
    const name = classifier.provider ?? 'classifier';
    if (this.#allowed === true || this.#allowed.has(name)) return;
    throw this.#refuse(
      new StandinError(
        'K0006',
        `classify would call the real '${name}' classifier, and test apps call no real AI. Fake it with ` +
          `app.fakeClassifier(script), or allow it explicitly with app.allowRealCalls('${name}').`,
      ),
      scope,
    );
  }

  /** The calls it refused, oldest first, each in the scope it was made in; past the first 20, a line counting the rest. */
  findings(): readonly Finding[] {
    if (this.#uncounted === 0) return [...this.#refused];
    const last = this.#refused.at(-1)!;
    return [
      ...this.#refused,
      { scope: last.scope, code: last.code, line: `and ${this.#uncounted} more refused calls` },
    ];
  }

  /** Forgets the calls it refused, so the next test starts clean; what it allows stays. */
  forget(): void {
    this.#refused.length = 0;
    this.#uncounted = 0;
  }

  #refuse(error: StandinError, scope: string | undefined): StandinError {
    // The line goes after its code, as every finding's does.
    const line = error.message.slice(`${error.code}: `.length);
    if (this.#refused.length < KEPT) this.#refused.push({ scope: scope ?? DEFAULT_SCOPE, code: error.code, line });
    else this.#uncounted++;
    return error;
  }
}

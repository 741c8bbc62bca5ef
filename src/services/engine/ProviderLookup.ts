import type { Bind, BindingIdentifier, Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';
import { StandinError } from '../../errors/StandinError.js';
import type { ClassificationAdapter } from '../classification/ClassificationAdapter.js';
import type { Provider } from '../providers/Provider.js';

/**
 * Finds the provider serving a model: a binding for that one model (`model:<name>`) first, then
 * the binding of the model's provider name. Looked up on every call, so a rebinding made while
 * the container lives (a fake in a test) is seen by the very next call.
 *
 * Real adapters bound from the config step aside for any other provider bound under their
 * name — by {@link use}, by a module's `bind`, or later on the container — so overriding one
 * never makes two bindings compete.
 */
export class ProviderLookup {
  readonly #container: Container;
  readonly #bound = new Map<string, BindingIdentifier>();
  /** True while a real adapter's binding asks whether another binding serves its name. */
  #asking = false;

  constructor(container: Container) {
    this.#container = container;
  }

  /** The provider for `modelName`, or undefined when neither binding exists. */
  find(modelName: string, providerName: string): Provider | undefined {
    return (
      this.#container.get(Tokens.Provider, { name: `model:${modelName}`, optional: true }) ??
      this.#container.get(Tokens.Provider, { name: providerName, optional: true })
    );
  }

  /**
   * Binds `provider` under `name` (a provider name, or `model:<name>` for one model), replacing
   * the provider this lookup bound under that name before — a real adapter included. Other
   * names are untouched.
   */
  use(name: string, provider: Provider): void {
    const previous = this.#bound.get(name);
    if (previous !== undefined) this.#container.unbind(previous);
    this.#bound.set(name, this.#container.bind(Tokens.Provider).toConstantValue(provider).whenNamed(name).getIdentifier());
  }

  /**
   * Binds a real adapter under provider `name` with `bind` (a module's): it serves the name
   * while no other provider is bound there, and steps aside (without being unbound) when one is.
   */
  bindReal(bind: Bind, name: string, provider: Provider): void {
    const identifier = bind(Tokens.Provider)
      .toConstantValue(provider)
      .when((request) => request.name === name && !this.#overridden(() => this.#container.isBound(Tokens.Provider, { name })))
      .getIdentifier();
    this.#bound.set(name, identifier);
  }

  /**
   * Binds the classifier the config names at `Tokens.Classifier` with `bind` (a module's), made
   * by `make` on first use: it serves while no other classifier is bound there, and steps aside
   * (without being unbound) when one is — an application module's own binding, say.
   */
  bindRealClassifier(bind: Bind, make: () => ClassificationAdapter): void {
    bind(Tokens.Classifier)
      .toDynamicValue(make)
      .inSingletonScope()
      .when(() => !this.#overridden(() => this.#container.isBound(Tokens.Classifier)));
  }

  /** Which of `names` have a provider bound. */
  bound(names: Iterable<string>): string[] {
    return [...new Set(names)].filter((name) => this.#container.isBound(Tokens.Provider, { name }));
  }

  /**
   * The classifier bound at `Tokens.Classifier`, looked up on every call so a rebinding is seen
   * at once. Throws `K0005` when none is bound, or when the binding cannot be resolved.
   */
  classifier(): ClassificationAdapter {
    let found: ClassificationAdapter | undefined;
    try {
      found = this.#container.get(Tokens.Classifier, { optional: true });
    } catch (error) {
      throw new StandinError(
        'K0005',
        `The classifier bound at Tokens.Classifier cannot be resolved: ${(error as Error).message.split('\n')[0]} Bind exactly one: container.rebind(Tokens.Classifier).toConstantValue(classifier).`,
        { cause: error },
      );
    }
    if (found === undefined) {
      throw new StandinError(
        'K0005',
        "No classifier is bound at Tokens.Classifier, so classify has nothing to call. In a test, call app.fakeClassifier(script) (from standin/testing); in production, name one in the config (classifier: { provider: 'typesafe' }) or bind one: container.bind(Tokens.Classifier).toConstantValue(classifier).",
      );
    }
    return found;
  }

  /** Whether a binding other than a real one serves what `bound` asks about: the real ones say no while asked. */
  #overridden(bound: () => boolean): boolean {
    if (this.#asking) return true;
    this.#asking = true;
    try {
      return bound();
    } finally {
      this.#asking = false;
    }
  }
}

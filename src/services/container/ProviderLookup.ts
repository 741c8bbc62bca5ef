import type { Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';
import { StandinError } from '../../errors/StandinError.js';
import type { ClassificationAdapter } from '../spec/ClassificationAdapter.js';
import type { Services } from '../dispatch/Services.js';
import type { Provider } from '../spec/Provider.js';
import { assertAlive } from '../app/disposed.js';

/**
 * Finds the services a call needs in its container, on every call, so a service put in place
 * by `standIn` (a fake in a test) is seen by the very next call.
 */
export class ProviderLookup implements Services {
  readonly #container: Container;
  readonly #fallbacks: readonly (() => ClassificationAdapter)[];
  /** The lookup options per model name (`model:<name>`) and per provider name, made once each. */
  readonly #models = new Map<string, Lookup>();
  readonly #providers = new Map<string, Lookup>();

  /** `fallbacks` is how many classifiers the config's `classifier.fallback` names, bound at `Tokens.FallbackClassifier` by index. */
  constructor(container: Container, fallbacks = 0) {
    this.#container = container;
    this.#fallbacks = Array.from({ length: fallbacks }, (_, link) => () => this.#fallback(link));
  }

  /** The provider for `modelName`: one bound for that model (`model:<name>`) first, then the model's provider; undefined when neither is. */
  provider(modelName: string, providerName: string): Provider | undefined {
    // The engine outlives its container when held on its own (app.engine, Nest's Tokens.Engine).
    assertAlive(this.#container, 'A model call');
    return this.#container.get(Tokens.Provider, named(this.#models, modelName, 'model:')) ?? this.#container.get(Tokens.Provider, named(this.#providers, providerName, ''));
  }

  /** Which of `names` have a provider bound. */
  bound(names: Iterable<string>): string[] {
    return [...new Set(names)].filter((name) => this.#container.isBound(Tokens.Provider, { name }));
  }

  /** Makers of the classifiers a classify call falls back to, in order. */
  fallbackClassifiers(): readonly (() => ClassificationAdapter)[] {
    return this.#fallbacks;
  }

  /** The fallback classifier bound for `classifier.fallback[link]`, looked up on every call so a stand-in put there is seen. */
  #fallback(link: number): ClassificationAdapter {
    try {
      return this.#container.get(Tokens.FallbackClassifier, { name: String(link) });
    } catch (error) {
      throw new StandinError(
        'K0005',
        `The fallback classifier of config.classifier.fallback[${link}] cannot be resolved: ${(error as Error).message.split('\n')[0]} Bind one: container.bind(Tokens.FallbackClassifier).toConstantValue(classifier).whenNamed('${link}').`,
        { cause: error },
      );
    }
  }

  /**
   * The classifier bound at `Tokens.Classifier`. Throws `K0005` when none is bound, or when the
   * binding cannot be resolved.
   */
  classifier(): ClassificationAdapter {
    assertAlive(this.#container, 'The classify call');
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
}

/** The options of an optional lookup of one name. */
type Lookup = { readonly name: string; readonly optional: true };

/** The options looking up `prefix` + `key`, kept in `made`: a call makes no object to look its provider up. */
function named(made: Map<string, Lookup>, key: string, prefix: string): Lookup {
  let options = made.get(key);
  if (options === undefined) {
    options = Object.freeze({ name: `${prefix}${key}`, optional: true as const });
    made.set(key, options);
  }
  return options;
}

import type { Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';
import { StandinError } from '../../errors/StandinError.js';
import type { Classifier } from '../spec/Classifier.js';
import type { Services } from '../dispatch/Services.js';
import type { Provider, Capability } from '../spec/Provider.js';
import type { StandInSeat } from '../dispatch/StandIns.js';
import type { ToolRun } from '../runs/ToolRun.js';
import { assertAlive } from '../app/disposed.js';

/**
 * Finds the services a call needs in its container, on every call, so a stand-in put on a slot or
 * a service rebound is seen by the very next call. What the container binds is the base; the
 * stand-ins in the container's seat (`Tokens.StandIns`) come before it.
 */
export class ProviderLookup implements Services {
  readonly #container: Container;
  readonly classifierLinks: number;
  /** The seat is bound with the lookup and never rebound: read once. */
  #seat: StandInSeat | undefined;
  /** Per model name: what the container binds for it, looked up afresh on every call. */
  readonly #bases = new Map<string, () => Provider | undefined>();
  readonly #classifierBases: readonly (() => Classifier | undefined)[];

  /**
   * `fallbacks` is how many classifiers the config's `classifier.fallback` names, bound at `Tokens.FallbackClassifier`
   * by index.
   */
  constructor(container: Container, fallbacks = 0) {
    this.#container = container;
    this.classifierLinks = 1 + fallbacks;
    this.#classifierBases = Array.from({ length: this.classifierLinks }, (_, link) =>
      link === 0 ? () => this.#classifier() : () => this.#fallback(link - 1),
    );
  }

  provider(modelName: string, providerName: string, capability: Capability, scope: string): Provider | undefined {
    // The engine outlives its container when held on its own (app.engine, Nest's Tokens.Engine).
    assertAlive(this.#container, 'A model call');
    const base = this.#base(modelName, providerName);
    const standIns = this.#standIns();
    return standIns === undefined ? base() : standIns.provider(modelName, capability, scope, base);
  }

  /** Which of `names` have a provider bound. */
  bound(names: Iterable<string>): string[] {
    return [...new Set(names)].filter((name) => this.#container.isBound(Tokens.Provider, { name }));
  }

  classifier(link: number, scope: string): Classifier {
    assertAlive(this.#container, 'The classify call');
    const base = this.#classifierBases[link]!;
    const standIns = this.#standIns();
    const found = standIns === undefined ? base() : standIns.classifier(link, scope, base);
    if (found !== undefined) return found;
    // Only the classifier itself can be missing: a fallback link that cannot resolve throws K0005 itself.
    throw new StandinError(
      'K0005',
      'No classifier is bound at Tokens.Classifier, so classify has nothing to call. In a test, call ' +
        'app.fakeClassifier(script) (from standin/testing); in production, name one in the config (classifier: { ' +
        "provider: 'typesafe' }) or bind one: container.bind(Tokens.Classifier).toConstantValue(classifier).",
    );
  }

  toolRun(name: string, scope: string): ToolRun | undefined {
    return this.#standIns()?.toolRun(name, scope);
  }

  #standIns() {
    this.#seat ??= this.#container.get(Tokens.StandIns);
    return this.#seat.standIns;
  }

  /** What the container binds for `modelName`: a binding for the model (`model:<name>`), else its provider's. */
  #base(modelName: string, providerName: string): () => Provider | undefined {
    let base = this.#bases.get(modelName);
    if (base === undefined) {
      const model = Object.freeze({ name: `model:${modelName}`, optional: true as const });
      const provider = Object.freeze({ name: providerName, optional: true as const });
      base = () => this.#container.get(Tokens.Provider, model) ?? this.#container.get(Tokens.Provider, provider);
      this.#bases.set(modelName, base);
    }
    return base;
  }

  /**
   * The fallback classifier bound for `classifier.fallback[link]`, looked up on every call so a binding put there is
   * seen.
   */
  #fallback(link: number): Classifier {
    try {
      return this.#container.get(Tokens.FallbackClassifier, { name: String(link) });
    } catch (error) {
      throw new StandinError(
        'K0005',
        `The fallback classifier of config.classifier.fallback[${link}] cannot be resolved: ` +
          `${(error as Error).message.split('\n')[0]} Bind one: ` +
          `container.bind(Tokens.FallbackClassifier).toConstantValue(classifier).whenNamed('${link}').`,
        { cause: error },
      );
    }
  }

  /** The classifier bound at `Tokens.Classifier`, or undefined: `K0005` when the binding cannot be resolved. */
  #classifier(): Classifier | undefined {
    try {
      return this.#container.get(Tokens.Classifier, { optional: true });
    } catch (error) {
      throw new StandinError(
        'K0005',
        `The classifier bound at Tokens.Classifier cannot be resolved: ${(error as Error).message.split('\n')[0]} ` +
          `Bind exactly one: container.rebind(Tokens.Classifier).toConstantValue(classifier).`,
        { cause: error },
      );
    }
  }
}

import type { ZodType } from 'zod';
import type { RetryConfig, RetryConfigInput, StandinConfig } from '../../config/configSchema.js';
import { CallFailed, type Attempt } from '../../errors/CallFailed.js';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { shownName } from '../../validation/readGuard.js';
import { defaultLimits } from '../providers/http/limits.js';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { abortReason, type Clock } from '../clock/Clock.js';
import type { Classifier, ClassifyContext } from '../spec/Classifier.js';
import { ClassificationAdapterError } from '../classification/ClassificationAdapterError.js';
import type { CallContext, Capability, Provider } from '../spec/Provider.js';
import type { Scopes } from '../scopes/Scopes.js';
import { retryPolicy } from './backoff.js';
import { withFallback, type FallbackSettings } from './fallback.js';
import type { Services } from './Services.js';
import type { CallGuard } from './CallGuard.js';
import { ProcessGuard } from './processGuard.js';
import type { Failure } from './retry.js';
import { neverAborted } from './untilAborted.js';

/** How one engine call asks to be dispatched. */
export interface DispatchOptions {
  readonly signal?: AbortSignal | undefined;
  readonly requestId?: string | undefined;
  readonly retry?: false | RetryConfigInput | undefined;
  /** The step's key, when the call is a step of a run. */
  readonly stepKey?: string | undefined;
  /** The cursor scope, when the caller names one: the current scope otherwise. */
  readonly scope?: string | undefined;
}

/** One call on its way: its ids, its scope and signal, and the attempts that failed so far. */
export interface Call {
  readonly requestId: string;
  readonly stepKey: string;
  /**
   * What runs once the call is over (every attempt and fallback done), when its step key is its
   * own, made here, so no later call can ask for it again; undefined otherwise.
   */
  readonly ended: (() => void)[] | undefined;
  readonly scope: string;
  readonly signal: AbortSignal;
  /** The zod shape of the typed value the call asks for, handed to providers in their context. */
  readonly output: ZodType | undefined;
  /** Every failed attempt so far, for the error that ends the call. */
  readonly failures: Attempt[];
}

const providerFailure = (error: unknown): Failure | undefined => (error instanceof ProviderFailure ? error : undefined);
// A classifier's 0 or null hint means "no hint" (ALLM's convention): the wait is backoff then.
const classifierFailure = (error: unknown): Failure | undefined =>
  error instanceof ClassificationAdapterError
    ? {
        retryable: error.retryable,
        retryAfterMs: error.retryAfterMs !== null && error.retryAfterMs > 0 ? error.retryAfterMs : undefined,
      }
    : undefined;
const always = (): boolean => true;
const whenRetryable = (failure: Failure): boolean => failure.retryable;

/**
 * Where every call of an engine goes after its request is checked: one request-id scheme, one
 * retry function ({@link retryWithBackoff}) and one fallback rule ({@link withFallback}), for
 * models and the classifier alike. A model's chain is the model and its `fallback` models, each
 * resolved to its provider when first tried; the classifier's is the classifier bound at
 * `Tokens.Classifier`, then the config's `classifier.fallback` classifiers. The real-call guard is
 * asked before every link's first attempt.
 *
 * @example
 * ```ts
 * const vector = await dispatcher.model('embedder', 'embed', {}, (provider, context) => provider.embed!(text, context));
 * ```
 */
export class Dispatcher {
  readonly #config: StandinConfig;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #scopes: Scopes;
  readonly #lookup: Services;
  readonly #guard: CallGuard;
  readonly #chains = new Map<string, readonly string[]>();
  /** Each model's target as last resolved, kept while its provider stays the one looked up. */
  readonly #targets = new Map<string, Target>();
  /** How many calls were dispatched: a request id is the engine's id and this count, cheaper than a UUID each. */
  #calls = 0;
  /** What a call's own request id and step key start with, before its count. */
  readonly #requestPrefix: string;
  readonly #stepPrefix: string;

  constructor(
    id: string,
    config: StandinConfig,
    clock: Clock,
    random: () => number,
    scopes: Scopes,
    lookup: Services,
    guard: CallGuard | undefined,
  ) {
    this.#requestPrefix = `${id}#`;
    this.#stepPrefix = `call:${id}#`;
    this.#config = config;
    this.#clock = clock;
    this.#random = random;
    this.#scopes = scopes;
    this.#lookup = lookup;
    // An app's own guard (a test app's) decides alone; else the process-wide one, its variable read now.
    this.#guard = guard ?? new ProcessGuard();
  }

  /**
   * A new call: its request id (the caller's, or the next of this engine), step key and scope.
   * A call outside a run is a step of its own, whatever request id the caller gave: only the
   * engine's own retries of it share its step key, unless the caller names a `stepKey`.
   */
  call(options: DispatchOptions, output?: ZodType): Call {
    const signal = options.signal ?? neverAborted();
    if (signal.aborted) throw abortReason(signal);
    const number = ++this.#calls;
    const requestId = options.requestId ?? this.#requestPrefix + number;
    const stepKey = options.stepKey ?? this.#stepPrefix + number;
    return {
      requestId,
      stepKey,
      ended: options.stepKey === undefined ? [] : undefined,
      scope: options.scope ?? this.#scopes.current(),
      signal,
      output,
      failures: [],
    };
  }

  /**
   * Sends `call` of `model`'s `capability` through the model's chain: `perform` is one attempt at
   * one provider. Throws `CallFailed` once every model has failed.
   */
  model<T>(
    model: string,
    capability: Capability,
    call: Call,
    retry: DispatchOptions['retry'],
    perform: (provider: Provider, context: CallContext) => Promise<T>,
  ): Promise<T> {
    const chain = this.chain(model);
    // The first model is resolved now, so a model that cannot serve the call fails before any attempt.
    let target = this.#target(chain[0]!, capability, call.scope);
    let resolved = 0;
    const policy = retryPolicy(this.#config.retry, retry);
    const ended = call.ended;
    return withFallback(
      (link, attempt) => {
        if (link !== resolved) {
          target = this.#target(chain[link]!, capability, call.scope);
          resolved = link;
        }
        return perform(target.provider, this.#context(target, call, attempt));
      },
      () =>
        this.#settings(
          call,
          policy,
          chain.length,
          always,
          (error) => this.#capped(providerFailure(error), this.#config.models[chain[resolved]!]?.provider),
          (error, link, attempt) => {
            const failure = error as ProviderFailure;
            call.failures.push({ model: chain[link]!, attempt, kind: failure.kind, message: bareMessage(failure) });
          },
          (error) => new CallFailed(model, call.failures, error as ProviderFailure),
        ),
      ended === undefined ? undefined : () => over(ended),
    );
  }

  /**
   * Sends `call` to the classifier chain: `perform` is one attempt at one classifier. A retryable
   * reason that survives its retries moves to the next classifier; the error that ends the call
   * is the last one, listing every attempt in `metadata.attempts` when more than one classifier was tried.
   */
  classifier<T>(
    call: Call,
    retry: DispatchOptions['retry'],
    perform: (classifier: Classifier, context: ClassifyContext) => Promise<T>,
  ): Promise<T> {
    const tried: { classifier: string; attempt: number; reason: string; message: string }[] = [];
    const links = this.#lookup.classifierLinks;
    let classifier = this.#classifier(0, call.scope);
    let resolved = 0;
    const policy = retryPolicy(this.#config.retry, retry);
    return withFallback(
      (link, attempt) => {
        if (link !== resolved) {
          classifier = this.#classifier(link, call.scope);
          resolved = link;
        }
        return perform(classifier, { requestId: call.requestId, stepKey: call.stepKey, scope: call.scope, attempt });
      },
      () =>
        this.#settings(
          call,
          policy,
          links,
          whenRetryable,
          (error) => this.#capped(classifierFailure(error), classifier.provider ?? undefined),
          (error, _link, attempt) => {
            const failure = error as ClassificationAdapterError;
            tried.push({
              classifier: classifier.provider ?? 'classifier',
              attempt,
              reason: failure.reason,
              message: bareMessage(failure),
            });
          },
          (error) => {
            const last = error as ClassificationAdapterError;
            if (resolved === 0) return last;
            const summary = tried.map((t) => `${t.classifier} attempt ${t.attempt}: ${t.reason}`).join('; ');
            return new ClassificationAdapterError(last.reason, {
              message: `Every classifier failed. Tried ${summary}. Last: ${bareMessage(last)}`,
              ...(last.provider === null ? {} : { provider: last.provider }),
              ...(last.status === null ? {} : { status: last.status }),
              cause: last,
              metadata: { ...last.metadata, attempts: tried },
            });
          },
        ),
    );
  }

  /** The models a call of `model` may try, in order: the model, then its fallbacks, depth first. */
  chain(model: string): readonly string[] {
    let chain = this.#chains.get(model);
    if (chain !== undefined) return chain;
    if (typeof model !== 'string' || !Object.hasOwn(this.#config.models, model)) {
      const names = Object.keys(this.#config.models);
      throw new StandinError(
        'E0001',
        `There is no model named ${shownName(model)}. Configured models: ` +
          `${names.length > 0 ? names.join(', ') : 'none'}. Call one of ` +
          `them${typeof model === 'string' ? `, or add ${shownName(model)} under config.models` : ' by its name (a string)'}.`,
      );
    }
    const order: string[] = [];
    const visit = (name: string): void => {
      if (order.includes(name)) return;
      order.push(name);
      for (const next of this.#config.models[name]?.fallback ?? []) visit(next);
    };
    visit(model);
    chain = order;
    this.#chains.set(model, chain);
    return chain;
  }

  #settings(
    call: Call,
    policy: RetryConfig,
    links: number,
    fallsBack: (failure: Failure) => boolean,
    failureOf: (error: unknown) => Failure | undefined,
    onFailure: FallbackSettings['onFailure'],
    exhausted: FallbackSettings['exhausted'],
  ): FallbackSettings {
    return {
      policy,
      clock: this.#clock,
      random: this.#random,
      signal: call.signal,
      links,
      fallsBack,
      failureOf,
      onFailure,
      exhausted,
    };
  }

  /**
   * A provider's or classifier's own `retryAfterMs` is a hint as a `retry-after` header is: one
   * past its provider's `maxRetryAfterMs` (default 60 s) is dropped, and the usual backoff waits instead.
   */
  #capped(failure: Failure | undefined, provider: string | undefined): Failure | undefined {
    if (failure?.retryAfterMs === undefined || failure.retryAfterMs === null) return failure;
    const configured =
      provider !== undefined && Object.hasOwn(this.#config.providers, provider)
        ? this.#config.providers[provider]!.maxRetryAfterMs
        : undefined;
    const max = configured ?? defaultLimits.maxRetryAfterMs;
    return failure.retryAfterMs <= max ? failure : { retryable: failure.retryable, retryAfterMs: undefined };
  }

  #target(name: string, capability: Capability, scope: string): Target {
    const config = this.#config.models[name]!;
    const provider = this.#lookup.provider(name, config.provider, capability, scope);
    if (provider === undefined) {
      const candidates = [
        ...Object.values(this.#config.models).map((m) => m.provider),
        ...Object.keys(this.#config.providers),
      ];
      const bound = this.#lookup.bound(candidates);
      throw new StandinError(
        'E0002',
        `Model '${name}' uses provider '${config.provider}', and no provider of that name is bound. Bound providers: ` +
          `${bound.length > 0 ? bound.join(', ') : 'none'}. Fix config.models.${name}.provider, or bind one: ` +
          `container.bind(Tokens.Provider).toConstantValue(provider).whenNamed('${config.provider}').`,
      );
    }
    if (capability !== 'reply' && typeof provider[capability] !== 'function') {
      throw new StandinError(
        'E0004',
        `Model '${name}' (provider '${config.provider}') cannot ${capability}: its provider offers no ${capability}. ` +
          `Call a model whose provider offers ${capability}.`,
      );
    }
    this.#guard.check(provider, config.provider, name);
    // The same provider as last time gives the same target: the config does not change.
    const known = this.#targets.get(name);
    if (known?.provider === provider) return known;
    const target = {
      provider,
      modelName: name,
      providerName: config.provider,
      model: config.model,
      apiKey: this.#config.providers[config.provider]?.apiKey,
    };
    this.#targets.set(name, target);
    return target;
  }

  #context(target: Target, call: Call, attempt: number): CallContext {
    const context: { -readonly [K in keyof CallContext]: CallContext[K] } = {
      modelName: target.modelName,
      model: target.model,
      provider: target.providerName,
      apiKey: target.apiKey,
      signal: call.signal,
      requestId: call.requestId,
      scope: call.scope,
      stepKey: call.stepKey,
      attempt,
      output: call.output,
    };
    const ended = call.ended;
    if (ended !== undefined) context.onEnd = (fn) => void ended.push(fn);
    return context;
  }

  #classifier(link: number, scope: string): Classifier {
    const classifier = this.#lookup.classifier(link, scope);
    if (typeof classifier !== 'object' || classifier === null || typeof classifier.classify !== 'function') {
      throw new StandinError(
        'K0007',
        `The value bound at Tokens.Classifier is not a classifier: it has no classify(request, opts) method. Bind a ` +
          `Classifier, such as new FakeClassifier().`,
      );
    }
    this.#guard.checkClassifier(classifier);
    return classifier;
  }
}

/** Runs what waited for a call's end; one that throws does not stop the others or change the call's outcome. */
function over(hooks: readonly (() => void)[]): void {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // A hook only frees memory: its failure is no failure of the call.
    }
  }
}

/** A model resolved to the provider that serves it. */
interface Target {
  readonly provider: Provider;
  readonly modelName: string;
  readonly providerName: string;
  readonly model: string;
  readonly apiKey: string | undefined;
}

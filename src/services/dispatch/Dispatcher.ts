import type { ZodType } from 'zod';
import type { RetryConfig, StandinConfig } from '../../config/configSchema.js';
import { CallFailed } from '../../errors/CallFailed.js';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { defaultLimits } from '../providers/http/limits.js';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { abortReason, type Clock } from '../clock/Clock.js';
import type { Classifier, ClassifyContext } from '../spec/Classifier.js';
import type { ClassificationAdapterError } from '../classification/ClassificationAdapterError.js';
import type { CallContext, Capability, Provider } from '../spec/Provider.js';
import type { Scopes } from '../scopes/Scopes.js';
import { retryPolicy } from './backoff.js';
import { fallBackAfter, withFallback, type FallbackSettings } from './fallback.js';
import type { Services } from './Services.js';
import type { CallGuard } from './CallGuard.js';
import { ProcessGuard } from './processGuard.js';
import type { Failure } from './retry.js';
import { neverAborted } from './untilAborted.js';
import type { Call, DispatchOptions } from './Call.js';
import { callContext, Targets, type Target } from './Targets.js';
import { classifierFailure, everyClassifierFailed, type ClassifierTry } from './classifierFailures.js';
import { modelChain } from './modelChain.js';

export type { Call, DispatchOptions } from './Call.js';

const providerFailure = (error: unknown): Failure | undefined => (error instanceof ProviderFailure ? error : undefined);
const always = (): boolean => true;
const whenRetryable = (failure: Failure): boolean => failure.retryable;

/**
 * Where every call goes once checked: one request-id scheme, one retry function ({@link retryWithBackoff}) and one
 * fallback rule ({@link withFallback}) for models and the classifier alike. Each link resolves its provider when first
 * tried, and the real-call guard is asked before its first attempt.
 */
export class Dispatcher {
  readonly #config: StandinConfig;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #scopes: Scopes;
  readonly #lookup: Services;
  readonly #guard: CallGuard;
  readonly #chains = new Map<string, readonly string[]>();
  /** The models resolved to their providers. */
  readonly #targets: Targets;
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
    this.#targets = new Targets(config, lookup, this.#guard);
  }

  /**
   * A new call. A call outside a run is a step of its own whatever request id it has: only the engine's retries share
   * its step key, unless the caller names a `stepKey`.
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
      failures: undefined,
    };
  }

  /**
   * Sends `call` through the model's chain, `perform` being one attempt; `CallFailed` once every model failed. The
   * first attempt is made here, and the retry and fallback machinery built only once it failed.
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
    const target = this.#targets.resolve(chain[0]!, capability, call.scope);
    const ended = call.ended;
    let first: Promise<T>;
    try {
      first = perform(target.provider, callContext(target, call, 1));
    } catch (error) {
      first = Promise.reject(error as Error);
    }
    return first.then(ended === undefined ? undefined : (value) => (over(ended), value), (error: unknown) =>
      this.#fallBack(model, capability, call, retry, perform, target, error),
    );
  }

  /** The rest of {@link model}'s chain once its first attempt failed with `error`. */
  #fallBack<T>(
    model: string,
    capability: Capability,
    call: Call,
    retry: DispatchOptions['retry'],
    perform: (provider: Provider, context: CallContext) => Promise<T>,
    first: Target,
    error: unknown,
  ): Promise<T> {
    const chain = this.chain(model);
    let target = first;
    let resolved = 0;
    const policy = retryPolicy(this.#config.retry, retry);
    const ended = call.ended;
    return fallBackAfter(
      (link, attempt) => {
        if (link !== resolved) {
          target = this.#targets.resolve(chain[link]!, capability, call.scope);
          resolved = link;
        }
        return perform(target.provider, callContext(target, call, attempt));
      },
      this.#settings(
        call,
        policy,
        chain.length,
        always,
        (failed) => this.#capped(providerFailure(failed), this.#config.models[chain[resolved]!]?.provider),
        (failed, link, attempt) => {
          const failure = failed as ProviderFailure;
          (call.failures ??= []).push({
            model: chain[link]!,
            attempt,
            kind: failure.kind,
            message: bareMessage(failure),
          });
        },
        (failed) => new CallFailed(model, call.failures ?? [], failed as ProviderFailure),
      ),
      error,
      ended === undefined ? undefined : () => over(ended),
    );
  }

  /** Sends `call` through the classifier chain; the last error ends it, with every attempt in `metadata.attempts`. */
  classifier<T>(
    call: Call,
    retry: DispatchOptions['retry'],
    perform: (classifier: Classifier, context: ClassifyContext) => Promise<T>,
  ): Promise<T> {
    const tried: ClassifierTry[] = [];
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
            return everyClassifierFailed(tried, last);
          },
        ),
    );
  }

  /** The models a call of `model` may try, in order: the model, then its fallbacks, depth first. */
  chain(model: string): readonly string[] {
    let chain = this.#chains.get(model);
    if (chain !== undefined) return chain;
    chain = modelChain(this.#config.models, model);
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
   * A `retryAfterMs` past its provider's `maxRetryAfterMs` is dropped, as a `retry-after` header is, and backoff waits.
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

  #classifier(link: number, scope: string): Classifier {
    const classifier = this.#lookup.classifier(link, scope);
    if (typeof classifier !== 'object' || classifier === null || typeof classifier.classify !== 'function') {
      throw new StandinError(
        'K0007',
        `The value bound at Tokens.Classifier is not a classifier: it has no classify(request, opts) method. Bind a ` +
          `Classifier, such as new FakeClassifier().`,
      );
    }
    this.#guard.checkClassifier(classifier, scope);
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

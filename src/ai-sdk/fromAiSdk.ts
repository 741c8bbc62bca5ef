import { NoSuchModelError, type LanguageModelV4, type ProviderV4 } from '@ai-sdk/provider';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { StandinError } from '../errors/StandinError.js';
import { abortReason } from '../services/clock/Clock.js';
import { untilAborted } from '../services/dispatch/untilAborted.js';
import { plainCapabilities, serve } from '../services/capabilities/capabilities.js';
import type { PlainCapability } from '../services/spec/CapabilitySpec.js';
import { aiSdkCapabilities, type AiSdkCall, type AiSdkCapability } from './aiSdkCapabilities.js';
import { Deadline } from './Deadline.js';
import { DecisionModelClassifier, type AiSdkDecisionModel } from './fromDecisionModel.js';
import type { Classifier } from '../services/spec/Classifier.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../services/spec/Provider.js';
import { readModelStream } from './readModelStream.js';
import { toCallOptions } from './toCallOptions.js';
import { toProviderFailure } from './toProviderFailure.js';

// A provider whose methods may be undefined is taken too: the AI SDK's `MockProviderV4` declares
// them so, which `ProviderV4` does not accept under `exactOptionalPropertyTypes`.
/** What `fromAiSdk` adapts: an AI SDK provider (v4, callable or not), or one AI SDK language model. */
export type AiSdkSource =
  | ProviderV4
  | { readonly [K in keyof ProviderV4]?: ProviderV4[K] | undefined }
  | ((modelId: string) => LanguageModelV4)
  | LanguageModelV4;

/** How `fromAiSdk` adapts its source. */
export interface FromAiSdkSettings {
  /**
   * Whether the calls reach a real service, so test apps block them until
   * `app.allowRealCalls(name)`. Left out: true, unless the source is one of the AI SDK's mocks
   * (`MockLanguageModelV4`, `MockProviderV4`, any class whose name starts with `Mock`).
   */
  readonly real?: boolean | undefined;
  /**
   * The API key the AI SDK provider was made with. standin cannot read it from the provider, and a server may echo it
   * in an error: it is taken out of every failure message (as is the key the config names for the provider).
   */
  readonly apiKey?: string | undefined;
  /**
   * The most time one reply may take, in ms, its whole stream included: past it the call is aborted and fails as a
   * `timeout` (retried, then falling back). 600000 (10 minutes) when left out, as for standin's own adapters.
   */
  readonly timeoutMs?: number | undefined;
}

/** The deadline of a reply when the settings name none. */
const DEFAULT_TIMEOUT_MS = 600_000;

/**
 * Any AI SDK provider as a standin `Provider`: `reply` streams through the provider's language model for the call's
 * model id, and the provider's other models serve the other capabilities where it has them, as {@link
 * aiSdkCapabilities} maps them (embedding models serve `embed`, transcription `hear`, speech `speak`, reranking
 * `rank`). Its failures become `ProviderFailure`s ({@link toProviderFailure}), so standin's engine retries them on its
 * clock and falls back as for its own adapters. Given one language model (such as a `MockLanguageModelV4`), every model
 * id is served by it, and only `reply` is offered. Given an AI SDK decision model (`doDecide`) or evaluation model
 * (`doEvaluate`), such as `Experimental_DecisionMockModelV4`, it answers as a standin classifier instead: bind that at
 * `Tokens.Classifier`, and `app.classify` asks it the same questions.
 *
 * Bind it under the provider name the config's models use: in a container module
 * (`bind(Tokens.Provider).toConstantValue(fromAiSdk(google)).whenNamed('google')`), on a built app with
 * `standIn(app.container, Tokens.Provider, fromAiSdk(google), 'google')`, or through `createEngine({ models, makers: {
 * providers: () => ({ google: fromAiSdk(google) }) } })`.
 *
 * @throws {StandinError} `A0005` when `source` is neither an AI SDK provider nor a language model.
 * @example
 * ```ts
 * import { createGoogleGenerativeAI } from '@ai-sdk/google';
 * const app = createApp(
 *   { models: { writer: { provider: 'google', model: 'gemini-2.5-flash' } } },
 *   new ContainerModule(({ bind }) => { bind(Tokens.Provider).toConstantValue(fromAiSdk(createGoogleGenerativeAI({ apiKey }))).whenNamed('google'); }),
 * );
 * ```
 */
export function fromAiSdk(source: AiSdkDecisionModel, settings?: FromAiSdkSettings): Classifier;
export function fromAiSdk(source: AiSdkSource, settings?: FromAiSdkSettings): Provider;
export function fromAiSdk(
  source: AiSdkSource | AiSdkDecisionModel,
  settings: FromAiSdkSettings = {},
): Provider | Classifier {
  const timeoutMs = readTimeout(settings);
  // A decision (or evaluation) model answers typed questions: it is a classifier, not a provider.
  if (isDecisionModel(source)) {
    const mock = (source as object).constructor.name.includes('Mock');
    return new DecisionModelClassifier(source, { real: settings.real ?? !mock, timeoutMs, apiKey: settings.apiKey });
  }
  const single = isLanguageModel(source) ? source : undefined;
  const provider = single === undefined ? asProvider(source) : undefined;
  const real = settings.real ?? !isMock(source);
  const models = new Map<string, LanguageModelV4>();
  const language = (id: string): LanguageModelV4 => {
    if (single !== undefined) return single;
    let model = models.get(id);
    if (model === undefined) {
      model =
        typeof provider!.languageModel === 'function'
          ? provider!.languageModel(id)
          : (provider as unknown as (id: string) => LanguageModelV4)(id);
      if (!isLanguageModel(model)) throw notSource(`its language model '${id}'`, model);
      models.set(id, model);
    }
    return model;
  };
  const other = (mapping: AiSdkCapability<PlainCapability, unknown>, context: CallContext): unknown => {
    const make = (provider as unknown as Record<string, ((id: string) => unknown) | undefined>)[mapping.maker]!;
    try {
      return make.call(provider, context.model);
    } catch (error) {
      if (!NoSuchModelError.isInstance(error)) throw error;
      throw new StandinError(
        'A0003',
        `Provider '${context.provider}' (an AI SDK provider) has no ${mapping.kind} model '${context.model}', so ` +
          `model '${context.modelName}' cannot be called for that. Call a model whose provider has one.`,
      );
    }
  };
  // Once the caller aborted, the abort's reason is the outcome, whatever the AI SDK made of it
  // (a body cut mid-stream comes back as an APICallError of a 200).
  const fail = (context: CallContext) => (error: unknown) =>
    context.signal.aborted
      ? abortReason(context.signal)
      : toProviderFailure(error, context.provider, Date.now(), [settings.apiKey, context.apiKey], context.attempt);
  const guard = async <T>(context: CallContext, run: () => PromiseLike<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw fail(context)(error);
    }
  };
  const adapted: { -readonly [K in keyof Provider]: Provider[K] } = {
    real,
    async *reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
      const model = language(context.model);
      const deadline = new Deadline(context.signal, timeoutMs);
      try {
        const { stream } = await guard(context, () =>
          untilAborted(
            Promise.resolve(model.doStream(toCallOptions(request, { ...context, signal: deadline.signal }))),
            deadline.signal,
          ),
        );
        yield* readModelStream(stream, request.output !== undefined, context.provider, fail(context), deadline.signal);
      } catch (error) {
        if (deadline.passed)
          throw new ProviderFailure(
            'timeout',
            `${context.provider}: no complete answer within ${timeoutMs} ms (fromAiSdk's timeoutMs).`,
            { provider: context.provider },
          );
        // A stream can also fail by erroring, not only by an error part.
        throw fail(context)(error);
      } finally {
        deadline.clear();
      }
    },
  };
  const offered = adapted as { -readonly [N in PlainCapability]?: Provider[N] };
  for (const name of plainCapabilities) {
    const mapping = aiSdkCapabilities[name] as AiSdkCapability<PlainCapability, unknown> | undefined;
    if (mapping === undefined || !has(provider, mapping.maker)) continue;
    offered[name] = serve(name, (args, context) => {
      const call: AiSdkCall = { guard: (run) => guard(context, run), broken: (what) => broken(context, what) };
      return mapping.run(other(mapping, context), args as never, context, call) as never;
    }) as never;
  }
  return adapted;
}

function readTimeout(settings: FromAiSdkSettings): number {
  if (typeof settings !== 'object' || settings === null)
    throw new StandinError(
      'A0008',
      `fromAiSdk(source, settings): settings must be an object { real?, apiKey?, timeoutMs? }, got ` +
        `${settings === null ? 'null' : typeof settings}.`,
    );
  const value = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
    throw new StandinError(
      'A0008',
      `fromAiSdk(source, settings): settings.timeoutMs must be a whole number of milliseconds from 1 to 2147483647, ` +
        `got ${String(value)}.`,
    );
  }
  return value;
}

function isDecisionModel(value: unknown): value is AiSdkDecisionModel {
  const model = value as Partial<Record<'doDecide' | 'doEvaluate' | 'specificationVersion', unknown>> | null;
  return (
    typeof model === 'object' &&
    model !== null &&
    model.specificationVersion === 'v4' &&
    (typeof model.doDecide === 'function' || typeof model.doEvaluate === 'function')
  );
}

function isLanguageModel(value: unknown): value is LanguageModelV4 {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as LanguageModelV4).specificationVersion === 'v4' &&
    typeof (value as LanguageModelV4).doStream === 'function'
  );
}

function asProvider(source: unknown): ProviderV4 {
  const callable = typeof source === 'function';
  if (
    callable ||
    (typeof source === 'object' && source !== null && typeof (source as ProviderV4).languageModel === 'function')
  )
    return source as ProviderV4;
  throw notSource('it', source);
}

function has(provider: ProviderV4 | undefined, method: string): boolean {
  return provider !== undefined && typeof (provider as unknown as Record<string, unknown>)[method] === 'function';
}

function isMock(source: unknown): boolean {
  const name = (source as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name.startsWith('Mock');
}

function notSource(what: string, value: unknown): StandinError {
  const shown =
    value === null
      ? 'null'
      : typeof value === 'object'
        ? `an object (${
            Object.keys(value as object)
              .slice(0, 5)
              .join(', ') || 'no keys'
          })`
        : typeof value;
  return new StandinError(
    'A0005',
    `fromAiSdk: ${what} is neither an AI SDK provider (v4) nor an AI SDK language model (v4): got ${shown}. Pass a ` +
      `provider such as createOpenAI({ apiKey }), or a language model such as new MockLanguageModelV4({ ... }).`,
  );
}

function broken(context: CallContext, what: string): StandinError {
  return new StandinError(
    'A0004',
    `Provider '${context.provider}' (an AI SDK provider) broke its specification for model '${context.modelName}': ` +
      `${what}.`,
  );
}

import { randomUUID } from 'node:crypto';
import type { StandinConfig } from '../../config/configSchema.js';
import { CallFailed } from '../../errors/CallFailed.js';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import type { CapabilitySpec } from '../spec/CapabilitySpec.js';
import { capabilities } from '../capabilities/capabilities.js';
import type { Clock } from '../clock/Clock.js';
import type { ClassificationQuestion } from '../classification/ClassificationQuestion.js';
import type { ClassificationRequest, ClassificationState } from '../classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../classification/ClassificationResponse.js';
import type { ClassifyCallControl, ClassifyOptions } from '../classification/ClassifyOptions.js';
import { classifyCall } from '../classification/classifyCall.js';
import { Dispatcher, type DispatchOptions } from '../dispatch/Dispatcher.js';
import type { Services } from '../dispatch/Services.js';
import type { CallGuard } from '../dispatch/CallGuard.js';
import { abortGate, untilAborted } from '../dispatch/untilAborted.js';
import type { HearInput, Message, ReplyPart } from '../spec/Provider.js';
import { wholeReplyOf } from '../providers/wholeReply.js';
import { readGuard } from '../../validation/readGuard.js';
import { checkOptions, prepareReply, type PreparedReply, type ReplyInput } from '../requests/prepareReply.js';
import type { Agent, RunPart, RunResult } from '../runs/Agent.js';
import type { runAgent, RunOptions, StepReplies } from '../runs/runAgent.js';
import type { Scopes } from '../scopes/Scopes.js';
import type { Reply } from './Reply.js';
import { ReplyCollector } from './ReplyCollector.js';
import { collectList, collectStream, isPartList } from './collectReply.js';

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call, its retries and its fallbacks. */
  readonly signal?: AbortSignal | undefined;
  /** The call's id, handed to the provider; one is made up when left out. It does not make two calls one step. */
  readonly requestId?: string | undefined;
  /**
   * The step this call is, for a call that repeats an earlier one (a client's retry): a faked
   * model gives a step that asks again the answer it got before. Left out, the call is a step of its own.
   */
  readonly stepKey?: string | undefined;
  /** `false` for one attempt per model, or fields of the retry policy to change for this call. */
  readonly retry?: DispatchOptions['retry'];
}

/**
 * The one chokepoint every call passes through, real or fake: a facade over request preparation
 * (`requests/`), dispatch (`dispatch/`: the model's chain, retries on the Clock, fallback, the
 * real-call guard), the capabilities (`capabilities/`), the agent loop (`runs/`) and
 * classification. One per container (`Tokens.Engine`).
 *
 * @example
 * ```ts
 * const engine = createContainer(config).get(Tokens.Engine);
 * const reply = await engine.reply('writer', { messages: 'Hello' });
 * ```
 */
export class Engine {
  /** The engine's id: the cursor key the scripted classifier sees. Stable for the ' +
    'engine's life, distinct between engines. */
  readonly id: string = randomUUID();
  readonly #scopes: Scopes;
  readonly #dispatch: Dispatcher;

  readonly #strictTools: boolean;

  /**
   * `settings.strictTools`: whether a tool error fails a run (`R0004`), as in test containers, or goes back to the
   * model.
   */
  constructor(
    config: StandinConfig,
    clock: Clock,
    random: () => number,
    scopes: Scopes,
    lookup: Services,
    guard: CallGuard | undefined,
    settings: { readonly strictTools: boolean } = { strictTools: false },
  ) {
    this.#scopes = scopes;
    this.#dispatch = new Dispatcher(this.id, config, clock, random, scopes, lookup, guard);
    this.#strictTools = settings.strictTools;
  }

  /** Runs `fn` inside cursor scope `id`; see {@link Scopes.run}. */
  scope<T>(id: string, fn: () => T): T {
    return this.#scopes.run(id, fn);
  }

  /** Asks `model` for a reply and collects it: text, tool calls, typed value, reasoning, units. */
  reply<O = unknown>(model: string, input: ReplyInput<O>, options?: CallOptions): Promise<Reply<O>> {
    // Not async, so the call's own promise is handed on; whatever is thrown before it exists rejects instead.
    try {
      return this.#collect(
        model,
        readGuard('app.reply(model, request)', () => prepareReply(input)),
        readGuard('app.reply options', () => checkOptions(options)),
      ) as Promise<Reply<O>>;
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Asks `model` for a reply and hands its parts on as they arrive. A failure before the first
   * part is retried and falls back like any call; after it, it ends the call as `CallFailed`.
   * The generator's return value is the collected reply.
   */
  async *stream<O = unknown>(
    model: string,
    input: ReplyInput<O>,
    options?: CallOptions,
  ): AsyncGenerator<ReplyPart, Reply<O>, undefined> {
    return (yield* this.#stream(
      model,
      readGuard('app.stream(model, request)', () => prepareReply(input)),
      readGuard('app.stream options', () => checkOptions(options)),
    )) as Reply<O>;
  }

  /** A vector for `text`. */
  async embed(model: string, text: string, options?: CallOptions): Promise<readonly number[]> {
    return this.#plain(capabilities.embed, model, [text], options);
  }

  /** The text spoken in `input.audio`. */
  async hear(model: string, input: HearInput, options?: CallOptions): Promise<{ readonly text: string }> {
    return this.#plain(capabilities.hear, model, [input], options);
  }

  /** The bytes of `text`, spoken. */
  async speak(model: string, text: string, options?: CallOptions): Promise<Uint8Array> {
    return this.#plain(capabilities.speak, model, [text], options);
  }

  /** A relevance score for each of `texts` against `query`, in the texts' order. */
  async rank(
    model: string,
    query: string,
    texts: readonly string[],
    options?: CallOptions,
  ): Promise<readonly number[]> {
    return this.#plain(capabilities.rank, model, [query, texts], options);
  }

  /** The output of a model called with a plain input. */
  async call(model: string, input: unknown, options?: CallOptions): Promise<unknown> {
    return this.#plain(capabilities.call, model, [input], options);
  }

  /** Runs an agent to its end: steps of `reply`, with the tools each step asks for, until a text or a typed value. */
  async run<O = unknown>(
    agent: Agent<O>,
    input: string | readonly Message[],
    options: RunOptions = {},
  ): Promise<RunResult<O>> {
    const run = runLazily(agent, input, options, false, this.#steps);
    let next = await run.next();
    while (!next.done) next = await run.next();
    return next.value;
  }

  /** Runs an agent and hands on its parts as they arrive, ending with `{ type: 'done', result }`. */
  streamRun<O = unknown>(
    agent: Agent<O>,
    input: string | readonly Message[],
    options: RunOptions = {},
  ): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
    return runLazily(agent, input, options, true, this.#steps);
  }

  /**
   * Asks the classifier typed questions about a state, through the same dispatch as every call:
   * the request is validated first (`K0003`); the classifier bound at `Tokens.Classifier` is
   * looked up per call (`K0005` when none is bound) and passed the real-call guard; a
   * `rate_limited`, `provider_unavailable`, `timeout` or `network_error` rejection is retried
   * through the Clock, then handed to the config's fallback classifiers; any other
   * `ClassificationAdapterError` ends the call. A `ClassificationRequest` in the state's place is sent as it is.
   */
  classify(request: ClassificationRequest, options?: ClassifyCallControl): Promise<ClassificationResponse>;
  classify(
    state: ClassificationState,
    questions: Readonly<Record<string, ClassificationQuestion>>,
    options?: ClassifyOptions,
  ): Promise<ClassificationResponse>;
  async classify(first: unknown, second?: unknown, third?: unknown): Promise<ClassificationResponse> {
    return classifyCall(this.#dispatch, this.id, [first, second, third]);
  }

  /** How a run's steps reply: collected, or streamed. */
  readonly #steps: StepReplies = {
    collect: (model, prepared, options) => this.#collect(model, prepared, options),
    stream: (model, prepared, options) => this.#stream(model, prepared, options),
    strictTools: () => this.#strictTools,
  };

  /**
   * One plain capability's call: the arguments checked, one attempt per provider through dispatch, the result checked.
   */
  async #plain<A extends readonly unknown[], R>(
    spec: CapabilitySpec<A, R>,
    model: string,
    args: A,
    options: CallOptions | undefined,
  ): Promise<R> {
    readGuard(`app.${spec.name} input`, () => spec.check(args));
    const call = this.#dispatch.call(readGuard(`app.${spec.name} options`, () => checkOptions(options)));
    return this.#dispatch.model(model, spec.name, call, options?.retry, async (provider, context) => {
      const result = await untilAborted(spec.invoke(provider, args, context), context.signal);
      const problem = spec.problem(result, args);
      if (problem !== undefined) {
        throw new StandinError(
          'E0007',
          `Provider '${context.provider}' broke the provider contract: ${spec.name} for model '${context.modelName}' ` +
            `should answer ${problem}.`,
        );
      }
      return result;
    });
  }

  /**
   * A reply, collected whole within each attempt: a failure anywhere in it is retried and falls
   * back. A provider that knows its replies whole (a faked model) hands every part at once when
   * nothing can abort the call, and each is checked as a streamed part would be.
   */
  #collect(model: string, prepared: PreparedReply, options: DispatchOptions): Promise<Reply> {
    const call = this.#dispatch.call(options, prepared.output);
    return this.#dispatch.model(model, 'reply', call, options.retry, (provider, context) => {
      const request = { ...prepared.request, model: context.model };
      const whole = wholeReplyOf(provider);
      if (whole === undefined) return collectStream(provider.reply(request, context), context, prepared.output);
      const gate = abortGate(context.signal);
      return gate
        .race(whole(request, context))
        .then((parts) =>
          isPartList(parts)
            ? collectList(parts, context, prepared.output)
            : collectStream(parts, context, prepared.output),
        )
        .finally(() => gate.close());
    });
  }

  /**
   * A reply handed on part by part: an attempt is the provider's stream up to its first part, so
   * what fails before any part is handed on is retried and falls back; what fails after is not.
   */
  async *#stream(
    model: string,
    prepared: PreparedReply,
    options: DispatchOptions,
  ): AsyncGenerator<ReplyPart, Reply, undefined> {
    const call = this.#dispatch.call(options, prepared.output);
    const opened = await this.#dispatch.model(model, 'reply', call, options.retry, async (provider, context) => {
      const collector = new ReplyCollector(context.provider, prepared.output);
      const iterator = provider.reply({ ...prepared.request, model: context.model }, context)[Symbol.asyncIterator]();
      const gate = abortGate(context.signal);
      try {
        const first = await gate.race(iterator.next());
        if (!first.done) collector.add(first.value);
        return { iterator, collector, context, first, gate };
      } catch (error) {
        gate.close();
        void iterator.return?.()?.catch(() => undefined);
        throw error;
      }
    });
    const { iterator, collector, context, gate } = opened;
    let next = opened.first;
    let done = false;
    try {
      while (!next.done) {
        yield next.value;
        next = await gate.race(iterator.next());
        if (!next.done) collector.add(next.value);
      }
      done = true;
      return collector.finish(context.modelName);
    } catch (error) {
      if (!(error instanceof ProviderFailure) || call.signal.aborted) throw error;
      call.failures.push({
        model: context.modelName,
        attempt: context.attempt,
        kind: error.kind,
        message: bareMessage(error),
      });
      throw new CallFailed(
        model,
        call.failures,
        error,
        ' Parts had already been handed to the caller, so it was neither retried nor given to a fallback.',
      );
    } finally {
      gate.close();
      // Stops a provider stream the loop left early (abort, broken part, a consumer that broke off).
      if (!done) void iterator.return?.()?.catch(() => undefined);
    }
  }
}

/** `runAgent`, loaded with the first run: a program that never runs an agent never reads the agent loop. */
async function* runLazily<O>(
  ...args: Parameters<typeof runAgent<O>>
): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
  const { runAgent } = await import('../runs/runAgent.js');
  return yield* runAgent(...args);
}

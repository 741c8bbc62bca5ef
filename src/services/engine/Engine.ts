import { randomUUID } from 'node:crypto';
import type { StandinConfig } from '../../config/configSchema.js';
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
import type { GeneratedImage, HearInput, ImageOptions, Message, ReplyPart } from '../spec/Provider.js';
import { readGuard } from '../../validation/readGuard.js';
import { checkOptions, prepareReply, type ReplyInput } from '../requests/prepareReply.js';

/** What a token count is asked of: a reply's input without its settings. */
export type CountInput = Pick<ReplyInput, 'messages' | 'instructions' | 'tools' | 'output'>;
import type { Agent, RunPart, RunResult } from '../runs/Agent.js';
import type { runAgent, RunOptions, StepReplies } from '../runs/runAgent.js';
import type { Scopes } from '../scopes/Scopes.js';
import type { Reply } from './Reply.js';
import { callPlain } from './callPlain.js';
import { collectReply } from './collectReply.js';
import { streamReply } from './streamReply.js';

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
 * The one chokepoint every call passes through, real or fake: a facade over request preparation (`requests/`), dispatch
 * (`dispatch/`: the model's chain, retries on the Clock, fallback, the real-call guard), the capabilities
 * (`capabilities/`), the agent loop (`runs/`) and classification. One per container (`Tokens.Engine`).
 *
 * @example
 * ```ts
 * const engine = createContainer(config).get(Tokens.Engine);
 * const reply = await engine.reply('writer', { messages: 'Hello' });
 * ```
 */
export class Engine {
  /**
   * The engine's id: the cursor key the scripted classifier sees. Stable for the engine's life, distinct between
   * engines.
   */
  readonly id: string = randomUUID();
  readonly #scopes: Scopes;
  readonly #dispatch: Dispatcher;
  readonly #lookup: Services;

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
    this.#lookup = lookup;
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
      return collectReply(
        this.#dispatch,
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
    return (yield* streamReply(
      this.#dispatch,
      model,
      readGuard('app.stream(model, request)', () => prepareReply(input)),
      readGuard('app.stream options', () => checkOptions(options)),
    )) as Reply<O>;
  }

  /** A vector for `text`. */
  async embed(model: string, text: string, options?: CallOptions): Promise<readonly number[]> {
    return callPlain(this.#dispatch, capabilities.embed, model, [text], options);
  }

  /** The text spoken in `input.audio`. */
  async hear(model: string, input: HearInput, options?: CallOptions): Promise<{ readonly text: string }> {
    return callPlain(this.#dispatch, capabilities.hear, model, [input], options);
  }

  /** The bytes of `text`, spoken. */
  async speak(model: string, text: string, options?: CallOptions): Promise<Uint8Array> {
    return callPlain(this.#dispatch, capabilities.speak, model, [text], options);
  }

  /** A relevance score for each of `texts` against `query`, in the texts' order. */
  async rank(
    model: string,
    query: string,
    texts: readonly string[],
    options?: CallOptions,
  ): Promise<readonly number[]> {
    return callPlain(this.#dispatch, capabilities.rank, model, [query, texts], options);
  }

  /** Images made from `prompt`: `options.count` of them (one when left out), of its `size` and `format`. */
  async image(
    model: string,
    prompt: string,
    options?: ImageOptions,
    call?: CallOptions,
  ): Promise<readonly GeneratedImage[]> {
    return callPlain(this.#dispatch, capabilities.image, model, [prompt, options ?? {}], call);
  }

  /** The output of a model called with a plain input. */
  async call(model: string, input: unknown, options?: CallOptions): Promise<unknown> {
    return callPlain(this.#dispatch, capabilities.call, model, [input], options);
  }

  /** The input tokens `input` would use as a reply's request to `model`. */
  async countTokens(model: string, input: CountInput, options?: CallOptions): Promise<number> {
    const { request } = readGuard('app.countTokens(model, request)', () => prepareReply(input));
    return callPlain(this.#dispatch, capabilities.countTokens, model, [request], options);
  }

  /** Runs an agent to its end: steps of `reply`, with the tools each step asks for, until a text or a typed value. */
  async run<O = unknown>(
    agent: Agent<O>,
    input: string | readonly Message[],
    options: RunOptions = {},
  ): Promise<RunResult<O>> {
    // The loop itself once loaded: a generator delegating to it would cost each run a promise per step more.
    const loop = loadedRun ?? (await loadRun());
    const run = loop(agent, input, options, false, this.#steps);
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
   * Asks the classifier typed questions about a state, through the same dispatch as every call: the request is
   * validated first (`K0003`); the classifier bound at `Tokens.Classifier` is looked up per call (`K0005` when none is
   * bound) and passed the real-call guard; a `rate_limited`, `provider_unavailable`, `timeout` or `network_error`
   * rejection is retried through the Clock, then handed to the config's fallback classifiers; any other
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
    collect: (model, prepared, options) => collectReply(this.#dispatch, model, prepared, options),
    stream: (model, prepared, options) => streamReply(this.#dispatch, model, prepared, options),
    strictTools: () => this.#strictTools,
    toolRun: (name) => this.#lookup.toolRun(name, this.#scopes.current()),
  };
}

let loadedRun: typeof runAgent | undefined;

/**
 * `runAgent`, loaded with the first run: a program that never runs an agent never reads the agent
 * loop, and later runs take it without awaiting an import again.
 */
async function* runLazily<O>(
  ...args: Parameters<typeof runAgent<O>>
): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
  return yield* (loadedRun ?? (await loadRun()))(...args);
}

async function loadRun(): Promise<typeof runAgent> {
  loadedRun ??= (await import('../runs/runAgent.js')).runAgent;
  return loadedRun;
}

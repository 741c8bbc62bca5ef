import { randomUUID } from 'node:crypto';
import { inject, injectable, optional } from 'inversify';
import { z } from 'zod';
import type { RetryConfig, RetryConfigInput, StandinConfig } from '../../config/configSchema.js';
import { CallFailed, type Attempt as FailedAttempt } from '../../errors/CallFailed.js';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError } from '../../errors/StandinError.js';
import { InternalTokens } from '../../tokens/internal.js';
import { Tokens } from '../../tokens/Tokens.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { abortReason, type Clock } from '../clock/Clock.js';
import type { ClassificationAdapter, ClassifyCallOptions } from '../classification/ClassificationAdapter.js';
import { ClassificationAdapterError } from '../classification/ClassificationAdapterError.js';
import type { ClassificationQuestion } from '../classification/ClassificationQuestion.js';
import type { ClassificationRequest, ClassificationState } from '../classification/ClassificationRequest.js';
import { ClassificationResponse, trustedResponse } from '../classification/ClassificationResponse.js';
import { classifyArguments, type ClassifyCallControl, type ClassifyOptions } from '../classification/ClassifyOptions.js';
import { describeProblems } from '../classification/describeProblems.js';
import { validateClassificationRequest } from '../classification/validateClassificationRequest.js';
import type {
  CallContext,
  Capability,
  HearInput,
  JsonSchema,
  Message,
  OutputSpec,
  Provider,
  ReplyPart,
  ReplyRequest,
  ToolCall,
  ToolResult,
  ToolSpec,
} from '../providers/Provider.js';
import type { Agent, RunPart, RunResult, Step } from '../runs/Agent.js';
import type { Tool } from '../runs/tool.js';
import type { CallSettings } from '../requests/CallSettings.js';
import { checkSettings } from '../requests/settingsSchema.js';
import type { Scopes } from '../scopes/Scopes.js';
import type { ProviderLookup } from './ProviderLookup.js';
import type { RealCallGuard } from './RealCallGuard.js';
import type { Reply } from './Reply.js';
import { ReplyCollector } from './ReplyCollector.js';
import { backoffDelay, retryPolicy } from './backoff.js';
import {
  agentSchema,
  callOptionsSchema,
  expectedFields,
  hearInputSchema,
  conversationSchema,
  replyInputSchema,
} from './requestSchemas.js';

/**
 * What a caller asks a model: instructions, the conversation (a string is one user message),
 * the tools it may ask for, and the shape of the typed value it should give.
 */
export interface ReplyInput<O = unknown> {
  readonly instructions?: string | undefined;
  readonly messages: string | readonly Message[];
  readonly tools?: Readonly<Record<string, Tool>> | undefined;
  readonly output?: z.ZodType<O> | undefined;
  /** Sampling, length, stop, tool-choice and seed settings, and options for one provider. */
  readonly settings?: CallSettings | undefined;
}

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the call, its retries and its fallbacks. */
  readonly signal?: AbortSignal | undefined;
  /** The call's id, handed to the provider; one is made up when left out. */
  readonly requestId?: string | undefined;
  /** `false` for one attempt per model, or fields of the retry policy to change for this call. */
  readonly retry?: false | RetryConfigInput | undefined;
}

/** Options a run takes. */
export interface RunOptions extends Omit<CallOptions, 'requestId'> {
  /** The run's id: give the id of an earlier run to run it again with the same step keys. */
  readonly runId?: string | undefined;
}

interface DispatchOptions extends CallOptions {
  readonly stepKey?: string;
}

interface PreparedReply {
  readonly request: Omit<ReplyRequest, 'model'>;
  readonly output: z.ZodType | undefined;
}

/** Where one call stands on its way through its models and their attempts. */
interface Route {
  readonly model: string;
  readonly capability: Capability;
  readonly chain: readonly string[];
  readonly policy: RetryConfig;
  readonly signal: AbortSignal;
  readonly scope: string;
  readonly requestId: string;
  readonly stepKey: string;
  readonly failures: FailedAttempt[];
  /** The last failure, whose `retryAfterMs` the next wait honours. */
  last: ProviderFailure | undefined;
  /** The model of the chain being tried, by index. */
  link: number;
  /** The attempt at that model, from 1. */
  attempt: number;
  provider: Provider;
  context: CallContext;
}

/**
 * The one chokepoint every call passes through, real or fake: it resolves a model to its
 * provider, validates the request with zod, hands the provider the cursor key and scope,
 * retries retryable failures through the Clock, falls back along the model's fallback list,
 * collects streamed parts, validates typed values, runs agents and sums their units.
 * One per container (`Tokens.Engine`).
 *
 * @example
 * ```ts
 * const engine = createContainer(config).get(Tokens.Engine);
 * const reply = await engine.reply('writer', { messages: 'Hello' });
 * ```
 */
@injectable()
export class Engine {
  /** The engine's id: the cursor key scripted fakes see. Stable for the engine's life, distinct between engines. */
  readonly id: string = randomUUID();
  readonly #config: StandinConfig;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #scopes: Scopes;
  readonly #providers: ProviderLookup;
  readonly #guard: RealCallGuard | undefined;
  readonly #never: AbortSignal = new AbortController().signal;
  readonly #chains = new Map<string, readonly string[]>();
  readonly #jsonSchemas = new WeakMap<z.ZodType, JsonSchema>();
  /** How many calls this engine has made: request ids are the engine's id and this count, cheaper than a UUID each. */
  #calls = 0;

  constructor(
    @inject(Tokens.Config) config: StandinConfig,
    @inject(Tokens.Clock) clock: Clock,
    @inject(Tokens.Random) random: () => number,
    @inject(Tokens.Scopes) scopes: Scopes,
    @inject(InternalTokens.ProviderLookup) providers: ProviderLookup,
    @inject(Tokens.RealCallGuard) @optional() guard: RealCallGuard | undefined,
  ) {
    this.#config = config;
    this.#clock = clock;
    this.#random = random;
    this.#scopes = scopes;
    this.#providers = providers;
    this.#guard = guard;
  }

  /** Runs `fn` inside cursor scope `id`; see {@link Scopes.run}. */
  scope<T>(id: string, fn: () => T): T {
    return this.#scopes.run(id, fn);
  }

  /** Asks `model` for a reply and collects it: text, tool calls, typed value, reasoning, units. */
  async reply<O = unknown>(model: string, input: ReplyInput<O>, options: CallOptions = {}): Promise<Reply<O>> {
    const prepared = this.#prepare(input);
    return drain(this.#replyParts(model, prepared, this.#options(options), false)) as Promise<Reply<O>>;
  }

  /**
   * Asks `model` for a reply and hands its parts on as they arrive. A failure before the first
   * part is retried and falls back like any call; after it, it is thrown as it is.
   * The generator's return value is the collected reply.
   */
  async *stream<O = unknown>(model: string, input: ReplyInput<O>, options: CallOptions = {}): AsyncGenerator<ReplyPart, Reply<O>, undefined> {
    const prepared = this.#prepare(input);
    return (yield* this.#replyParts(model, prepared, this.#options(options), true)) as Reply<O>;
  }

  /** A vector for `text`. */
  async embed(model: string, text: string, options: CallOptions = {}): Promise<readonly number[]> {
    this.#expect(typeof text === 'string', 'text', 'a string', text);
    return this.#perform(model, 'embed', this.#options(options), async (provider, context) =>
      vector(await provider.embed!(text, context), context),
    );
  }

  /** The text spoken in `input.audio`. */
  async hear(model: string, input: HearInput, options: CallOptions = {}): Promise<{ readonly text: string }> {
    const parsed = hearInputSchema.safeParse(input);
    if (!parsed.success) throw invalid('input', input, parsed.error.issues);
    return this.#perform(model, 'hear', this.#options(options), async (provider, context) => {
      const heard = await provider.hear!(input, context);
      if (typeof heard?.text !== 'string') broken(context, 'hear', 'an object { text: string }');
      return heard;
    });
  }

  /** The bytes of `text`, spoken. */
  async speak(model: string, text: string, options: CallOptions = {}): Promise<Uint8Array> {
    this.#expect(typeof text === 'string' && text.length > 0, 'text', 'a non-empty string', text);
    return this.#perform(model, 'speak', this.#options(options), async (provider, context) => {
      const audio = await provider.speak!(text, context);
      if (!(audio instanceof Uint8Array)) broken(context, 'speak', 'the audio as a Uint8Array');
      return audio;
    });
  }

  /** A relevance score for each of `texts` against `query`, in the texts' order. */
  async rank(model: string, query: string, texts: readonly string[], options: CallOptions = {}): Promise<readonly number[]> {
    this.#expect(typeof query === 'string', 'query', 'a string', query);
    this.#expect(Array.isArray(texts) && texts.every((t) => typeof t === 'string'), 'texts', 'a list of strings', texts);
    return this.#perform(model, 'rank', this.#options(options), async (provider, context) => {
      const scores = await provider.rank!(query, texts, context);
      if (!Array.isArray(scores) || scores.length !== texts.length || !scores.every(Number.isFinite)) {
        broken(context, 'rank', `one finite score per text (${texts.length})`);
      }
      return scores;
    });
  }

  /** The output of a model called with a plain input. */
  async call(model: string, input: unknown, options: CallOptions = {}): Promise<unknown> {
    return this.#perform(model, 'call', this.#options(options), (provider, context) => provider.call!(input, context));
  }

  /** Runs an agent to its end: steps of `reply`, with the tools each step asks for, until a text or a typed value. */
  async run<O = unknown>(agent: Agent<O>, input: string | readonly Message[], options: RunOptions = {}): Promise<RunResult<O>> {
    return drain(this.#run(agent, input, options, false));
  }

  /** Runs an agent and hands on its parts as they arrive, ending with `{ type: 'done', result }`. */
  streamRun<O = unknown>(agent: Agent<O>, input: string | readonly Message[], options: RunOptions = {}): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
    return this.#run(agent, input, options, true);
  }

  // ---- validation --------------------------------------------------------------------------

  #options(options: CallOptions | RunOptions): DispatchOptions {
    if (isEmpty(options)) return {};
    const parsed = callOptionsSchema.safeParse(options);
    if (!parsed.success) throw invalid('options', options, parsed.error.issues);
    return options as DispatchOptions;
  }

  #expect(ok: boolean, field: string, expected: string, value: unknown): void {
    if (!ok) throw new StandinError('E0003', `${field}: expected ${expected}, got ${typeName(value)}.`);
  }

  #prepare(input: ReplyInput): PreparedReply {
    const parsed = replyInputSchema.safeParse(input);
    if (!parsed.success) throw invalid('request', input, parsed.error.issues);
    const request: { -readonly [K in keyof ReplyRequest]?: ReplyRequest[K] } = {
      messages: typeof input.messages === 'string' ? [{ role: 'user', content: input.messages }] : input.messages,
    };
    if (input.instructions !== undefined) request.instructions = input.instructions;
    if (input.tools !== undefined) request.tools = this.#toolSpecs(input.tools);
    if (input.output !== undefined) request.output = this.#outputSpec(input.output);
    if (input.settings !== undefined) request.settings = checkSettings(input.settings, input.tools);
    return { request: request as Omit<ReplyRequest, 'model'>, output: input.output };
  }

  #jsonSchema(schema: z.ZodType, what: string): JsonSchema {
    let json = this.#jsonSchemas.get(schema);
    if (json === undefined) {
      try {
        const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', override: closeObjects });
        json = rest;
      } catch (error) {
        throw new StandinError('E0003', `${what} cannot be written as JSON Schema for the provider: ${(error as Error).message}`);
      }
      this.#jsonSchemas.set(schema, json);
    }
    return json;
  }

  #toolSpecs(tools: Readonly<Record<string, Tool>>): ToolSpec[] {
    return Object.entries(tools).map(([name, t]) => {
      const spec: { name: string; input: JsonSchema; description?: string } = {
        name,
        input: this.#jsonSchema(t.input, `The input shape of tool '${name}'`),
      };
      if (t.description !== undefined) spec.description = t.description;
      return spec;
    });
  }

  #outputSpec(output: z.ZodType): OutputSpec {
    return { name: 'value', schema: this.#jsonSchema(output, 'The output shape') };
  }

  // ---- dispatch: resolution, retries, fallback -----------------------------------------------

  #chain(model: string): readonly string[] {
    let chain = this.#chains.get(model);
    if (chain !== undefined) return chain;
    if (!Object.hasOwn(this.#config.models, model)) {
      const names = Object.keys(this.#config.models);
      throw new StandinError(
        'E0001',
        `There is no model named '${String(model)}'. Configured models: ${names.length > 0 ? names.join(', ') : 'none'}. Call one of them, or add '${String(model)}' under config.models.`,
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

  #provider(name: string, capability: Capability): { provider: Provider; providerName: string; model: string } {
    const config = this.#config.models[name]!;
    const provider = this.#providers.find(name, config.provider);
    if (provider === undefined) {
      const candidates = [...Object.values(this.#config.models).map((m) => m.provider), ...Object.keys(this.#config.providers)];
      const bound = this.#providers.bound(candidates);
      throw new StandinError(
        'E0002',
        `Model '${name}' uses provider '${config.provider}', and no provider of that name is bound. Bound providers: ${bound.length > 0 ? bound.join(', ') : 'none'}. Fix config.models.${name}.provider, or bind one: container.bind(Tokens.Provider).toConstantValue(provider).whenNamed('${config.provider}').`,
      );
    }
    if (capability !== 'reply' && typeof provider[capability] !== 'function') {
      throw new StandinError(
        'E0004',
        `Model '${name}' (provider '${config.provider}') cannot ${capability}: its provider offers no ${capability}. Call a model whose provider offers ${capability}.`,
      );
    }
    this.#guard?.check(provider, config.provider, name);
    return { provider, providerName: config.provider, model: config.model };
  }

  /** The route of a call: its first attempt at the first model of its chain. */
  #route(model: string, capability: Capability, options: DispatchOptions): Route {
    const signal = options.signal ?? this.#never;
    if (signal.aborted) throw abortReason(signal);
    const scope = this.#scopes.current();
    const chain = this.#chain(model);
    const requestId = options.requestId ?? `${this.id}#${++this.#calls}`;
    const route = {
      model,
      capability,
      chain,
      policy: retryPolicy(this.#config.retry, options.retry),
      signal,
      scope,
      requestId,
      stepKey: options.stepKey ?? `call:${requestId}`,
      failures: [],
      last: undefined,
      link: 0,
      attempt: 1,
    } as Omit<Route, 'provider' | 'context'> as Route;
    this.#aim(route);
    return route;
  }

  /** Points the route at its current model and attempt: the provider, and the context it is handed. */
  #aim(route: Route): void {
    const name = route.chain[route.link]!;
    const target = this.#provider(name, route.capability);
    route.provider = target.provider;
    route.context = {
      modelName: name,
      model: target.model,
      provider: target.providerName,
      apiKey: this.#config.providers[target.providerName]?.apiKey,
      signal: route.signal,
      requestId: route.requestId,
      cursorKey: this.id,
      scope: route.scope,
      stepKey: route.stepKey,
      attempt: route.attempt,
      output: undefined,
    };
  }

  /**
   * The retry and fallback loop, one failure at a time: records why the attempt failed, then
   * waits and tries the same model again (a retryable kind, attempts left) or moves on to the next
   * model of the chain. Throws when the call must stop: an abort, an error that is no provider
   * failure, a failure after parts were handed on, or `CallFailed` once every model has failed.
   */
  async #reroute(route: Route, error: unknown, delivered = false): Promise<void> {
    if (route.signal.aborted) throw abortReason(route.signal);
    if (!(error instanceof ProviderFailure)) throw error;
    route.last = error;
    route.failures.push({ model: route.context.modelName, attempt: route.attempt, kind: error.kind, message: error.message });
    if (delivered) {
      throw new CallFailed(route.model, route.failures, error, ' Parts had already been handed to the caller, so it was neither retried nor given to a fallback.');
    }
    if (error.retryable && route.attempt < route.policy.attempts) {
      await this.#clock.sleep(backoffDelay(route.policy, route.attempt, error.retryAfterMs, this.#random), route.signal);
      route.attempt++;
    } else if (route.link + 1 < route.chain.length) {
      route.link++;
      route.attempt = 1;
    } else {
      throw new CallFailed(route.model, route.failures, error);
    }
    this.#aim(route);
  }

  async #perform<T>(model: string, capability: Capability, options: DispatchOptions, perform: (provider: Provider, context: CallContext) => Promise<T>): Promise<T> {
    const route = this.#route(model, capability, options);
    for (;;) {
      try {
        return await this.#untilAborted(perform(route.provider, route.context), route.signal);
      } catch (error) {
        await this.#reroute(route, error);
      }
    }
  }

  async *#replyParts(model: string, prepared: PreparedReply, options: DispatchOptions, live: boolean): AsyncGenerator<ReplyPart, Reply, undefined> {
    const route = this.#route(model, 'reply', options);
    for (;;) {
      const context = prepared.output === undefined ? route.context : { ...route.context, output: prepared.output };
      const collector = new ReplyCollector(context.provider, prepared.output);
      let delivered = false;
      let iterator: AsyncIterator<ReplyPart> | undefined;
      try {
        iterator = route.provider.reply({ ...prepared.request, model: context.model }, context)[Symbol.asyncIterator]();
        for (;;) {
          const next = await this.#untilAborted(iterator.next(), context.signal);
          if (next.done) break;
          collector.add(next.value);
          if (live) {
            delivered = true;
            yield next.value;
          }
        }
        iterator = undefined;
        return collector.finish(context.modelName);
      } catch (error) {
        await this.#reroute(route, error, delivered);
      } finally {
        // Stops a provider stream the loop left early (abort, broken part, a consumer that broke off).
        void iterator?.return?.()?.catch(() => undefined);
      }
    }
  }

  /** Settles as `promise` does, or rejects with the signal's reason as soon as it aborts. */
  #untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
    return signal === this.#never ? promise : untilAborted(promise, signal);
  }

  // ---- runs ----------------------------------------------------------------------------------

  async *#run<O>(agent: Agent<O>, input: string | readonly Message[], options: RunOptions, live: boolean): AsyncGenerator<RunPart<O>, RunResult<O>, undefined> {
    const parsedAgent = agentSchema.safeParse(agent);
    if (!parsedAgent.success) {
      throw new StandinError('R0002', `Invalid agent:\n${describeIssues('agent', agent, parsedAgent.error.issues, { expected: expectedFields }).join('\n')}`);
    }
    const parsedInput = conversationSchema.safeParse(input);
    if (!parsedInput.success) throw invalid('input', input, parsedInput.error.issues);
    const dispatch = this.#options(options);
    const runId = options.runId ?? randomUUID();
    const signal = options.signal ?? this.#never;
    const tools = agent.tools ?? {};
    const base: { -readonly [K in keyof ReplyRequest]?: ReplyRequest[K] } = {};
    if (agent.instructions !== undefined) base.instructions = agent.instructions;
    if (agent.tools !== undefined) base.tools = this.#toolSpecs(agent.tools);
    if (agent.output !== undefined) base.output = this.#outputSpec(agent.output);
    let messages: readonly Message[] = typeof input === 'string' ? [{ role: 'user', content: input }] : input;
    const steps: Step[] = [];
    let tokensIn = 0;
    let tokensOut = 0;
    const maxSteps = agent.maxSteps ?? 10;
    for (let index = 0; index < maxSteps; index++) {
      const key = `${runId}#${index}`;
      const request = { ...base, messages } as Omit<ReplyRequest, 'model'>;
      const parts = this.#replyParts(agent.model, { request, output: agent.output }, { ...dispatch, stepKey: key, requestId: key }, live);
      let next = await parts.next();
      while (!next.done) {
        yield { ...next.value, step: index };
        next = await parts.next();
      }
      const reply = next.value;
      tokensIn += reply.units.tokensIn;
      tokensOut += reply.units.tokensOut;
      if (reply.calls.length === 0) {
        messages = [...messages, { role: 'assistant', content: reply.text }];
        steps.push({ index, key, request, reply, results: [] });
        if (agent.output !== undefined && reply.value === undefined) {
          throw new StandinError(
            'R0003',
            `Run ${runId}: the agent asks for a typed value (output), but step ${index} of model '${reply.model}' ended with ${reply.text ? 'a text' : 'nothing'} and no value. Make the model answer with a value, or drop output from the agent.`,
          );
        }
        const result: RunResult<O> = { runId, text: reply.text, value: reply.value as O | undefined, steps, messages, units: { tokensIn, tokensOut } };
        if (live) yield { type: 'done', result };
        return result;
      }
      const results = await Promise.all(reply.calls.map((call) => this.#runTool(tools, call, { signal, runId, step: index, callId: call.id })));
      if (live) for (const result of results) yield { type: 'tool-result', step: index, result };
      const said: Message = reply.text ? { role: 'assistant', content: reply.text, calls: reply.calls } : { role: 'assistant', calls: reply.calls };
      messages = [...messages, said, { role: 'tool', results }];
      steps.push({ index, key, request, reply, results });
    }
    const lastCalls = steps.at(-1)?.reply.calls.map((c) => c.tool) ?? [];
    throw new StandinError(
      'R0001',
      `Run ${runId} passed maxSteps (${maxSteps}) without ending on ${agent.output ? 'a typed value' : 'a text'}; the last step asked for ${lastCalls.join(', ') || 'nothing'}. Raise the agent's maxSteps, or check why the model keeps asking for tools.`,
    );
  }

  async #runTool(tools: Readonly<Record<string, Tool>>, call: ToolCall, context: { signal: AbortSignal; runId: string; step: number; callId: string }): Promise<ToolResult> {
    const found = Object.hasOwn(tools, call.tool) ? tools[call.tool] : undefined;
    if (found === undefined) {
      const names = Object.keys(tools);
      return { id: call.id, tool: call.tool, error: `There is no tool named '${call.tool}'. The tools are: ${names.length > 0 ? names.join(', ') : 'none'}.` };
    }
    const parsed = found.input.safeParse(call.with);
    if (!parsed.success) {
      const lines = describeIssues('input', call.with, parsed.error.issues);
      return { id: call.id, tool: call.tool, error: `The input does not fit the tool '${call.tool}': ${lines.join(' ')}` };
    }
    try {
      const output = await found.run(parsed.data, context);
      return { id: call.id, tool: call.tool, output: output ?? null };
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      return { id: call.id, tool: call.tool, error: error instanceof Error ? error.message : String(error) };
    }
  }

  // ---- classification ------------------------------------------------------------------------

  /**
   * Asks the classifier bound at `Tokens.Classifier` typed questions about a state. The request
   * is validated first (`K0003`, every problem with its path; the classifier is not called); the
   * classifier is looked up per call (`K0005` when none is bound) and passed the real-call guard;
   * its adapter options get the engine's id as `cursorKey` and the current scope as `scope`,
   * unless the caller gave them. A `rate_limited`, `provider_unavailable`, `timeout` or
   * `network_error` rejection is retried through the Clock (its `retryAfterMs` when positive,
   * backoff otherwise); any other `ClassificationAdapterError` ends the call, and is what it
   * rejects with. A `ClassificationRequest` in the state's place is sent as it is.
   */
  classify(request: ClassificationRequest, options?: ClassifyCallControl): Promise<ClassificationResponse>;
  classify(state: ClassificationState, questions: Readonly<Record<string, ClassificationQuestion>>, options?: ClassifyOptions): Promise<ClassificationResponse>;
  async classify(first: unknown, second?: unknown, third?: unknown): Promise<ClassificationResponse> {
    const { request, control } = classifyArguments(first, second, third);
    const problems = validateClassificationRequest(request);
    if (problems.length > 0) {
      throw new StandinError('K0003', `Invalid classification request:\n${describeProblems('request', problems).join('\n')}`);
    }
    const classifier = this.#providers.classifier();
    if (typeof classifier !== 'object' || classifier === null || typeof classifier.classify !== 'function') {
      throw new StandinError('K0007', `The value bound at Tokens.Classifier is not a classifier: it has no classify(request, opts) method. Bind a ClassificationAdapter, such as new FakeClassification().`);
    }
    this.#guard?.checkClassifier(classifier);
    const requestId = control.requestId ?? randomUUID();
    const given = control.adapterOpts;
    const adapterOpts = {
      ...given,
      cursorKey: given?.cursorKey ?? this.id,
      scope: given?.scope ?? this.#scopes.current(),
    };
    const signal = control.signal ?? this.#never;
    const opts: ClassifyCallOptions = control.signal === undefined ? { requestId, adapterOpts } : { requestId, signal, adapterOpts };
    const policy = retryPolicy(this.#config.retry, control.retry);
    for (let attempt = 1; ; attempt++) {
      if (signal.aborted) throw abortReason(signal);
      let response: unknown;
      try {
        response = await this.#untilAborted(Promise.resolve(classifier.classify(request, opts)), signal);
      } catch (error) {
        if (signal.aborted) throw abortReason(signal);
        if (!(error instanceof ClassificationAdapterError)) throw error instanceof StandinError ? error : brokenClassifier(classifier, 'rejected with', error);
        if (!error.retryable || attempt >= policy.attempts) throw error;
        const retryAfterMs = error.retryAfterMs !== null && error.retryAfterMs > 0 ? error.retryAfterMs : undefined;
        await this.#clock.sleep(backoffDelay(policy, attempt, retryAfterMs, this.#random), signal);
        continue;
      }
      if (!(response instanceof ClassificationResponse)) throw brokenClassifier(classifier, 'resolved with', response);
      return response.requestId === null ? trustedResponse({ ...response, requestId }) : response;
    }
  }
}

/** Runs a generator to its end and answers its return value. */
async function drain<T>(generator: AsyncGenerator<unknown, T, undefined>): Promise<T> {
  let next = await generator.next();
  while (!next.done) next = await generator.next();
  return next.value;
}

/**
 * Marks objects that say nothing of extra keys as closed: zod strips extra keys anyway, and strict
 * providers (OpenAI's structured outputs) need `additionalProperties: false` on every object.
 */
function closeObjects(context: { jsonSchema: Record<string, unknown> }): void {
  const schema = context.jsonSchema;
  if (schema.type === 'object' && schema.additionalProperties === undefined) schema.additionalProperties = false;
}

function isEmpty(options: object | undefined): boolean {
  if (options === undefined || options === null) return true;
  for (const _ in options) return false;
  return true;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    // The abort wins; whatever the dropped promise settles with must not surface as unhandled.
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort!));
}

function invalid(root: string, input: unknown, issues: readonly z.core.$ZodIssue[]): StandinError {
  const lines = describeIssues(root, input, issues, { expected: expectedFields });
  return new StandinError('E0003', `Invalid ${root}:\n${lines.join('\n')}`);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`;
}

function broken(context: CallContext, capability: Capability, expected: string): never {
  throw new StandinError(
    'E0007',
    `Provider '${context.provider}' broke the provider contract: ${capability} for model '${context.modelName}' should answer ${expected}.`,
  );
}

function vector(value: readonly number[], context: CallContext): readonly number[] {
  if (!Array.isArray(value) || value.length === 0 || !value.every(Number.isFinite)) broken(context, 'embed', 'a non-empty list of finite numbers');
  return value;
}

function brokenClassifier(classifier: ClassificationAdapter, how: string, value: unknown): StandinError {
  const shown = value instanceof Error ? `${value.name}: ${value.message}` : typeName(value);
  return new StandinError(
    'K0007',
    `The classifier '${classifier.provider ?? classifier.constructor?.name ?? 'classifier'}' broke the adapter contract: classify ${how} ${shown}, where it must resolve with a ClassificationResponse or reject with a ClassificationAdapterError.`,
    { cause: value },
  );
}

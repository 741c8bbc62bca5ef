// Over 300 lines: the faked model's provider methods, answer forms (delays, times, failAfter),
// pending and verify share its private state; the pure parts live beside it (prepareAnswer,
// readAnswers, checkAnswer, summarizeAnswer). Splitting the answer forms out is the next step.
import { randomUUID } from 'node:crypto';
import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../../services/clock/Clock.js';
import { cursorSlot } from '../script/CursorSlot.js';
import type { Clock } from '../../services/clock/Clock.js';
import { SystemClock } from '../../services/clock/SystemClock.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../../services/cursors/MemoryCursorStore.js';
import type { CallContext, HearInput, Provider, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { offerWholeReply, type WholeReply } from '../../services/providers/wholeReply.js';
import { DEFAULT_SCOPE, type Scopes } from '../../services/scopes/Scopes.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { describeType } from '../../validation/formatPath.js';
import type { Answers, FakeCall } from './Answer.js';
import { capabilities } from '../../services/capabilities/capabilities.js';
import type { CapabilitySpec } from '../../services/spec/CapabilitySpec.js';
import { checkAnswer } from './checkAnswer.js';
import { estimateUnits, plainJsonLength } from './estimateUnits.js';
import { fakeChecksExpected, fakeChecksSchema, type FakeChecks } from './FakeChecks.js';
import { prepareAnswer, type PreparedAnswer } from './prepareAnswer.js';
import { readAnswers, type ReadAnswers, type RecordCall, type ReplySource } from './readAnswers.js';
import type { PendingAnswer, SentCall } from './SentCall.js';
import { sentRequest } from './sentRequest.js';
import type { SharedAnswers } from './SharedAnswers.js';
import type { SentNote } from '../shared/SharedSent.js';
import { callFailure, storeCall } from './storeCall.js';
import { checkCallInputs, toolInputs, type ToolInputs } from './toolInputs.js';
import { RaisedErrors } from '../RaisedErrors.js';
import { DEFAULT_ANSWER_TIMEOUT_MS, settleWithin } from './settleWithin.js';
import { summarizeAnswer } from './summarizeAnswer.js';
import { leastReleased, releasedWhere } from './releasedLines.js';

/**
 * How a fake is made: what it stands in for, and where it keeps its cursors.
 *
 * @example
 * ```ts
 * const fake = new FakeModel([{ text: 'Hi' }], { model: 'writer', store: container.get(Tokens.CursorStore) });
 * ```
 */
export interface FakeModelOptions {
  /**
   * The one model the fake stands in for, named in its messages (`app.fake('writer', answers)`).
   * Left out, the fake may serve several models, and keys each step by model and step.
   */
  readonly model?: string;
  /** Where its cursors live: the container's store. Left out, a `MemoryCursorStore` of its own. */
  readonly store?: CursorStore;
  /** The container's scopes, so `pending()` reads the scope it is called in. */
  readonly scopes?: Scopes;
  /** What the calls it answers will offer, so answers are checked against it now. */
  readonly checks?: FakeChecks;
  /** In a namespace: the shared script replies are answered from, in place of the fake's own list. */
  readonly shared?: SharedAnswers;
  /** Where answers' `delayMs` and `partDelayMs` sleep: the app's clock. Left out, the system clock. */
  readonly clock?: Clock;
  /** How many calls `sent` keeps, the oldest dropped first: every call when left out. */
  readonly sentLimit?: number;
  /** How long a promise a function of the fake returns may take to settle, in ms (`T0047` past it). Default 30000. */
  readonly answerTimeoutMs?: number;
  /** The one scope the fake answers in (`app.scope(id).fake`): `pending()` and `verify()` read it when given no scope. */
  readonly scope?: string;
}


/**
 * A faked model: a provider like any other, answering from a list of answers, a function of the
 * request, or a record of calls. Bound by `app.fake(model, answers)` for one model of one app, or
 * made by `fakeProvider(answers)` for a program that holds its own engine. Validation, retries,
 * fallback and the real-call guard apply to it as to any provider.
 *
 * A list's answers go out in the order calls first ask, one per step of a run or per call made
 * outside a run; a step that runs again (the same step key, as in every retry and in a run given
 * its earlier `runId`) gets the answer it got before. Cursors live in the cursor store, per
 * scope, under this fake's own identity: two scopes each start at the first answer, and two
 * fakes with equal lists never share a cursor. A fake that serves several models (one
 * `fakeProvider` under a provider name) hands a fallback model the next answer.
 *
 * @example
 * ```ts
 * const writer = app.fake('writer', [
 *   { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
 *   { text: 'Open Settings, then Password. (Help desk guide, page 2)' },
 * ]);
 * await app.run(helpdesk, 'How do I reset my password?');
 * writer.sent[0]?.call; // 'reply'
 * await writer.verify(); // throws T0014 when an answer was never asked for
 * ```
 */
export class FakeModel implements Provider {
  readonly #owner: string;
  readonly #model: string | undefined;
  readonly #store: CursorStore;
  readonly #scopes: Scopes | undefined;
  readonly #shared: SharedAnswers | undefined;
  readonly #clock: Clock;
  readonly #sentLimit: number;
  readonly #answerTimeoutMs: number;
  readonly #scope: string | undefined;
  readonly #key: string = randomUUID();
  readonly #script: string;
  readonly #read: ReadAnswers;
  /** The input shapes of the tools in the checks, for a function's answers, checked when they come. */
  #inputs: ToolInputs | undefined;
  readonly #sent: SentCall[] = [];
  #sentView: readonly SentCall[] | undefined;
  /** The test author's errors calls raised, for `verify`, even when the app caught them. */
  readonly #raised = new RaisedErrors();
  readonly #lengths = new WeakMap<object, number>();
  readonly #jsonLength = (value: unknown): number => {
    if (value === null || typeof value !== 'object') return plainJsonLength(value);
    let length = this.#lengths.get(value);
    if (length === undefined) {
      length = plainJsonLength(value);
      this.#lengths.set(value, length);
    }
    return length;
  };

  /**
   * Makes the fake and checks every answer of a list now (`T0001`-`T0005`, and `T0006`-`T0008`
   * against `checks`). Prefer `app.fake(model, answers)` or `fakeProvider(answers)`.
   */
  constructor(answers: Answers, options: FakeModelOptions = {}) {
    this.#model = options.model;
    this.#owner = options.model !== undefined ? `app.fake('${options.model}', answers)` : 'fakeProvider(answers)';
    this.#store = options.store ?? new MemoryCursorStore();
    this.#scopes = options.scopes;
    this.#shared = options.shared;
    this.#clock = options.clock ?? new SystemClock();
    this.#sentLimit = options.sentLimit ?? Infinity;
    this.#answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    this.#scope = options.scope;
    this.#read = readAnswers(answers, this.#owner);
    if (options.checks !== undefined) this.#checkNow(options.checks);
    // The shared slot rule, keyed on this fake's own id: never a handle, so the slot is the same in every scope.
    this.#script = options.shared?.script ?? cursorSlot({ kind: 'fake-model', store: this.#store, scope: DEFAULT_SCOPE, cursorKey: this.#key, script: answers }).script;
    offerWholeReply(this, (request, context) => this.#whole(request, context));
  }

  /**
   * What the fake was sent, in order: `[{ call, input }]`, one entry per attempt (a retried call
   * appears once per try), across every scope. The key and the signal are left out. The list
   * and its entries are frozen: a test reads them, and nothing it does changes them. In a Redis
   * namespace: the calls of every process of the namespace (the latest 1,000) as the last
   * `await fake.sync()` read them, then the calls this fake was sent since, each call once.
   */
  get sent(): readonly SentCall[] {
    if (this.#shared !== undefined) return this.#shared.sent;
    // A frozen copy, made again only after a new call: nothing outside can change what the fake was sent.
    return (this.#sentView ??= Object.freeze(this.#sent.length > this.#sentLimit ? this.#sent.slice(-this.#sentLimit) : this.#sent.slice()));
  }

  /**
   * In a Redis namespace, reads the calls every process of the namespace made of this fake's
   * script into `sent`; call it after the other processes' calls returned. Outside a namespace
   * `sent` is always current, and this resolves at once.
   *
   * @example
   * ```ts
   * await writer.sync();
   * writer.sent.length; // the calls of every instance
   * ```
   */
  async sync(): Promise<void> {
    await this.#shared?.sync();
  }

  reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    return this.#stream(undefined, request, context);
  }

  /**
   * A reply's parts in one list, for the engine to collect without a stream: the answer is taken
   * as `reply` takes it; one whose parts wait or fail part-way (`partDelayMs`, `failAfter`) streams
   * them after all, as does a subclass's own `reply`.
   */
  #whole(request: ReplyRequest, context: CallContext): Promise<WholeReply> {
    if (this.reply !== FakeModel.prototype.reply) {
      try {
        return Promise.resolve(this.reply(request, context));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#answer(request, context).then((prepared) => this.#partsOf(prepared, request, context));
  }

  /** A taken answer's parts, the units and the finish included; its stream when they wait or fail part-way. */
  #partsOf(prepared: PreparedAnswer, request: ReplyRequest, context: CallContext): WholeReply {
    if (prepared.failAfter !== undefined || prepared.partDelayMs > 0) return this.#stream(prepared, request, context);
    const parts = [...prepared.parts];
    if (prepared.units !== undefined) parts.push(prepared.units);
    else if (!prepared.unitsStreamed) parts.push({ type: 'units', ...estimateUnits(request, prepared.outChars, this.#jsonLength) });
    parts.push(prepared.finish);
    return parts;
  }

  /** A reply's parts, streamed: the answer `taken` already, or the one the first read takes. */
  async *#stream(taken: PreparedAnswer | undefined, request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const prepared = taken ?? (await this.#answer(request, context));
    for (const [i, part] of prepared.parts.entries()) {
      if (i === prepared.failAfter) throw this.#failure(prepared, context);
      if (i > 0 && prepared.partDelayMs > 0) await this.#clock.sleep(prepared.partDelayMs, context.signal);
      yield part;
    }
    if (prepared.failAfter === prepared.parts.length) throw this.#failure(prepared, context);
    if (prepared.units !== undefined) yield prepared.units;
    else if (!prepared.unitsStreamed) yield { type: 'units', ...estimateUnits(request, prepared.outChars, this.#jsonLength) };
    yield prepared.finish;
  }

  /** The answer a reply streams, checked; every test author's error it throws is kept for `verify`. */
  async #answer(request: ReplyRequest, context: CallContext): Promise<PreparedAnswer> {
    try {
      if (context.signal.aborted) throw abortReason(context.signal);
      const noted = this.#note({ call: 'reply', input: sentRequest(request), scope: context.scope, step: context.stepKey, attempt: context.attempt });
      const source = this.#read.reply;
      if (source === undefined) {
        if (noted !== undefined) this.#shared!.unrecorded(noted);
        this.#missing('reply', context);
      }
      let prepared: PreparedAnswer | undefined;
      // A fake serving several models keys the step by model too, so a fallback model gets the next answer.
      const step = this.#model === undefined ? `${context.modelName}\u0000${context.stepKey}` : context.stepKey;
      if (noted !== undefined) {
        prepared = await this.#shared!.take(request, context, this.#owner, noted);
      } else if (source.kind === 'list') {
        let index: number;
        try {
          index = await this.#store.stepIndex(context.scope, this.#script, step);
        } catch (error) {
          throw callFailure(error, context);
        }
        if (this.#store.forgetStep !== undefined) context.onEnd?.(() => void this.#store.forgetStep?.(context.scope, this.#script, step).catch(() => undefined));
        prepared = source.answers[index];
        if (prepared === undefined) this.#pastTheEnd(source, index, context);
      } else {
        prepared = await this.#fromFunction(source, request, context);
      }
      if (prepared.delayMs > 0) await this.#clock.sleep(prepared.delayMs, context.signal);
      if (prepared.fail !== undefined && prepared.failAfter === undefined) {
        // `times` counts the tries of this step in the store, so a client's retry over the wire counts as the engine's does.
        const tries = `${this.#script}\u0000${step}`;
        if (prepared.times !== undefined) context.onEnd?.(() => void this.#store.reset(context.scope, tries).catch(() => undefined));
        const failing = prepared.times === undefined || (await storeCall(this.#store.visit(context.scope, tries, 0), context)) <= prepared.times;
        if (failing) throw this.#failure(prepared, context);
      }
      if (prepared.hasValue || prepared.calls.length > 0) {
        const what = `the call it answers (model '${context.modelName}', step '${context.stepKey}')`;
        const tools = request.tools?.map((tool) => tool.name) ?? [];
        checkAnswer(prepared, { tools, statesShape: context.output !== undefined || request.output !== undefined, output: context.output, what }, this.#owner);
        if (prepared.index === undefined) checkCallInputs(prepared, this.#inputs, `${this.#owner} at step '${context.stepKey}'`);
      }
      return prepared;
    } catch (error) {
      this.#raised.note(error, where(context));
      throw error;
    }
  }

  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    return this.#plain(capabilities.embed, [text], context, (calls) => calls.embed!(text, info(context)));
  }

  async hear(input: HearInput, context: CallContext): Promise<{ readonly text: string }> {
    return this.#plain(capabilities.hear, [input], context, (calls) => calls.hear!(input, info(context)));
  }

  async speak(text: string, context: CallContext): Promise<Uint8Array> {
    return this.#plain(capabilities.speak, [text], context, (calls) => calls.speak!(text, info(context)));
  }

  async rank(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]> {
    return this.#plain(capabilities.rank, [query, texts], context, (calls) => calls.rank!(query, texts, info(context)));
  }

  async call(input: unknown, context: CallContext): Promise<unknown> {
    return this.#plain(capabilities.call, [input], context, (calls) => calls.call!(input, info(context)));
  }

  /**
   * The answers of the list not given yet in `scope`: the scope the caller runs in when left out
   * (the default partition outside any scope, or for a fake made alone). Empty for a fake that
   * answers replies with a function. Outside any scope, a fake the default partition never used
   * reads the released scopes (requests that named no scope): the answers one of them left.
   */
  async pending(scope?: string): Promise<readonly PendingAnswer[]> {
    const source = this.#read.reply;
    if (source?.kind !== 'list') return [];
    const named = scope ?? this.#scope ?? this.#scopes?.active;
    let at = await this.#store.peek(named ?? DEFAULT_SCOPE, this.#script);
    // Outside any scope, a fake used in released scopes only (requests without a scope header) reads them.
    if (named === undefined && at === 0) at = leastReleased(await this.#store.released?.(this.#script)) ?? 0;
    return source.answers.slice(at).map((prepared) => ({ index: prepared.index!, answer: prepared.answer }));
  }

  /**
   * Throws `T0014`, listing the answers never asked for, when any answer of the list was not
   * given: in `scope` when one is named, otherwise in every scope the fake was used in (each
   * scope replays the list from its start, so each must reach its end). A fake never called has
   * every answer unused. Scopes already released (a request's, when its response closed) count
   * by how far each went. Call it in `afterEach`, inside or outside a scope. First it throws
   * `T0046` when any call (in `scope`, or in any scope) raised a test author's error (a T-code,
   * such as `T0013`), even one the app caught and answered with a 500, naming scope, call and error.
   */
  async verify(scope?: string): Promise<void> {
    this.#raised.check('T0046', this.#owner, scope ?? this.#scope);
    const source = this.#read.reply;
    if (source?.kind !== 'list' || source.answers.length === 0) return;
    const only = scope ?? this.#scope;
    const used = only !== undefined ? [only] : await this.#store.scopesOf(this.#script);
    const released = only === undefined ? ((await this.#store.released?.(this.#script)) ?? []) : [];
    const scopes = (used.length > 0 || released.length > 0 ? used : [DEFAULT_SCOPE]).sort();
    const total = source.answers.length;
    const lines: string[] = [];
    for (const name of scopes) {
      const unused = await this.pending(name);
      if (unused.length === 0) continue;
      const where = name === DEFAULT_SCOPE ? 'the default scope' : `scope '${name}'`;
      const never = unused.length === total ? ' (the model was never asked there)' : '';
      lines.push(`In ${where}, ${unused.length} of ${total} answer${total === 1 ? '' : 's'} never asked for${never}:`);
      for (const { index, answer } of unused) lines.push(`  ${source.root}[${index}] ${summarizeAnswer(answer)}`);
    }
    // Released scopes count by how far they went; those that reached the end took every answer.
    for (const group of released) {
      if (group.at >= total) continue;
      lines.push(`In ${releasedWhere(group)}, ${total - group.at} of ${total} answer${total === 1 ? '' : 's'} never asked for:`);
      for (const prepared of source.answers.slice(group.at)) lines.push(`  ${source.root}[${prepared.index!}] ${summarizeAnswer(prepared.answer)}`);
    }
    if (lines.length === 0) return;
    throw new StandinError(
      'T0014',
      `${this.#owner}: answers were never asked for.\n${lines.join('\n')}\nRemove them, or find why the app asked the model fewer times than the test expects.`,
    );
  }

  /** Lists a call in `sent`; in a namespace, answers its note there, which the call's record settles. */
  #note(call: SentCall): SentNote | undefined {
    if (this.#shared !== undefined) return this.#shared.note(call);
    this.#sent.push(Object.freeze(call));
    this.#sentView = undefined;
    // Trimmed an eighth past the limit, not at every call: a full list costs no shift per call.
    if (this.#sent.length > this.#sentLimit + Math.max(1, this.#sentLimit >> 3)) this.#sent.splice(0, this.#sent.length - this.#sentLimit);
    return undefined;
  }

  #failure(prepared: PreparedAnswer, context: CallContext): ProviderFailure {
    const after = prepared.failAfter === undefined ? '' : ` after ${prepared.failAfter} part${prepared.failAfter === 1 ? '' : 's'}`;
    return new ProviderFailure(
      prepared.fail!,
      `${this.#owner}: ${prepared.label} fails the call${after} as a provider that is down (kind '${prepared.fail}', model '${context.modelName}', step '${context.stepKey}', attempt ${context.attempt}).`,
      { provider: context.provider, retryAfterMs: prepared.retryAfterMs },
    );
  }

  #pastTheEnd(source: Extract<ReplySource, { kind: 'list' }>, index: number, context: CallContext): never {
    const count = source.answers.length;
    const where = context.scope === DEFAULT_SCOPE ? '' : ` in scope '${context.scope}'`;
    throw new StandinError(
      'T0013',
      `${this.#owner}: model '${context.modelName}' was faked with ${count} answer${count === 1 ? '' : 's'}, and call ${index + 1} ran past them (step '${context.stepKey}'${where}). Add an answer for it, or find why the app asks the model more often than the test expects.`,
    );
  }

  async #fromFunction(source: Extract<ReplySource, { kind: 'function' }>, request: ReplyRequest, context: CallContext): Promise<PreparedAnswer> {
    const owner = `${this.#owner} at step '${context.stepKey}'`;
    let raw: unknown;
    try {
      raw = await settleWithin(source.fn(request, info(context)), context.signal, this.#answerTimeoutMs, `${source.root}(request)`, owner);
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      throw this.#threw(`${source.root}(request)`, owner, error);
    }
    return prepareAnswer(raw, { owner, label: `${source.root}(request)`, index: undefined, idPrefix: `call_m${request.messages.length}` });
  }

  /** A record call: recorded in `sent`, answered by the record's function, its result checked as the engine checks a provider's. */
  async #plain<A extends readonly unknown[], R>(spec: CapabilitySpec<A, R>, args: A, context: CallContext, run: (calls: ReadAnswers['calls']) => unknown): Promise<R> {
    try {
      return await this.#plainCall(spec, args, context, run);
    } catch (error) {
      this.#raised.note(error, where(context));
      throw error;
    }
  }

  async #plainCall<A extends readonly unknown[], R>(spec: CapabilitySpec<A, R>, args: A, context: CallContext, run: (calls: ReadAnswers['calls']) => unknown): Promise<R> {
    const noted = this.#note({ call: spec.name, input: spec.sent(args), scope: context.scope, step: context.stepKey, attempt: context.attempt } as SentCall);
    if (noted !== undefined) this.#shared!.unrecorded(noted);
    if (this.#read.calls[spec.name] === undefined) this.#missing(spec.name, context);
    let result: unknown;
    try {
      result = await settleWithin(run(this.#read.calls), context.signal, this.#answerTimeoutMs, `answers.${spec.name}`, `${this.#owner} at step '${context.stepKey}'`);
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      throw this.#threw(`answers.${spec.name}`, `${this.#owner} at step '${context.stepKey}'`, error);
    }
    const problem = spec.problem(result, args);
    if (problem !== undefined) this.#badResult(spec.name, context, result, problem);
    return result as R;
  }

  #threw(what: string, owner: string, error: unknown): unknown {
    if (error instanceof StandinError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new StandinError(
      'T0010',
      `${owner}: ${what} threw: ${message}. Fix the function; to fake a provider failure, answer { fail: 'server' } or throw a ProviderFailure.`,
      { cause: error },
    );
  }

  #missing(call: RecordCall | 'reply', context: CallContext): never {
    const model = `model '${context.modelName}'`;
    const read = this.#read;
    if (read.form !== 'record') {
      const form = read.form === 'list' ? 'a list of answers' : 'a function of the request';
      throw new StandinError(
        'T0009',
        `${this.#owner}: ${model} was faked with ${form}, which answers reply only, and the app called ${call}. Fake it with a record of calls that has ${call}: { reply: [{ text: '...' }], ${call}: ${example(call)} }.`,
      );
    }
    const has = [...(read.reply !== undefined ? ['reply'] : []), ...Object.keys(read.calls)];
    throw new StandinError(
      'T0009',
      `${this.#owner}: ${model} was faked with a record of calls without ${call} (it has ${has.length > 0 ? has.join(', ') : 'no calls'}), and the app called ${call}. Add ${call}: ${example(call)} to the record.`,
    );
  }

  #badResult(call: RecordCall, context: CallContext, got: unknown, expected: string): never {
    throw new StandinError(
      'T0011',
      `${this.#owner}: answers.${call} answered ${describeType(got)} for model '${context.modelName}' (step '${context.stepKey}'). Make it answer ${expected}.`,
    );
  }

  #checkNow(checks: FakeChecks): void {
    const owner = this.#owner.replace(/answers\)$/, 'answers, checks)');
    const parsed = fakeChecksSchema.safeParse(checks);
    if (!parsed.success) {
      const lines = describeIssues('checks', checks, parsed.error.issues, { expected: fakeChecksExpected, keys: { '': ['tools', 'output'] } });
      throw new StandinError('T0012', `${owner}: the checks are malformed:\n${lines.join('\n')}`);
    }
    const source = this.#read.reply;
    if (source?.kind !== 'list') {
      this.#inputs = toolInputs(checks.tools);
      return;
    }
    const offer = {
      tools: checks.tools !== undefined ? Object.keys(checks.tools) : undefined,
      statesShape: undefined,
      output: checks.output,
      what: 'the checks the fake was given',
    };
    this.#inputs = toolInputs(checks.tools);
    for (const prepared of source.answers) {
      checkAnswer(prepared, offer, owner);
      checkCallInputs(prepared, this.#inputs, owner);
    }
  }
}

/** An answer for a record of calls, for messages: the example the capability gives. */
function example(call: RecordCall | 'reply'): string {
  if (call === 'reply') return "[{ text: '...' }]";
  const answer = capabilities[call].answer;
  const such = answer.indexOf(', such as ');
  return such === -1 ? answer.replace(/^a function /, '') : answer.slice(such + ', such as '.length);
}

/** The call, as `verify` names it when it raised a test author's error. */
function where(context: CallContext): { scope: string; call: string } {
  return { scope: context.scope, call: `model '${context.modelName}', step '${context.stepKey}', attempt ${context.attempt}` };
}

/** What a function a fake was given learns about the call: never the key, the signal or the cursor key. */
function info(context: CallContext): FakeCall {
  return { model: context.modelName, attempt: context.attempt, step: context.stepKey, scope: context.scope };
}

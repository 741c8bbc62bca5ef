import { randomUUID } from 'node:crypto';
import { abortReason } from '../../services/clock/Clock.js';
import type { Clock } from '../../services/clock/Clock.js';
import { SystemClock } from '../../services/clock/SystemClock.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../../services/cursors/MemoryCursorStore.js';
import type { CallContext, HearInput, Provider, ReplyPart, ReplyRequest } from '../../services/providers/Provider.js';
import { offerWholeReply, type WholeReply } from '../../services/providers/wholeReply.js';
import { DEFAULT_SCOPE, type Scopes } from '../../services/scopes/Scopes.js';
import { capabilities } from '../../services/capabilities/capabilities.js';
import type { CapabilitySpec } from '../../services/capabilities/CapabilitySpec.js';
import { cursorRuns } from '../script/cursorRuns.js';
import { cursorSlot } from '../script/CursorSlot.js';
import type { Finding } from '../script/Finding.js';
import { RaisedErrors } from '../script/RaisedErrors.js';
import { SentLog } from '../script/SentLog.js';
import { takeStep } from '../script/takeStep.js';
import { scriptFindings, verifyScript, type ScriptVerdict, type UnusedReport } from '../script/verifyScript.js';
import type { SentNote } from '../shared/SharedSent.js';
import type { Answers } from './Answer.js';
import { streamedParts, streamsParts, wholeParts, type PartsOf } from './answerParts.js';
import { checkAnswer } from './checkAnswer.js';
import { checkFake } from './checkFake.js';
import type { FakeChecks } from './FakeChecks.js';
import { badResult, callInfo, callWhere, functionThrew, missingCall, pastTheEnd, providerDown } from './fakeErrors.js';
import { jsonLengths } from './jsonLengths.js';
import { prepareAnswer, type PreparedAnswer } from './prepareAnswer.js';
import { readAnswers, type ReadAnswers, type ReplySource } from './readAnswers.js';
import { leastReleased } from './releasedLines.js';
import type { PendingAnswer, SentCall } from './SentCall.js';
import { sentRequest } from './sentRequest.js';
import { DEFAULT_ANSWER_TIMEOUT_MS, settleWithin } from './settleWithin.js';
import type { SharedAnswers } from './SharedAnswers.js';
import { storeCall } from './storeCall.js';
import { checkCallInputs, type ToolInputs } from './toolInputs.js';
import { NOTHING_UNUSED, unusedAnswers } from './unusedAnswers.js';

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
  /**
   * The one scope the fake answers in (`app.scope(id).fake`): `pending()`, `verify()` and `findings()` read it
   * when given no scope.
   */
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
  readonly #answerTimeoutMs: number;
  readonly #scope: string | undefined;
  readonly #key: string = randomUUID();
  readonly #script: string;
  readonly #read: ReadAnswers;
  /** The input shapes of the tools in the checks, for a function's answers, checked when they come. */
  readonly #inputs: ToolInputs | undefined;
  readonly #sent: SentLog<SentCall>;
  /** The test author's errors calls raised, for `verify`, even when the app caught them. */
  readonly #raised = new RaisedErrors();
  readonly #jsonLength = jsonLengths();
  readonly #verdict: ScriptVerdict;

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
    this.#sent = new SentLog(options.sentLimit ?? Infinity);
    this.#answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    this.#scope = options.scope;
    this.#read = readAnswers(answers, this.#owner);
    if (options.checks !== undefined) this.#inputs = checkFake(this.#read, options.checks, this.#owner);
    // The shared slot rule, keyed on this fake's own id: never a handle, so the slot is the same in every scope.
    const own = { kind: 'fake-model', store: this.#store, scope: DEFAULT_SCOPE, cursorKey: this.#key, script: answers };
    this.#script = options.shared?.script ?? cursorSlot(own).script;
    this.#verdict = { raised: this.#raised, raisedCode: 'T0046', owner: this.#owner, unused: (only) => this.#unused(only) };
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
    return this.#shared !== undefined ? this.#shared.sent : this.#sent.calls;
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
    return this.#answer(request, context).then((prepared) => {
      const of = this.#partsOf(prepared, request, context);
      return streamsParts(prepared) ? streamedParts(prepared, of) : wholeParts(prepared, of);
    });
  }

  /** A reply's parts, streamed: the answer `taken` already, or the one the first read takes. */
  async *#stream(
    taken: PreparedAnswer | undefined,
    request: ReplyRequest,
    context: CallContext,
  ): AsyncGenerator<ReplyPart, void, undefined> {
    const prepared = taken ?? (await this.#answer(request, context));
    yield* streamedParts(prepared, this.#partsOf(prepared, request, context));
  }

  #partsOf(prepared: PreparedAnswer, request: ReplyRequest, context: CallContext): PartsOf {
    const failure = () => providerDown(this.#owner, prepared, context);
    return { request, context, clock: this.#clock, jsonLength: this.#jsonLength, failure };
  }

  /** The answer a reply streams, checked; every test author's error it throws is kept for `verify`. */
  async #answer(request: ReplyRequest, context: CallContext): Promise<PreparedAnswer> {
    try {
      if (context.signal.aborted) throw abortReason(context.signal);
      const call = { call: 'reply', input: sentRequest(request), scope: context.scope, step: context.stepKey, attempt: context.attempt };
      const noted = this.#note(call as SentCall);
      const source = this.#read.reply;
      if (source === undefined) {
        if (noted !== undefined) this.#shared!.unrecorded(noted);
        throw missingCall(this.#owner, this.#read, 'reply', context);
      }
      let prepared: PreparedAnswer | undefined;
      // A fake serving several models keys the step by model too, so a fallback model gets the next answer.
      const step = this.#model === undefined ? `${context.modelName}\u0000${context.stepKey}` : context.stepKey;
      if (noted !== undefined) {
        prepared = await this.#shared!.take(request, context, this.#owner, noted);
      } else if (source.kind === 'list') {
        const index = await storeCall(takeStep(this.#store, context.scope, this.#script, step, context.onEnd), context);
        prepared = source.answers[index];
        if (prepared === undefined) throw pastTheEnd(this.#owner, source.answers.length, index, context);
      } else {
        prepared = await this.#fromFunction(source, request, context);
      }
      if (prepared.delayMs > 0) await this.#clock.sleep(prepared.delayMs, context.signal);
      if (prepared.fail !== undefined && prepared.failAfter === undefined && (await this.#fails(prepared, step, context))) {
        throw providerDown(this.#owner, prepared, context);
      }
      if (prepared.hasValue || prepared.calls.length > 0) this.#check(prepared, request, context);
      return prepared;
    } catch (error) {
      this.#raised.note(error, callWhere(context));
      throw error;
    }
  }

  /** Whether a `fail` answer fails this try: every try, or the first `times` tries of the step. */
  async #fails(prepared: PreparedAnswer, step: string, context: CallContext): Promise<boolean> {
    if (prepared.times === undefined) return true;
    // `times` counts the tries of this step in the store, so a client's retry over the wire counts as the engine's does.
    const tries = `${this.#script}\u0000${step}`;
    context.onEnd?.(() => void this.#store.reset(context.scope, tries).catch(() => undefined));
    return (await storeCall(this.#store.visit(context.scope, tries, 0), context)) <= prepared.times;
  }

  /** Checks the value and the tool calls of an answer against the call it answers. */
  #check(prepared: PreparedAnswer, request: ReplyRequest, context: CallContext): void {
    const what = `the call it answers (model '${context.modelName}', step '${context.stepKey}')`;
    const tools = request.tools?.map((tool) => tool.name) ?? [];
    const statesShape = context.output !== undefined || request.output !== undefined;
    checkAnswer(prepared, { tools, statesShape, output: context.output, what }, this.#owner);
    if (prepared.index === undefined) checkCallInputs(prepared, this.#inputs, `${this.#owner} at step '${context.stepKey}'`);
  }

  async embed(text: string, context: CallContext): Promise<readonly number[]> {
    return this.#plain(capabilities.embed, [text], context, (calls) => calls.embed!(text, callInfo(context)));
  }

  async hear(input: HearInput, context: CallContext): Promise<{ readonly text: string }> {
    return this.#plain(capabilities.hear, [input], context, (calls) => calls.hear!(input, callInfo(context)));
  }

  async speak(text: string, context: CallContext): Promise<Uint8Array> {
    return this.#plain(capabilities.speak, [text], context, (calls) => calls.speak!(text, callInfo(context)));
  }

  async rank(query: string, texts: readonly string[], context: CallContext): Promise<readonly number[]> {
    return this.#plain(capabilities.rank, [query, texts], context, (calls) => calls.rank!(query, texts, callInfo(context)));
  }

  async call(input: unknown, context: CallContext): Promise<unknown> {
    return this.#plain(capabilities.call, [input], context, (calls) => calls.call!(input, callInfo(context)));
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
   * Everything `verify(scope)` would report, one finding per line, without throwing for it: each
   * test author's error a call raised (`T0046`), then each answer never asked for (`T0014`), in
   * `scope` or in every scope. Released scopes are named by the first of them. A store that
   * fails still rejects.
   *
   * @example
   * ```ts
   * await writer.findings(); // [{ scope: '', code: 'T0014', line: 'answers[1] { text: "b" } never asked for' }]
   * ```
   */
  findings(scope?: string): Promise<readonly Finding[]> {
    return scriptFindings(this.#verdict, scope ?? this.#scope);
  }

  /**
   * Throws `T0014`, listing the answers never asked for, when any answer of the list was not
   * given: in `scope` when one is named, otherwise in every scope the fake was used in (each
   * scope replays the list from its start, so each must reach its end). A fake never called has
   * every answer unused. Scopes already released (a request's, when its response closed) count
   * by how far each went. Call it in `afterEach`, inside or outside a scope. First it throws
   * `T0046` when any call (in `scope`, or in any scope) raised a test author's error (a T-code,
   * such as `T0013`), even one the app caught and answered with a 500, naming scope, call and error.
   * It throws for exactly what {@link findings} reports.
   */
  verify(scope?: string): Promise<void> {
    return verifyScript(this.#verdict, scope ?? this.#scope);
  }

  /**
   * Forgets what the fake was sent and the test author's errors its calls raised, so the next
   * test starts clean; its cursors live in the store, which is reset apart. In a namespace, the
   * calls this process holds are forgotten; a later `sync()` reads the namespace's record again.
   */
  forget(): void {
    this.#sent.clear();
    this.#shared?.forget();
    this.#raised.clear();
  }

  /** The answers never asked for, in `only` or in every scope the fake was used in. */
  async #unused(only: string | undefined): Promise<UnusedReport> {
    const source = this.#read.reply;
    if (source?.kind !== 'list' || source.answers.length === 0) return NOTHING_UNUSED;
    const slot = { store: this.#store, script: this.#script };
    let runs = await cursorRuns(slot, only);
    // A fake never used has every answer unused in the default scope.
    if (runs.length === 0) runs = await cursorRuns(slot, DEFAULT_SCOPE);
    const scoped = runs.filter((run) => run.released === undefined).sort((a, b) => (a.scope < b.scope ? -1 : a.scope > b.scope ? 1 : 0));
    return unusedAnswers(this.#owner, source, [...scoped, ...runs.filter((run) => run.released !== undefined)]);
  }

  /** Lists a call in `sent`; in a namespace, answers its note there, which the call's record settles. */
  #note(call: SentCall): SentNote | undefined {
    if (this.#shared !== undefined) return this.#shared.note(call);
    this.#sent.push(call);
    return undefined;
  }

  async #fromFunction(
    source: Extract<ReplySource, { kind: 'function' }>,
    request: ReplyRequest,
    context: CallContext,
  ): Promise<PreparedAnswer> {
    const owner = `${this.#owner} at step '${context.stepKey}'`;
    const label = `${source.root}(request)`;
    let raw: unknown;
    try {
      raw = await settleWithin(source.fn(request, callInfo(context)), context.signal, this.#answerTimeoutMs, label, owner);
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      throw functionThrew(label, owner, error);
    }
    return prepareAnswer(raw, { owner, label, index: undefined, idPrefix: `call_m${request.messages.length}` });
  }

  /** A record call: recorded in `sent`, answered by the record's function, its result checked as the engine checks a provider's. */
  async #plain<A extends readonly unknown[], R>(
    spec: CapabilitySpec<A, R>,
    args: A,
    context: CallContext,
    run: (calls: ReadAnswers['calls']) => unknown,
  ): Promise<R> {
    try {
      return await this.#plainCall(spec, args, context, run);
    } catch (error) {
      this.#raised.note(error, callWhere(context));
      throw error;
    }
  }

  async #plainCall<A extends readonly unknown[], R>(
    spec: CapabilitySpec<A, R>,
    args: A,
    context: CallContext,
    run: (calls: ReadAnswers['calls']) => unknown,
  ): Promise<R> {
    const call = { call: spec.name, input: spec.sent(args), scope: context.scope, step: context.stepKey, attempt: context.attempt };
    const noted = this.#note(call as SentCall);
    if (noted !== undefined) this.#shared!.unrecorded(noted);
    if (this.#read.calls[spec.name] === undefined) throw missingCall(this.#owner, this.#read, spec.name, context);
    const owner = `${this.#owner} at step '${context.stepKey}'`;
    let result: unknown;
    try {
      result = await settleWithin(run(this.#read.calls), context.signal, this.#answerTimeoutMs, `answers.${spec.name}`, owner);
    } catch (error) {
      if (context.signal.aborted) throw abortReason(context.signal);
      throw functionThrew(`answers.${spec.name}`, owner, error);
    }
    const problem = spec.problem(result, args);
    if (problem !== undefined) throw badResult(this.#owner, spec.name, context, result, problem);
    return result as R;
  }
}

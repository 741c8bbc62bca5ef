import { randomUUID } from 'node:crypto';
import { SystemClock } from '../../services/clock/SystemClock.js';
import { MemoryCursorStore } from '../../services/cursors/MemoryCursorStore.js';
import type { CallContext, Provider, ReplyPart, ReplyRequest } from '../../services/spec/Provider.js';
import { offerWholeReply, type WholeReply } from '../../services/providers/wholeReply.js';
import { DEFAULT_SCOPE, type Scopes } from '../../services/scopes/Scopes.js';
import { plainCapabilities, serve, specOf } from '../../services/capabilities/capabilities.js';
import type { CapabilitySpec, PlainCapability } from '../../services/spec/CapabilitySpec.js';
import { cursorSlot } from '../script/CursorSlot.js';
import type { Finding } from '../script/Finding.js';
import { mergeRaised, RaisedErrors } from '../script/RaisedErrors.js';
import { SentLog } from '../script/SentLog.js';
import { scriptFindings, verifyScript, type ScriptVerdict } from '../script/verifyScript.js';
import type { Answers } from './Answer.js';
import { jsonLengths, streamedParts, streamsParts, wholeParts, type PartsOf } from './answerParts.js';
import { checkFake } from './checkFake.js';
import { DEFAULT_SENT_LIMIT, type FakeModelOptions } from './FakeModelOptions.js';
import type { FakeState } from './FakeState.js';
import { callInfo, callWhere, providerDown } from './fakeErrors.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import { readAnswers, type ReadAnswers } from './readAnswers.js';
import {
  ANSWERED,
  endedOf,
  FAILED,
  failureName,
  nextAsked,
  Outcomes,
  outcomeOf,
  RESULTED,
  whereOf,
} from './Outcomes.js';
import type { Outcome } from './Outcomes.js';
import { recordCall } from './recordCall.js';
import { unscriptedAnswer } from './unscriptedCalls.js';
import { pendingOf } from './pendingOf.js';
import type { PendingAnswer, SentCall, SentWhere } from './SentCall.js';
import { DEFAULT_ANSWER_TIMEOUT_MS, takeAnswer, takenAnswer } from './takeAnswer.js';
import { answersUnused, NOTHING_UNUSED } from './unusedAnswers.js';
import { weighSent } from './weighSent.js';
import { Gates, shownGate } from '../gates/Gates.js';
import { declareGates } from '../gates/declareGates.js';
import { checkPace, type Pace } from './pace.js';
import { noteSent, sentNoter } from './noteSent.js';
import { checkContext } from './checkContext.js';

export type { FakeModelOptions } from './FakeModelOptions.js';

/**
 * A faked model: a provider like any other, answering from a list of answers, a function of the request, or a record of
 * calls. Bound by `app.fake(model, answers)` for one model of one app, or made by `fakeProvider(answers)` for a program
 * that holds its own engine. Validation, retries, fallback and the real-call guard apply to it as to any provider.
 *
 * A list's answers go out in the order calls first ask, one per step of a run or per call made outside a run; a step
 * that runs again (the same step key, as in every retry and in a run given its earlier `runId`) gets the answer it got
 * before. Cursors live in the cursor store, per scope, under this fake's own identity: two scopes each start at the
 * first answer, and two fakes with equal lists never share a cursor. A fake that serves several models (one
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
  readonly #fake: FakeState;
  readonly #scopes: Scopes | undefined;
  /** The one scope the fake answers in, when it was made for one. */
  readonly #scope: string | undefined;
  /** What the fake was sent, each call's outcome (for transcripts) beside it in the same ring. */
  readonly #sent: SentLog<SentCall>;
  /** In a namespace, whose `sent` is read from the namespace: how each call ended, by where it came from. */
  readonly #placed: Outcomes | undefined;
  /** The entry the call starting now listed in `sent`, read as soon as the call waits for the first time. */
  #listed: SentCall | undefined;
  /** The test author's errors calls raised, for `verify`, even when the app caught them. */
  readonly #raised = new RaisedErrors();
  readonly #jsonLength = jsonLengths();
  readonly #verdict: ScriptVerdict;
  readonly #gates: Gates;
  #pace: Pace | undefined;

  /**
   * Makes the fake and checks every answer of a list now (`T0001`-`T0005`, and `T0006`-`T0008`
   * against `checks`). Prefer `app.fake(model, answers)` or `fakeProvider(answers)`.
   */
  constructor(answers: Answers, options: FakeModelOptions = {}) {
    const { model, shared } = options;
    const owner = model !== undefined ? `app.fake('${model}', answers)` : 'fakeProvider(answers)';
    const store = options.store ?? new MemoryCursorStore();
    const read = readAnswers(answers, owner);
    const inputs = options.checks !== undefined ? checkFake(read, options.checks, owner) : undefined;
    // The shared slot rule, keyed on this fake's own id: never a handle, so the slot is the same in every scope.
    const own = { kind: 'fake-model', store, scope: DEFAULT_SCOPE, cursorKey: randomUUID(), script: answers };
    const script = shared?.script ?? cursorSlot(own).script;
    const clock = options.clock ?? new SystemClock();
    const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    const note = (call: SentCall) => (shared !== undefined ? shared.note(call) : void this.#list(call));
    // In a namespace the error is kept where the call fails (#kept), so it is recorded there before the call rejects.
    const raised = (error: unknown, context: CallContext) => {
      if (shared === undefined) this.#raised.note(error, callWhere(context));
    };
    this.#fake = { owner, model, read, store, script, shared, clock, inputs, answerTimeoutMs, note, raised };
    const disturbed = (call: SentCall) => {
      this.#list(call);
      this.#sent.settle(call, FAILED, `chaos: ${call.chaos ?? 'disturbed'}`);
    };
    Object.defineProperty(this, noteSent, { value: sentNoter(shared ? undefined : disturbed) });
    this.#scopes = options.scopes;
    this.#scope = options.scope;
    this.#gates = options.gates ?? new Gates();
    declareGates(this.#gates, read.reply, owner, shared !== undefined);
    if (options.pace !== undefined) this.pace(options.pace);
    const weigh = options.sentBytes === undefined ? undefined : weighSent;
    this.#sent = new SentLog(options.sentLimit ?? DEFAULT_SENT_LIMIT, options.sentBytes, weigh);
    this.#placed = shared === undefined ? undefined : new Outcomes(options.sentLimit ?? DEFAULT_SENT_LIMIT);
    const slot = { store, script };
    const unused = (only: string | undefined) =>
      read.reply?.kind === 'list'
        ? answersUnused(owner, read.reply, slot, only, { sent: () => this.sent, model })
        : Promise.resolve(NOTHING_UNUSED);
    const raisedView = () =>
      shared === undefined ? this.#raised.view() : shared.raised().then((at) => mergeRaised(this.#raised.view(), at));
    this.#verdict = { raised: raisedView, raisedCode: 'T0046', owner, unused };
    offerWholeReply(this, (request, context) => this.#whole(request, context));
    // Every capability besides reply: recorded in `sent`, answered by the record's function for it.
    const self = this as { -readonly [N in PlainCapability]?: Provider[N] };
    for (const name of plainCapabilities) {
      const answer = (calls: ReadAnswers['calls'], args: readonly unknown[], context: CallContext): unknown =>
        ((calls[name] ?? unscriptedAnswer(name)) as (...all: unknown[]) => unknown)(...args, callInfo(context));
      self[name] = serve(name, (args, context) =>
        this.#plain(specOf(name), args, context, (calls) => answer(calls, args, context)),
      ) as never;
    }
  }

  /**
   * What the fake was sent, in order: `[{ call, input }]`, one entry per attempt (a retried call appears once per try),
   * across every scope. The key and the signal are left out. The list and its entries are frozen: a test reads them,
   * and nothing it does changes them. In a Redis namespace: the calls of every process of the namespace (the latest
   * 1,000) as the last `await fake.sync()` read them, then the calls this fake was sent since, each call once.
   */
  get sent(): readonly SentCall[] {
    return this.#fake.shared !== undefined ? this.#fake.shared.sent : this.#sent.calls;
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
    await this.#fake.shared?.sync();
  }

  /** How a `sent` entry's call (the `nth` from its place) ended: `answer`, `result` or `failure` (none while it runs). */
  outcome(entry: SentWhere, nth = 0): Outcome | undefined {
    if (this.#placed !== undefined) return this.#placed.of(entry, nth);
    let index = this.#sent.indexOf(entry as SentCall);
    if (index === -1) {
      // A place, not an entry: its `nth` call.
      let seen = 0;
      index = this.#sent.held.findIndex(
        (call) =>
          call.scope === entry.scope && call.step === entry.step && call.attempt === entry.attempt && seen++ === nth,
      );
    }
    return outcomeOf(this.#sent.endOf(index));
  }

  /** Lists a call in `sent`, placed in the order of calls across fakes. */
  #list(call: SentCall): void {
    this.#sent.push(call, nextAsked());
    this.#listed = call;
  }

  /** Notes a call starting; answers the `sent` entry it lists once `call` has run to its first wait. */
  #start<T>(context: CallContext, call: () => Promise<T>): [Promise<T>, SentCall | undefined] {
    this.#placed?.start(whereOf(context));
    this.#listed = undefined;
    const started = call();
    return [started, this.#listed];
  }

  /** Keeps how a call ended: on its `sent` entry, or in a namespace by where it came from. */
  #ended(entry: SentCall | undefined, context: CallContext, end: number, value: unknown): void {
    if (this.#placed !== undefined) this.#placed.note(whereOf(context), endedOf(end, value));
    else if (entry !== undefined) this.#sent.settle(entry, end, value);
  }

  reply(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    checkContext(context, () => `${this.#fake.owner}.reply(request, context)`);
    return this.#stream(request, context);
  }

  /** A reply's parts in one list, for the engine; one whose parts wait or fail part-way streams them after all. */
  #whole(request: ReplyRequest, context: CallContext): Promise<WholeReply> {
    // The executor runs at once: what an own `reply` throws rejects the promise.
    if (this.reply !== FakeModel.prototype.reply)
      return new Promise((resolve) => resolve(this.reply(request, context)));
    return this.#answer(request, context, (prepared) =>
      streamsParts(prepared, this.#pace)
        ? streamedParts(prepared, this.#partsOf(prepared, request, context))
        : wholeParts(prepared, request, this.#jsonLength),
    );
  }

  /** A reply's parts, streamed: the answer the first read takes. */
  async *#stream(request: ReplyRequest, context: CallContext): AsyncGenerator<ReplyPart, void, undefined> {
    const [prepared, entry] = await this.#answer(request, context, (taken, listed) => [taken, listed] as const);
    try {
      yield* streamedParts(prepared, this.#partsOf(prepared, request, context));
    } catch (error) {
      // A stream that fails part-way (failAfter, an abort) ends with that failure, not the answer it began.
      this.#ended(entry, context, FAILED, failureName(error));
      throw error;
    }
  }

  #partsOf(prepared: PreparedAnswer, request: ReplyRequest, context: CallContext): PartsOf {
    const { owner, clock } = this.#fake;
    const [where, gates, pace] = [`${owner}: ${prepared.label}`, this.#gates, this.#pace];
    const failure = () => providerDown(owner, prepared, context);
    return { request, context, clock, jsonLength: this.#jsonLength, failure, gates, pace, where };
  }

  /** Sets the pace of every answer naming no pace or delays of its own (`T0074` for a bad one); returns the fake. */
  pace(pace: Pace): this {
    this.#pace = checkPace(pace, `${this.#fake.owner}.pace(pace)`);
    return this;
  }

  /** Lets one stream held at `gate` in `scope` (the caller's) on, or keeps the release for the next: see `app.release`. */
  release(gate: string, scope?: string): void {
    const named = scope ?? this.#scope ?? this.#scopes?.active ?? DEFAULT_SCOPE;
    this.#gates.release(gate, named, `${this.#fake.owner}.release(${shownGate(gate)})`);
  }

  /**
   * The answer a reply streams, checked, made into what `then` makes of it; every test author's error it throws is
   * kept for `verify`. One promise past the answer's own.
   */
  #answer<T>(
    request: ReplyRequest,
    context: CallContext,
    then: (prepared: PreparedAnswer, entry: SentCall | undefined) => T,
  ): Promise<T> {
    // No closure is named here: the build would name each again on every call.
    if (this.#fake.shared !== undefined) {
      const [taken, entry] = this.#start(context, () => takenAnswer(this.#fake, request, context));
      return taken
        .then(
          (prepared) => (this.#ended(entry, context, ANSWERED, prepared.answer), prepared),
          (error: unknown) => this.#failed(entry, context, error),
        )
        .catch((error: unknown) => this.#kept(error, context))
        .then((prepared) => then(prepared, entry));
    }
    this.#listed = undefined;
    let taken: PreparedAnswer | Promise<PreparedAnswer>;
    try {
      taken = takeAnswer(this.#fake, request, context);
    } catch (error) {
      return this.#rejected(this.#listed, context, error);
    }
    const entry = this.#listed;
    if (taken instanceof Promise) {
      return taken.then(
        (prepared) => (this.#ended(entry, context, ANSWERED, prepared.answer), then(prepared, entry)),
        (error: unknown) => this.#failed(entry, context, error),
      );
    }
    // An answer taken at once is handed on in the one promise of this layer.
    this.#ended(entry, context, ANSWERED, taken.answer);
    try {
      return Promise.resolve(then(taken, entry));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** A call that failed at once with `error`, kept as such. */
  #rejected(entry: SentCall | undefined, context: CallContext, error: unknown): Promise<never> {
    try {
      return this.#failed(entry, context, error);
    } catch (failed) {
      return Promise.reject(failed as Error);
    }
  }

  /** Keeps that a call failed with `error`, and throws it. */
  #failed(entry: SentCall | undefined, context: CallContext, error: unknown): never {
    this.#ended(entry, context, FAILED, failureName(error));
    throw error;
  }

  /** Keeps a test author's error a call raised and throws it; in a namespace, records it there first. */
  async #kept(error: unknown, context: CallContext): Promise<never> {
    const noted = this.#raised.note(error, callWhere(context));
    if (noted !== undefined) await this.#fake.shared?.record(noted, context);
    throw error;
  }

  /** A record call, answered by the record; every test author's error it throws is kept for `verify`. */
  async #plain<A extends readonly unknown[], R>(
    spec: CapabilitySpec<A, R>,
    args: A,
    context: CallContext,
    run: (calls: ReadAnswers['calls']) => unknown,
  ): Promise<R> {
    checkContext(context, () => `${this.#fake.owner}.${spec.name}(..., context)`);
    let entry: SentCall | undefined;
    try {
      const [called, listed] = this.#start(context, () => recordCall(this.#fake, spec, args, context, run));
      entry = listed;
      const result = await called;
      this.#ended(entry, context, RESULTED, result);
      return result;
    } catch (error) {
      this.#ended(entry, context, FAILED, failureName(error));
      return this.#kept(error, context);
    }
  }

  /**
   * The answers of the list not given yet in `scope`: the scope the caller runs in when left out
   * (the default partition outside any scope, or for a fake made alone). Empty for a fake that
   * answers replies with a function. Outside any scope, a fake the default partition never used
   * reads the released scopes (requests that named no scope): the answers one of them left.
   */
  pending(scope?: string): Promise<readonly PendingAnswer[]> {
    return pendingOf(this.#fake, scope ?? this.#scope ?? this.#scopes?.active);
  }

  /**
   * Everything `verify(scope)` would report, one finding per line, without throwing for it: each test author's error a
   * call raised (`T0046`), then each answer never asked for (`T0014`), in `scope` or in every scope. Released scopes
   * are named by the first of them. A store that fails still rejects.
   *
   * @example
   * ```ts
   * await writer.findings();
   * // [{ scope: '', code: 'T0014', line: 'answers[1] { text: "b" } never asked for' }]
   * ```
   */
  findings(scope?: string): Promise<readonly Finding[]> {
    return scriptFindings(this.#verdict, scope ?? this.#scope);
  }

  /**
   * Throws `T0014`, listing the answers never asked for, when any answer of the list was not given: in `scope` when one
   * is named, otherwise in every scope the fake was used in (each scope replays the list from its start, so each must
   * reach its end). A fake never called has every answer unused. Scopes already released (a request's, when its
   * response closed) count by how far each went. Call it in `afterEach`, inside or outside a scope. First it throws
   * `T0046` when any call (in `scope`, or in any scope) raised a test author's error (a T-code, such as `T0013`), even
   * one the app caught and answered with a 500, naming scope, call and error; in a Redis namespace, a call in any
   * process of it. It throws for exactly what {@link findings} reports.
   */
  verify(scope?: string): Promise<void> {
    return verifyScript(this.#verdict, scope ?? this.#scope);
  }

  /**
   * Forgets what the fake was sent and the test author's errors its calls raised, so the next
   * test starts clean; its cursors live in the store, which is reset apart. In a namespace, the
   * calls this process holds are forgotten (a later `sync()` reads the namespace's record again),
   * and the errors the namespace recorded so far are left out of this fake's later checks.
   */
  forget(): void {
    this.#sent.clear();
    this.#placed?.clear();
    this.#fake.shared?.forget();
    this.#raised.clear();
  }

  /** With `calls`, forgets the `sent` entries and outcomes of `scope`'s calls, closed; its errors stay for `verify`. */
  close(scope: string, calls: boolean): void {
    if (!calls) return;
    this.#sent.drop((call) => call.scope === scope);
    this.#placed?.drop(scope);
  }
}

import { randomUUID } from 'node:crypto';
import { StandinError } from '../../errors/StandinError.js';
import type { Classifier, ClassifyCallOptions } from '../../services/spec/Classifier.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../../services/classification/ClassificationResponse.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../../services/cursors/MemoryCursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { CursorQueue } from '../script/CursorQueue.js';
import type { Finding } from '../script/Finding.js';
import { RaisedErrors, type RaisedError, type RaisedView } from '../script/RaisedErrors.js';
import { HANDLE_SCOPE, ScriptCursor } from '../script/ScriptCursor.js';
import { checkScript, notAScript, type ClassificationScriptEntry } from '../script/scriptEntry.js';
import { cursorIndex } from '../script/startScriptCursor.js';
import { UsedCursors } from '../script/UsedCursors.js';
import { scriptFindings, verifyScript, type ScriptVerdict } from '../script/verifyScript.js';
import { fakeResponse } from './fakeAnswers.js';
import { readOptions } from './readOptions.js';
import { checkQuestions, checkRequest } from './requestChecks.js';
import { runCapture } from './scriptErrors.js';
import { takeEntry } from './takeEntry.js';
import { unusedEntries, type PendingClassifierEntry } from './unusedEntries.js';
import type { ClassificationSent } from './ClassificationSent.js';
import { SentLog } from '../script/SentLog.js';

export type { PendingClassifierEntry } from './unusedEntries.js';

/** How a {@link FakeClassification} is made. */
export interface FakeClassificationSettings {
  /**
   * The fake's own script. When given it is checked at once (`K0010`), and it wins over a call's
   * `adapterOpts.classificationScript`, as settings of the classifier win over those of a call.
   */
  readonly script?: readonly ClassificationScriptEntry[];
  /** Where the fake keeps its cursors: the container's store when bound in one; a store of its own when left out. */
  readonly store?: CursorStore;
  /**
   * With `true`, a question the script gives no answer for gets `fitting()`'s answer in place of the
   * default: yes (probability 1), the top level of a score, the first option of a choice as listed.
   */
  readonly fitting?: boolean;
}

const KIND = 'classification';
const SENT_LIMIT = 10_000;

/**
 * FakeClassification, the deterministic scripted classification adapter (the seed's
 * `ALLM.Providers.FakeClassification`; `FakeClassifier` is another name of the same class): answers
 * for tests, with no AI. It reads a request's
 * questions (never its state), answers each with an answer of the right type and shape, and
 * hands back the request's model and metadata.
 *
 * - No script (or `[]`): every question gets its default — a choice's lexicographically first
 *   option, score 0, a yes probability of 0 — or, made with `fitting: true`, `fitting()`'s answer.
 * - A script: each call takes the next entry (`{ answers }`, `{ error }`, `{ retryUntilCall }`).
 *   A script that has run out rejects with reason `unknown` and
 *   `metadata.cause: 'classification_script_exhausted'`; it never falls back to the defaults.
 * - The cursor is picked by `cursorSlot`: `adapterOpts.scriptCursor`, then `adapterOpts.cursorKey`
 *   (the engine's id), then the script's content hash. Retry budgets key on the same cursor.
 *   A fake's own script (`new FakeClassifier({ script })`) keeps its cursors apart from every
 *   other fake's, so a fake bound in place of another starts at its first entry.
 * - A scripted answer that does not fit its question throws a `StandinError` (`K0011`): a test
 *   author's mistake, never an adapter error, never retried.
 *
 * Its confidence is its own convention (1 for a choice; for a score the larger of its two level
 * probabilities; none for a yes-no), not any provider's formula.
 *
 * @example
 * ```ts
 * const fake = new FakeClassifier();
 * const request = new ClassificationRequest({
 *   state: 'Please refund me.',
 *   questions: { refund: ClassificationQuestion.yesNo('Is a refund requested?') },
 * });
 * const adapterOpts = { classificationScript: [{ answers: { refund: 0.9 } }] };
 * const response = await fake.classify(request, { adapterOpts });
 * response.answer('refund')?.yesProbability; // 0.9
 * ```
 */
export class FakeClassification implements Classifier {
  readonly real = false;
  readonly provider = 'fake';
  readonly #script: readonly ClassificationScriptEntry[] | undefined;
  /** The cursor kind of the fake's own script: its own, so a fake bound in place of another starts at entry 0. */
  readonly #kind: string;
  readonly #store: CursorStore;
  /** The cursors the fake's own script moved, for `pending` and `verify`. */
  readonly #used = new UsedCursors();
  /** So calls on one cursor take entries in call order. */
  readonly #queue = new CursorQueue();
  /** The test author's errors calls raised (a spent script, an answer that does not fit, a capture that threw). */
  readonly #raised = new RaisedErrors();
  readonly #verdict: ScriptVerdict;
  readonly #fitting: boolean;
  readonly #sent = new SentLog<ClassificationSent>(SENT_LIMIT);

  constructor(settings: FakeClassificationSettings = {}) {
    if (!isPlainObject(settings as unknown)) {
      const expected = `settings must be an object { script?, store?, fitting? }, got ${show(settings)}`;
      throw new StandinError('K0004', `new FakeClassifier(settings): ${expected}.`);
    }
    for (const key of Object.keys(settings)) {
      if (key !== 'script' && key !== 'store' && key !== 'fitting') {
        const allowed = 'Allowed keys: script, store, fitting.';
        throw new StandinError('K0004', `new FakeClassifier(settings): unknown key '${key}'. ${allowed}`);
      }
    }
    if (settings.fitting !== undefined && typeof settings.fitting !== 'boolean') {
      const expected = `settings.fitting must be true or false, got ${show(settings.fitting)}`;
      throw new StandinError('K0004', `new FakeClassifier(settings): ${expected}.`);
    }
    this.#fitting = settings.fitting === true;
    if (settings.script !== undefined) checkScript(settings.script);
    this.#script = settings.script;
    this.#kind = settings.script === undefined ? KIND : `${KIND}:${randomUUID()}`;
    this.#store = settings.store ?? new MemoryCursorStore();
    this.#verdict = {
      raised: () => this.raisedView(),
      raisedCode: 'K0014',
      owner: 'FakeClassifier.verify()',
      unused: async (scope) => unusedEntries(await this.pending(), { neverCalled: !this.#used.moved, scope }),
    };
  }

  /**
   * Checks a script's grammar and answers it: each entry is `{ answers: { id: value } }`,
   * `{ error: ClassificationAdapterError }` or `{ retryUntilCall: n }` (n a whole number ≥ 1).
   * Throws `K0010` at the first entry of no legal shape. Whether an answer fits its question is
   * checked when a call reads it. `classify` does not call this: it is opt-in.
   *
   * @example
   * ```ts
   * FakeClassifier.script([{ answers: { team: 'billing' } }, { retryUntilCall: 2 }]); // returns the script
   * ```
   */
  static script<const S extends readonly ClassificationScriptEntry[]>(entries: S): S {
    checkScript(entries);
    return entries;
  }

  /**
   * How many script entries calls through `cursor` have taken.
   *
   * @example
   * ```ts
   * await FakeClassifier.cursorIndex(fake.startScriptCursor()); // 0
   * ```
   */
  static cursorIndex(cursor: ScriptCursor): Promise<number> {
    return cursorIndex(cursor);
  }

  /**
   * Starts an explicit cursor handle, at index 0, in the fake's store. Pass it as
   * `adapterOpts.scriptCursor` to share one cursor between calls, or to keep content-equal
   * scripts apart on direct calls.
   *
   * @example
   * ```ts
   * const cursor = fake.startScriptCursor();
   * await fake.classify(request, { adapterOpts: { classificationScript: [{ answers: {} }], scriptCursor: cursor } });
   * await cursorIndex(cursor); // 1
   * ```
   */
  startScriptCursor(): ScriptCursor {
    return new ScriptCursor(this.#store);
  }

  /**
   * Answers a request from the script. In order: `adapterOpts.capture` is called with
   * `{ request, opts }`; empty `questions` reject with reason `invalid_request` (the script is not
   * consulted); then the script's next entry is taken.
   */
  async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    try {
      return await this.#classify(request, opts);
    } catch (error) {
      this.noteRaised(error, opts);
      throw error;
    }
  }

  /**
   * Keeps a test author's error a call raised, so `verify` reports it even when the app caught it;
   * answers it as kept, or undefined for any other error.
   */
  protected noteRaised(error: unknown, opts: ClassifyCallOptions | undefined): RaisedError | undefined {
    const given = typeof opts === 'object' && opts !== null ? opts : undefined;
    const scope = given?.context?.scope ?? given?.adapterOpts?.scope ?? DEFAULT_SCOPE;
    const requestId = given?.requestId;
    const call = typeof requestId === 'string' ? `request '${requestId}'` : 'a call';
    return this.#raised.note(error, { scope: typeof scope === 'string' ? scope : DEFAULT_SCOPE, call });
  }

  /** The test author's errors `verify` reports: the ones this fake's calls raised. */
  protected raisedView(): RaisedView | Promise<RaisedView> {
    return this.#raised.view();
  }

  /**
   * What the fake was asked, in order: one entry per call (a retried call once per attempt), in
   * every scope. Frozen, and emptied by `forget()` (`app.reset()`); the latest 10,000 calls.
   */
  get sent(): readonly ClassificationSent[] {
    return this.#sent.calls;
  }

  async #classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    checkRequest(request, 'FakeClassifier');
    const adapterOpts = readOptions(opts);
    const scope = opts?.context?.scope ?? adapterOpts?.scope ?? DEFAULT_SCOPE;
    const where = { scope, requestId: opts?.requestId };
    const { stepKey = '', attempt = 1 } = opts?.context ?? {};
    this.#sent.push({ request, scope, step: stepKey, attempt });
    await runCapture(adapterOpts?.capture, { request, opts: opts ?? {} }, where);
    checkQuestions(request);
    const script = this.#script ?? adapterOpts?.classificationScript ?? [];
    if (!Array.isArray(script)) throw notAScript(script);
    const own = script === this.#script;
    const { scriptCursor: cursor, cursorKey } = adapterOpts ?? {};
    const kind = own ? this.#kind : KIND;
    const slot = this.#used.pick({ kind, store: this.#store, scope, cursor, cursorKey, script }, own);
    const answers = await this.#queue.run(slot, () => takeEntry(slot, script, where.requestId));
    return fakeResponse(request, opts, answers, this.#fitting);
  }

  /**
   * The entries of the fake's own script that no call has used, for each cursor the script
   * moved (each scope, each handle). All of them when the fake was never called.
   *
   * @example
   * ```ts
   * const fake = app.fakeClassifier([{ answers: { team: 'billing' } }]);
   * await fake.pending(); // [{ scope: null, index: 0, entry: { answers: { team: 'billing' } } }]
   * ```
   */
  async pending(): Promise<PendingClassifierEntry[]> {
    const script = this.#script ?? [];
    if (!this.#used.moved) {
      // Asked all the same, so a store that was closed (its app disposed) fails as for a called fake.
      await this.#store.peek(DEFAULT_SCOPE, this.#kind);
      return script.map((entry, index) => ({ scope: null, index, entry }));
    }
    const found: PendingClassifierEntry[] = [];
    // Released scopes (requests that named no scope) count by how far each went.
    for (const { scope, at, released } of await this.#used.runs()) {
      for (let index = at; index < script.length; index++) {
        const entry = script[index]!;
        if (released === undefined) found.push({ scope: scope === HANDLE_SCOPE ? null : scope, index, entry });
        else found.push({ scope: released.examples[0] ?? null, index, entry, released: released.scopes });
      }
    }
    return found;
  }

  /**
   * Everything `verify()` would report, one finding per line, without throwing for it: each test
   * author's error a call raised (`K0014`), then each entry of the fake's own script no call used
   * (`K0012`); in `scope` only when one is named. An explicit handle's entries, and a fake never
   * called, report in the default scope `''`; released scopes by the first of them. A store
   * that fails still rejects.
   *
   * @example
   * ```ts
   * await fake.findings();
   * // [{ scope: '', code: 'K0012', line: 'script[0] {"answers":{}} never used (the fake was never called)' }]
   * ```
   */
  findings(scope?: string): Promise<readonly Finding[]> {
    return scriptFindings(this.#verdict, scope);
  }

  /**
   * Throws `K0012` when the fake's own script has entries no call used, listing each with its
   * scope: a test calls it at its end so that an unused answer fails it. First it throws `K0014`
   * when any call raised a test author's error (a spent script, `K0008`; an answer that does not
   * fit, `K0011`; a capture that threw, `K0013`), even one the app caught, naming scope, call and error.
   * It throws for exactly what {@link findings} reports.
   *
   * @example
   * ```ts
   * afterEach(() => fake.verify());
   * ```
   */
  verify(): Promise<void> {
    return verifyScript(this.#verdict, undefined);
  }

  /** Forgets what it was sent and the test author's errors its calls raised, so the next test starts clean; cursors live in the store. */
  forget(): void {
    this.#raised.clear();
    this.#sent.clear();
  }
}
// The classifier's word for it: one class under both names.
export { FakeClassification as FakeClassifier };

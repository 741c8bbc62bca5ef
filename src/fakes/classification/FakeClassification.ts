// Over 300 lines on purpose: one class holds the seed's whole scripted-classifier contract (script,
// cursor, step visits, pending and verify share its private state); its pure parts live beside it
// in fakeAnswers.ts and ../../schemas/scriptEntry.ts.
import { randomUUID } from 'node:crypto';
import { StandinError } from '../../errors/StandinError.js';
import type {
  ClassificationAdapter,
  ClassificationAdapterOptions,
  ClassifyCallOptions,
} from '../../services/spec/ClassificationAdapter.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../../services/classification/ClassificationResponse.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import { cursorSlot, type CursorSlot } from '../script/CursorSlot.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../../services/cursors/MemoryCursorStore.js';
import { HANDLE_SCOPE, ScriptCursor } from '../script/ScriptCursor.js';
import { cursorIndex } from '../script/startScriptCursor.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { closest } from '../../validation/formatPath.js';
import { fakeResponse } from './fakeAnswers.js';
import { RaisedErrors } from '../RaisedErrors.js';
import { runCapture, scriptExhausted } from './scriptErrors.js';
import { checkScript, entryKind, invalidEntry, notAScript, type ClassificationScriptEntry } from '../script/scriptEntry.js';

/** How a {@link FakeClassification} is made. */
export interface FakeClassificationSettings {
  /**
   * The fake's own script. When given it is checked at once (`K0010`), and it wins over a call's
   * `adapterOpts.classificationScript`, as settings of the classifier win over those of a call.
   */
  readonly script?: readonly ClassificationScriptEntry[];
  /** Where the fake keeps its cursors: the container's store when bound in one; a store of its own when left out. */
  readonly store?: CursorStore;
}

/** A script entry no call has used yet. */
export interface PendingClassification {
  /** The scope whose cursor has not reached the entry; null for an explicit cursor handle, or when the fake was never called. */
  readonly scope: string | null;
  /** The entry's index in the script. */
  readonly index: number;
  readonly entry: ClassificationScriptEntry;
  /** For scopes already released: how many of them left the entry unused (`scope` names the first). */
  readonly released?: number;
}

const KIND = 'classification';
const topKeys = ['requestId', 'signal', 'adapterOpts', 'context'];
const ownKeys = ['classificationScript', 'scriptCursor', 'cursorKey', 'capture', 'scope'];

/**
 * The scripted classifier: deterministic answers for tests, with no AI. It reads a request's
 * questions (never its state), answers each with an answer of the right type and shape, and
 * hands back the request's model and metadata.
 *
 * - No script (or `[]`): every question gets its default — a choice's lexicographically first
 *   option, score 0, a yes probability of 0.
 * - A script: each call takes the next entry (`{ answers }`, `{ error }`, `{ retryUntilCall }`).
 *   A script that has run out rejects with reason `unknown` and
 *   `metadata.cause: 'classification_script_exhausted'`; it never falls back to the defaults.
 * - The cursor is picked by `cursorSlot`: `adapterOpts.scriptCursor`, then `adapterOpts.cursorKey`
 *   (the engine's id), then the script's content hash. Retry budgets key on the same cursor.
 *   A fake's own script (`new FakeClassification({ script })`) keeps its cursors apart from every
 *   other fake's, so a fake bound in place of another starts at its first entry.
 * - A scripted answer that does not fit its question throws a `StandinError` (`K0011`): a test
 *   author's mistake, never an adapter error, never retried.
 *
 * Its confidence is its own convention (1 for a choice; for a score the larger of its two level
 * probabilities; none for a yes-no), not any provider's formula.
 *
 * @example
 * ```ts
 * const fake = new FakeClassification();
 * const request = new ClassificationRequest({
 *   state: 'Please refund me.',
 *   questions: { refund: ClassificationQuestion.yesNo('Is a refund requested?') },
 * });
 * const response = await fake.classify(request, { adapterOpts: { classificationScript: [{ answers: { refund: 0.9 } }] } });
 * response.answer('refund')?.yesProbability; // 0.9
 * ```
 */
export class FakeClassification implements ClassificationAdapter {
  readonly real = false;
  readonly provider = 'fake';
  readonly #script: readonly ClassificationScriptEntry[] | undefined;
  /** The cursor kind of the fake's own script: its own, so a fake bound in place of another starts at the first entry. */
  readonly #kind: string;
  readonly #store: CursorStore;
  /** Each script identity the fake's own script moved (each handle apart), for `pending` and `verify`: their scopes are read from the store. */
  readonly #used = new Map<string, CursorSlot>();
  /** The slot of an empty script with neither handle nor key, per scope (it depends on nothing else). */
  readonly #emptySlots = new Map<string, CursorSlot>();
  /** The tail of the calls in flight on each cursor, so calls on one cursor take entries in call order. */
  readonly #queues = new WeakMap<CursorStore, Map<string, Promise<unknown>>>();
  /** The test author's errors calls raised (a spent script, an answer that does not fit, a capture that threw), for `verify`. */
  readonly #raised = new RaisedErrors();

  constructor(settings: FakeClassificationSettings = {}) {
    if (!isPlainObject(settings as unknown)) {
      throw new StandinError('K0004', `new FakeClassification(settings): settings must be an object { script?, store? }, got ${show(settings)}.`);
    }
    for (const key of Object.keys(settings)) {
      if (key !== 'script' && key !== 'store') {
        throw new StandinError('K0004', `new FakeClassification(settings): unknown key '${key}'. Allowed keys: script, store.`);
      }
    }
    if (settings.script !== undefined) checkScript(settings.script);
    this.#script = settings.script;
    this.#kind = settings.script === undefined ? KIND : `${KIND}:${randomUUID()}`;
    this.#store = settings.store ?? new MemoryCursorStore();
  }

  /**
   * Checks a script's grammar and answers it: each entry is `{ answers: { id: value } }`,
   * `{ error: ClassificationAdapterError }` or `{ retryUntilCall: n }` (n a whole number ≥ 1).
   * Throws `K0010` at the first entry of no legal shape. Whether an answer fits its question is
   * checked when a call reads it. `classify` does not call this: it is opt-in.
   *
   * @example
   * ```ts
   * FakeClassification.script([{ answers: { team: 'billing' } }, { retryUntilCall: 2 }]); // returns the script
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
   * await FakeClassification.cursorIndex(fake.startScriptCursor()); // 0
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

  /** Keeps a test author's error a call raised, so `verify` reports it even when the app caught it. */
  protected noteRaised(error: unknown, opts: ClassifyCallOptions | undefined): void {
    const given = typeof opts === 'object' && opts !== null ? opts : undefined;
    const scope = given?.context?.scope ?? given?.adapterOpts?.scope ?? DEFAULT_SCOPE;
    const requestId = given?.requestId;
    this.#raised.note(error, { scope: typeof scope === 'string' ? scope : DEFAULT_SCOPE, call: typeof requestId === 'string' ? `request '${requestId}'` : 'a call' });
  }

  async #classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    if (!(request instanceof ClassificationRequest)) {
      throw new StandinError('K0003', `FakeClassification.classify(request, opts): request must be a ClassificationRequest, got ${show(request)}.`);
    }
    const adapterOpts = readOptions(opts);
    const where = { scope: opts?.context?.scope ?? adapterOpts?.scope ?? DEFAULT_SCOPE, requestId: opts?.requestId };
    await runCapture(adapterOpts?.capture, { request, opts: opts ?? {} }, where);
    if (isPlainObject(request.questions) && isEmptyRecord(request.questions)) {
      throw new ClassificationAdapterError('invalid_request', { message: 'questions must not be empty', metadata: { field: 'questions' } });
    }
    const script = this.#script ?? adapterOpts?.classificationScript ?? [];
    if (!Array.isArray(script)) throw notAScript(script);
    const own = script === this.#script;
    const scope = opts?.context?.scope ?? adapterOpts?.scope ?? DEFAULT_SCOPE;
    const cursor = adapterOpts?.scriptCursor;
    const cursorKey = adapterOpts?.cursorKey;
    // Every empty script has one content hash, so its slot per scope is worked out once.
    const hashedEmpty = script.length === 0 && cursor === undefined && (cursorKey === undefined || cursorKey === null);
    let slot = hashedEmpty ? this.#emptySlots.get(scope) : undefined;
    if (slot === undefined) {
      slot = cursorSlot({ kind: own ? this.#kind : KIND, store: this.#store, scope, cursor, cursorKey, script });
      if (hashedEmpty) this.#emptySlots.set(scope, slot);
    }
    // Keyed by script, not scope: a scope's cursor is found in the store, so a request's scope costs nothing here.
    if (own) this.#used.set(slot.scope === HANDLE_SCOPE ? `${slot.scope}\u0000${slot.script}` : slot.script, slot);
    const answers = await this.#serial(slot, () => this.#take(slot, script, where.requestId));
    return fakeResponse(request, opts, answers);
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
  async pending(): Promise<PendingClassification[]> {
    const script = this.#script ?? [];
    if (this.#used.size === 0) {
      // Asked all the same, so a store that was closed (its app disposed) fails as for a called fake.
      await this.#store.peek(DEFAULT_SCOPE, this.#kind);
      return script.map((entry, index) => ({ scope: null, index, entry }));
    }
    const found: PendingClassification[] = [];
    for (const slot of this.#used.values()) {
      const scopes = slot.scope === HANDLE_SCOPE ? [slot.scope] : await slot.store.scopesOf(slot.script);
      for (const name of scopes) {
        const at = await slot.store.peek(name, slot.script);
        const scope = name === HANDLE_SCOPE ? null : name;
        for (let index = at; index < script.length; index++) found.push({ scope, index, entry: script[index]! });
      }
      if (slot.scope === HANDLE_SCOPE) continue;
      // Released scopes (requests that named no scope) count by how far each went.
      for (const group of (await slot.store.released?.(slot.script)) ?? []) {
        for (let index = group.at; index < script.length; index++) {
          found.push({ scope: group.examples[0] ?? null, index, entry: script[index]!, released: group.scopes });
        }
      }
    }
    return found;
  }

  /**
   * Throws `K0012` when the fake's own script has entries no call used, listing each with its
   * scope: a test calls it at its end so that an unused answer fails it. First it throws `K0014`
   * when any call raised a test author's error (a spent script, `K0008`; an answer that does not
   * fit, `K0011`; a capture that threw, `K0013`), even one the app caught, naming scope, call and error.
   *
   * @example
   * ```ts
   * afterEach(() => fake.verify());
   * ```
   */
  async verify(): Promise<void> {
    this.#raised.check('K0014', 'FakeClassification.verify()');
    const pending = await this.pending();
    if (pending.length === 0) return;
    const lines = pending.map(
      ({ scope, index, entry, released }) =>
        `  [${index}] ${show(entry)} — ${scope === null ? (this.#used.size === 0 ? 'the fake was never called' : 'explicit cursor handle') : `scope ${JSON.stringify(scope)}`}${released === undefined ? '' : ` (released; ${released} released scope${released === 1 ? '' : 's'} left it)`}`,
    );
    throw new StandinError(
      'K0012',
      `FakeClassification: ${pending.length} script entr${pending.length === 1 ? 'y was' : 'ies were'} never used:\n${lines.join('\n')}\nRemove them, or find out why the code under test classified fewer times than the script expects.`,
    );
  }

  /**
   * Takes the script's next entry on `slot`: the answers to give (undefined for the defaults),
   * or a rejection. The cursor moves before an entry is read, so an entry that throws is spent.
   */
  async #take(slot: CursorSlot, script: readonly unknown[], requestId: string | null | undefined): Promise<Readonly<Record<string, unknown>> | undefined> {
    const { store, scope, script: id } = slot;
    let at = await store.peek(scope, id);
    if (at >= script.length) {
      const call = (await store.advance(scope, id)) + 1;
      if (script.length === 0) return undefined;
      throw scriptExhausted(script.length, call, { scope, requestId });
    }
    let entry = script[at];
    let kind = entryKind(entry);
    while (kind === 'retry') {
      const visits = await store.visit(scope, id, at);
      if (visits < (entry as { retryUntilCall: number }).retryUntilCall) {
        throw new ClassificationAdapterError('rate_limited', { message: 'FakeClassification retry_until_call hint', retryAfterMs: 0 });
      }
      await store.advance(scope, id);
      at++;
      if (at >= script.length) throw scriptExhausted(script.length, at + 1, { scope, requestId });
      entry = script[at];
      kind = entryKind(entry);
    }
    await store.advance(scope, id);
    if (kind === 'answers') return (entry as { answers: Readonly<Record<string, unknown>> }).answers;
    if (kind === 'error') throw (entry as { error: ClassificationAdapterError }).error;
    throw invalidEntry(entry, at);
  }

  /** Runs `fn` after every earlier call on the same cursor has settled. */
  #serial<T>(slot: CursorSlot, fn: () => Promise<T>): Promise<T> {
    let queues = this.#queues.get(slot.store);
    if (queues === undefined) {
      queues = new Map();
      this.#queues.set(slot.store, queues);
    }
    const key = `${slot.scope}\u0000${slot.script}`;
    const before = queues.get(key);
    const run = before === undefined ? fn() : before.then(fn);
    const tail = run.then(settled, settled);
    queues.set(key, tail);
    const owner = queues;
    void tail.then(() => {
      if (owner.get(key) === tail) owner.delete(key);
    });
    return run;
  }
}

function settled(): void {}

function isEmptyRecord(record: object): boolean {
  for (const _ in record) return false;
  return true;
}

/** Checks the options the fake reads, and answers its adapter options. */
function readOptions(opts: ClassifyCallOptions | undefined): ClassificationAdapterOptions | undefined {
  if (opts === undefined) return undefined;
  if (typeof opts !== 'object' || opts === null) throw badOption('opts', `an object { requestId?, signal?, adapterOpts? }, got ${show(opts)}`);
  typos(opts, topKeys, 'opts');
  if (opts.requestId !== undefined && typeof opts.requestId !== 'string') throw badOption('opts.requestId', `a string, got ${show(opts.requestId)}`);
  const adapterOpts = opts.adapterOpts;
  if (adapterOpts === undefined) return undefined;
  if (typeof adapterOpts !== 'object' || adapterOpts === null) {
    throw badOption('opts.adapterOpts', `an object { classificationScript?, scriptCursor?, cursorKey?, capture?, scope? }, got ${show(adapterOpts)}`);
  }
  typos(adapterOpts, ownKeys, 'opts.adapterOpts');
  const { scriptCursor, cursorKey, capture, scope } = adapterOpts;
  if (scriptCursor !== undefined && !(scriptCursor instanceof ScriptCursor)) {
    throw badOption('opts.adapterOpts.scriptCursor', `a cursor handle from fake.startScriptCursor() or startScriptCursor(container), got ${show(scriptCursor)}`);
  }
  if (cursorKey !== undefined && typeof cursorKey !== 'string' && typeof cursorKey !== 'number') {
    throw badOption('opts.adapterOpts.cursorKey', `a string or a number, got ${show(cursorKey)}`);
  }
  if (capture !== undefined && typeof capture !== 'function') throw badOption('opts.adapterOpts.capture', `a function ({ request, opts }) => void, got ${show(capture)}`);
  if (scope !== undefined && typeof scope !== 'string') throw badOption('opts.adapterOpts.scope', `a scope name (a string), got ${show(scope)}`);
  return adapterOpts;
}

/**
 * Other classifiers read keys of their own, so unknown keys pass; a key one letter or two away
 * from one the fake reads is a typo that would silently change the answers, so it throws.
 */
function typos(options: object, known: readonly string[], where: string): void {
  for (const key in options) {
    if (known.includes(key)) continue;
    const guess = closest(key, known);
    if (guess !== undefined) throw badOption(`${where}.${key}`, `nothing: it is not an option. Did you mean '${guess}'?`);
  }
}

function badOption(path: string, expected: string): StandinError {
  return new StandinError('K0004', `FakeClassification.classify: ${path}: expected ${expected}.`);
}


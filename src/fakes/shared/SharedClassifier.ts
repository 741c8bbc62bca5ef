import { runCapture, scriptExhausted } from '../classification/scriptErrors.js';
import { bareMessage } from '../../errors/StandinError.js';
import type { ClassifyCallOptions } from '../../services/spec/Classifier.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../../services/classification/ClassificationResponse.js';
import { StoreFailure } from '../../services/cursors/redis/StoreFailure.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { FakeClassifier, type PendingClassifierEntry } from '../classification/FakeClassifier.js';
import { fakeResponse } from '../classification/fakeAnswers.js';
import { checkQuestions, checkRequest } from '../classification/requestChecks.js';
import { RETRY_HINT } from '../classification/takeEntry.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import { mergeRaised, type RaisedView } from '../script/RaisedErrors.js';
import { readError } from './publishable.js';
import type { SharedRaised } from './SharedRaised.js';
import type { SharedScripts } from './SharedScripts.js';

/**
 * A namespace's scripted classifier: every call in any process takes the next entry of the last published script, per
 * scope, in one Lua round trip that counts `retryUntilCall` as the fake does. A test author's error is recorded before
 * the call fails, so `verify()` in every process sees it (`K0014`). A slow Redis fails the call with `timeout` or
 * `network_error`, which the engine retries.
 */
export class SharedClassifier extends FakeClassifier {
  readonly #shared: SharedScripts;
  readonly #script: readonly ClassificationScriptEntry[] | undefined;
  readonly #gen: string | undefined;
  /** The test author's errors calls raised, in every process of the namespace, as Redis records them. */
  readonly #recorded: SharedRaised;

  constructor(shared: SharedScripts, script?: readonly ClassificationScriptEntry[]) {
    super(script === undefined ? { store: shared.store } : { script, store: shared.store });
    this.#shared = shared;
    this.#script = script;
    this.#gen = script === undefined ? undefined : shared.publishClassifier(script);
    this.#recorded = shared.classifierRaised(this.#gen);
  }

  /** Answers as the fake does; a test author's error is recorded in the namespace before the call rejects. */
  override async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    const taken: { gen?: string } = {};
    try {
      return await this.#classify(request, opts, taken);
    } catch (error) {
      const noted = this.noteRaised(error, opts);
      if (noted !== undefined) await this.#recorded.record(noted, taken.gen);
      throw error;
    }
  }

  /** The errors this process's calls raised, with those every process of the namespace recorded. */
  protected override async raisedView(): Promise<RaisedView> {
    const recorded = await this.#recorded.read();
    return mergeRaised(await super.raisedView(), recorded);
  }

  /** Forgets the errors kept so far: this process's, and those the namespace recorded before now. */
  override forget(): void {
    super.forget();
    this.#recorded.forget();
  }

  async #classify(
    request: ClassificationRequest,
    opts: ClassifyCallOptions | undefined,
    taken: { gen?: string },
  ): Promise<ClassificationResponse> {
    checkRequest(request, 'SharedClassifier');
    const scope = opts?.context?.scope ?? opts?.adapterOpts?.scope ?? DEFAULT_SCOPE;
    await runCapture(opts?.adapterOpts?.capture, { request, opts: opts ?? {} }, { scope, requestId: opts?.requestId });
    checkQuestions(request);
    let entry;
    try {
      entry = await this.#shared.takeEntry(scope);
    } catch (error) {
      if (error instanceof StoreFailure && error.kind !== undefined) {
        const reason = error.kind === 'timeout' ? 'timeout' : 'network_error';
        throw new ClassificationAdapterError(reason, { message: bareMessage(error), cause: error });
      }
      throw error;
    }
    taken.gen = entry.gen;
    let answers: Readonly<Record<string, unknown>> | undefined;
    if (entry.kind === 'retry') {
      throw new ClassificationAdapterError('rate_limited', { message: RETRY_HINT, retryAfterMs: 0 });
    }
    if (entry.kind === 'exhausted') {
      if (entry.count > 0) {
        throw scriptExhausted(entry.count, null, { scope, requestId: opts?.requestId });
      }
    } else {
      const json = JSON.parse(entry.json) as SharedEntryJson;
      if (json.kind === 'error') throw readError(json.error ?? {});
      answers = json.answers;
    }
    return fakeResponse(request, opts, answers);
  }

  /** The entries of the published script no call has used, per scope of the namespace; all when none was called. */
  override async pending(): Promise<PendingClassifierEntry[]> {
    const script = this.#script ?? [];
    if (this.#gen === undefined) return [];
    await this.#shared.ready();
    const id = `classification:shared:${this.#gen}`;
    const scopes = await this.#shared.store.scopesOf(id);
    if (scopes.length === 0) return script.map((entry, index) => ({ scope: null, index, entry }));
    const found: PendingClassifierEntry[] = [];
    for (const scope of scopes.sort()) {
      const at = await this.#shared.store.peek(scope, id);
      for (let index = at; index < script.length; index++) found.push({ scope, index, entry: script[index]! });
    }
    return found;
  }
}

/** A published entry as a shared step reads it back. */
interface SharedEntryJson {
  readonly kind: string;
  readonly answers?: Record<string, unknown>;
  readonly error?: Record<string, unknown>;
}

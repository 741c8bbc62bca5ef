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
import { readError } from './publishable.js';
import type { SharedScripts } from './SharedScripts.js';

/**
 * The scripted classifier of a namespace: every call, in any process of the namespace, takes the
 * next entry of the script published last (`app.fakeClassifier(script)` in any of them), per
 * scope, in one Lua round trip that counts `retryUntilCall` visits as the fake does. Made with a
 * script, it publishes it and its `pending()` and `verify()` read the namespace's cursors; made
 * without, it only answers. A Redis that is slow or out of reach fails the call with reason
 * `timeout` or `network_error`, which the engine retries.
 *
 * @example
 * ```ts
 * const classifier = app.fakeClassifier([{ answers: { team: 'billing' } }]); // in a namespace
 * await app.ready();
 * // ... another process classifies ...
 * await classifier.verify();
 * ```
 */
export class SharedClassifier extends FakeClassifier {
  readonly #shared: SharedScripts;
  readonly #script: readonly ClassificationScriptEntry[] | undefined;
  readonly #gen: string | undefined;

  constructor(shared: SharedScripts, script?: readonly ClassificationScriptEntry[]) {
    super(script === undefined ? { store: shared.store } : { script, store: shared.store });
    this.#shared = shared;
    this.#script = script;
    this.#gen = script === undefined ? undefined : shared.publishClassifier(script);
  }

  override async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    try {
      return await this.#classify(request, opts);
    } catch (error) {
      this.noteRaised(error, opts);
      throw error;
    }
  }

  async #classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    checkRequest(request, 'SharedClassifier');
    const scope = opts?.context?.scope ?? opts?.adapterOpts?.scope ?? DEFAULT_SCOPE;
    await runCapture(opts?.adapterOpts?.capture, { request, opts: opts ?? {} }, { scope, requestId: opts?.requestId });
    checkQuestions(request);
    let taken;
    try {
      taken = await this.#shared.takeEntry(scope);
    } catch (error) {
      if (error instanceof StoreFailure && error.kind !== undefined) {
        const reason = error.kind === 'timeout' ? 'timeout' : 'network_error';
        throw new ClassificationAdapterError(reason, { message: bareMessage(error), cause: error });
      }
      throw error;
    }
    let answers: Readonly<Record<string, unknown>> | undefined;
    if (taken.kind === 'retry') {
      throw new ClassificationAdapterError('rate_limited', { message: RETRY_HINT, retryAfterMs: 0 });
    }
    if (taken.kind === 'exhausted') {
      if (taken.count > 0) {
        throw scriptExhausted(taken.count, null, { scope, requestId: opts?.requestId });
      }
    } else {
      const entry = JSON.parse(taken.json) as SharedEntryJson;
      if (entry.kind === 'error') throw readError(entry.error ?? {});
      answers = entry.answers;
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

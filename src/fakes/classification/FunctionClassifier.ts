import { StandinError } from '../../errors/StandinError.js';
import type { Classifier, ClassifyCallOptions } from '../../services/spec/Classifier.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import type { ClassificationRequest } from '../../services/classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../../services/classification/ClassificationResponse.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import { abortReason } from '../../services/clock/Clock.js';
import { untilAborted } from '../../services/dispatch/untilAborted.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { Finding } from '../script/Finding.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import { fakeResponse } from './fakeAnswers.js';
import { checkQuestions, checkRequest } from './requestChecks.js';
import type { ClassificationSent } from './ClassificationSent.js';
import { SentLog } from '../script/SentLog.js';

/** What a classifier function learns about the call besides the request. */
export interface ClassifierCall {
  /** The cursor scope the call runs in (`''` outside any scope). */
  readonly scope: string;
  /** Which attempt at the classifier this is, from 1. */
  readonly attempt: number;
}

/** The entry a classifier function answers for one call: `{ answers }`, or `{ error }` to reject it. */
export type ClassifierAnswer = Exclude<ClassificationScriptEntry, { readonly retryUntilCall: number }>;

/**
 * A classifier answered by a function of the request, for `app.fakeClassifier(fn)`: it answers
 * each call with `{ answers: { id: value } }` (questions left out get their default) or `{ error }`.
 * Return a promise to answer later.
 */
export type ClassifierFunction = (
  request: ClassificationRequest,
  call: ClassifierCall,
) => ClassifierAnswer | Promise<ClassifierAnswer>;

/**
 * The fake classifier `app.fakeClassifier(fn)` binds: each call asks `fn`. Answers are checked
 * against their questions as a script's are (`K0011`); an answer of no legal shape, or a function
 * that throws anything but a `ClassificationAdapterError`, fails the call with `T0043`. It has
 * nothing pending: `pending()` is empty and `verify()` passes.
 *
 * @example
 * ```ts
 * const classifier = app.fakeClassifier((request) => ({
 *   answers: { team: String(request.state).includes('card') ? 'billing' : 'technical' },
 * }));
 * ```
 */
export class FunctionClassifier implements Classifier {
  readonly real = false;
  readonly provider = 'fake';
  readonly #fn: ClassifierFunction;
  readonly #sent = new SentLog<ClassificationSent>(10_000);

  constructor(fn: ClassifierFunction) {
    if (typeof fn !== 'function') {
      throw new StandinError('T0043', `app.fakeClassifier(fn): fn must be a function of the request, got ${show(fn)}.`);
    }
    this.#fn = fn;
  }

  /** What the function was asked, as a scripted fake's `sent` lists it; emptied by `forget()` (`app.reset()`). */
  get sent(): readonly ClassificationSent[] {
    return this.#sent.calls;
  }

  async classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse> {
    checkRequest(request, 'FunctionClassifier');
    const scope = opts?.context?.scope ?? opts?.adapterOpts?.scope ?? DEFAULT_SCOPE;
    const call = { scope, attempt: opts?.context?.attempt ?? 1 };
    this.#sent.push({ request, scope, step: opts?.context?.stepKey ?? '', attempt: call.attempt });
    checkQuestions(request);
    const where = `app.fakeClassifier(fn) in ${scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`}`;
    let entry: unknown;
    try {
      const answered = Promise.resolve(this.#fn(request, call));
      entry = opts?.signal !== undefined ? await untilAborted(answered, opts.signal) : await answered;
    } catch (error) {
      if (opts?.signal?.aborted === true) throw abortReason(opts.signal);
      if (error instanceof ClassificationAdapterError || error instanceof StandinError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const fix = "answer { error: new ClassificationAdapterError('rate_limited') }";
      const text = `${where}: fn threw: ${message}. Fix the function; to fail the call as a classifier would, ${fix}.`;
      throw new StandinError('T0043', text, { cause: error });
    }
    if (!isPlainObject(entry) || Object.keys(entry).length !== 1 || !('answers' in entry || 'error' in entry)) {
      const shapes = '{ answers: { id: value } } or { error: new ClassificationAdapterError(reason) }';
      throw new StandinError('T0043', `${where}: fn answered ${show(entry)}; it must answer ${shapes}.`);
    }
    if ('error' in entry) {
      if (entry.error instanceof ClassificationAdapterError) throw entry.error;
      const got = `{ error: ${show(entry.error)} }`;
      throw new StandinError('T0043', `${where}: fn answered ${got}; the error must be a ClassificationAdapterError.`);
    }
    if (!isPlainObject(entry.answers)) {
      const got = `{ answers: ${show(entry.answers)} }`;
      throw new StandinError('T0043', `${where}: fn answered ${got}; answers must be an object { id: value }.`);
    }
    return fakeResponse(request, opts, entry.answers);
  }

  /** Nothing: a function has no entries left over. */
  async pending(): Promise<readonly never[]> {
    return [];
  }

  /**
   * Nothing: a function has no entries left over, and its errors are not kept (`verify()` passes).
   *
   * @example
   * ```ts
   * await classifier.findings(); // []
   * ```
   */
  async findings(_scope?: string): Promise<readonly Finding[]> {
    return [];
  }

  /** Passes: {@link findings} reports nothing. */
  async verify(): Promise<void> {}

  /** Forgets what it was sent: the function keeps no other state. */
  forget(): void {
    this.#sent.clear();
  }
}

import type { ClassificationScriptEntry, CursorHandle } from './ClassificationScriptEntry.js';
import type { ClassificationRequest } from '../classification/ClassificationRequest.js';
import type { ClassificationResponse } from '../classification/ClassificationResponse.js';

/** What a classifier's `capture` callback is handed on every call. */
export interface ClassificationCall {
  readonly request: ClassificationRequest;
  /**
   * The options exactly as the classifier received them (through the engine: with `requestId`, `context` and
   * `adapterOpts.cursorKey`).
   */
  readonly opts: ClassifyCallOptions;
}

/**
 * Options for the classifier itself. The scripted fake reads the named ones; a real classifier
 * reads its own keys and ignores the rest (a real classifier handed a `classificationScript`
 * answers it with the fake, so the same test runs on both).
 */
export interface ClassifierOptions {
  /** The fake's script for this call: a list of `{ answers }`, `{ error }` and `{ retryUntilCall }` entries. */
  readonly classificationScript?: readonly ClassificationScriptEntry[];
  /** An explicit cursor handle: the script's cursor lives there, whatever the engine or scope. */
  readonly scriptCursor?: CursorHandle;
  /** The cursor's identity when there is no handle. The engine puts its own id here unless the caller gave one. */
  readonly cursorKey?: string | number;
  /**
   * Called with `{ request, opts }` on every call, before anything is checked; a promise it returns is awaited, and its
   * throw or rejection fails the call with `K0013`. Test-only.
   */
  readonly capture?: (call: ClassificationCall) => void;
  /**
   * The cursor scope of the call, for a classifier called without the engine; through the engine, `context.scope` is
   * used.
   */
  readonly scope?: string;
  /** Keys a particular classifier reads. */
  readonly [key: string]: unknown;
}

/**
 * Where a call stands, as the engine hands it to the classifier: the same fields a provider's
 * `CallContext` has for a model call.
 *
 * @example
 * ```ts
 * async classify(request, opts) { const scope = opts?.context?.scope ?? ''; ... }
 * ```
 */
export interface ClassifyContext {
  /** One id per engine call, the same across its retries and fallbacks. */
  readonly requestId: string;
  /** The step's stable key: a key of the call's own for a call made outside a run. */
  readonly stepKey: string;
  /** The cursor scope the call runs in (`''` outside any scope). */
  readonly scope: string;
  /** Which attempt at this classifier this is, from 1. */
  readonly attempt: number;
}

/** What a classifier's `classify` takes besides the request. */
export interface ClassifyCallOptions {
  /** standin's id for the call; reflected onto `response.requestId`. */
  readonly requestId?: string;
  /** Aborts the call. */
  readonly signal?: AbortSignal;
  /** Options for the classifier itself. */
  readonly adapterOpts?: ClassifierOptions;
  /** Where the call stands: set by the engine on every call it makes. */
  readonly context?: ClassifyContext;
}

/**
 * A classifier, bound at `Tokens.Classifier`: answers typed questions about a state.
 *
 * The contract every classifier keeps (the conformance suite in `standin/conformance` checks it):
 * 1. `classify` resolves with a `ClassificationResponse` or rejects with a `ClassificationAdapterError`, nothing else;
 * 2. the answers' keys are exactly the request's question ids;
 * 3. each answer's `type` is its question's type, with the fields of that type;
 * 4. a choice is one of its options, and its probabilities are keyed by exactly the options;
 * 5. a score's probabilities and legend have one entry per level;
 * 6. empty `questions` reject with reason `invalid_request` before any I/O;
 * 7. `request.metadata` comes back on the response, and `opts.requestId` as `response.requestId`.
 * A classifier makes one attempt per call: the engine retries.
 *
 * @example
 * ```ts
 * const container = createContainer(config, new ContainerModule(({ bind }) => {
 *   bind(Tokens.Classifier).toConstantValue(new FakeClassifier());
 * }));
 * ```
 */
export interface Classifier {
  /** True for a classifier that reaches a real service: test apps block it unless allowed. */
  readonly real?: boolean;
  /** The classifier's provider name, such as `'typesafe'`: what `app.allowRealCalls(name)` allows. */
  readonly provider?: string;
  /** Answers every question of `request`. */
  classify(request: ClassificationRequest, opts?: ClassifyCallOptions): Promise<ClassificationResponse>;
}

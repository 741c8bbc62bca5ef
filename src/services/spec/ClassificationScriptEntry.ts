import type { ClassificationAnswer } from '../classification/ClassificationAnswer.js';
import type { ClassificationAdapterError } from '../classification/ClassificationAdapterError.js';
import type { CursorStore } from '../cursors/CursorStore.js';

/**
 * How a scripted answer is given for one question: an option name (choice), a number (the score
 * position, or the probability of yes), or a whole `ClassificationAnswer`, used as it is.
 */
export type ClassificationScriptValue = string | number | ClassificationAnswer;

/**
 * One scripted classify call:
 * - `{ answers: { id: value } }` answers the call; a question it leaves out gets its default;
 * - `{ error }` rejects the call with that `ClassificationAdapterError`, as it is;
 * - `{ retryUntilCall: n }` rejects the first `n - 1` calls that reach it with `rate_limited`
 *   (`retryAfterMs: 0`), then moves on to the next entry on call `n`.
 *
 * The grammar is read and checked by the scripted fake; a classifier adapter only passes it on.
 */
export type ClassificationScriptEntry =
  | { readonly answers: Readonly<Record<string, ClassificationScriptValue>> }
  | { readonly error: ClassificationAdapterError }
  | { readonly retryUntilCall: number };

/**
 * An explicit cursor handle, as a classifier adapter is handed it: the one cursor a scripted fake
 * uses whatever the call's engine, scope or script. `startScriptCursor(container)` makes one.
 */
export interface CursorHandle {
  /** The handle's identity inside its store. */
  readonly id: string;
  /** The store the handle's position lives in. */
  readonly store: CursorStore;
  /** How many script entries calls through this handle have taken so far. */
  index(): Promise<number>;
}

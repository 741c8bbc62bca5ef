import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import type { CursorSlot } from '../script/CursorSlot.js';
import { entryKind, invalidEntry } from '../script/scriptEntry.js';
import { scriptExhausted } from './scriptErrors.js';

/** The message of the synthetic rate limit a `{ retryUntilCall }` entry answers. */
export const RETRY_HINT = 'FakeClassifier retry_until_call hint';

/**
 * Takes a classifier script's next entry on `slot`: the answers to give (undefined for the
 * defaults of an empty script), or a rejection. A `{ retryUntilCall: n }` entry rejects with
 * `rate_limited` on its first n - 1 visits, then moves on; consecutive ones chain. The cursor
 * moves before an entry is read, so an entry that throws is spent. A spent non-empty script
 * rejects with `classification_script_exhausted` (`K0008`).
 *
 * @example
 * ```ts
 * const answers = await takeEntry(slot, [{ answers: { team: 'billing' } }], undefined);
 * ```
 */
export async function takeEntry(
  slot: CursorSlot,
  script: readonly unknown[],
  requestId: string | null | undefined,
): Promise<Readonly<Record<string, unknown>> | undefined> {
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
      throw new ClassificationAdapterError('rate_limited', { message: RETRY_HINT, retryAfterMs: 0 });
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

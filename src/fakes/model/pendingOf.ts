import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { FakeState } from './FakeState.js';
import { leastReleased } from './releasedLines.js';
import type { PendingAnswer } from './SentCall.js';

/**
 * The answers not given yet in scope `named`, else in the default partition, where a fake used in released scopes only
 * reads them.
 */
export async function pendingOf(fake: FakeState, named: string | undefined): Promise<readonly PendingAnswer[]> {
  const { read, store, script } = fake;
  const source = read.reply;
  if (source?.kind !== 'list') return [];
  if (source.matching) {
    const taken = new Set((await store.taken?.(named ?? DEFAULT_SCOPE, script)) ?? []);
    const left = source.answers.filter((prepared) => !taken.has(prepared.index!));
    return left.map((prepared) => ({ index: prepared.index!, answer: prepared.answer }));
  }
  let at = await store.peek(named ?? DEFAULT_SCOPE, script);
  if (named === undefined && at === 0) at = leastReleased(await store.released?.(script)) ?? 0;
  return source.answers.slice(at).map((prepared) => ({ index: prepared.index!, answer: prepared.answer }));
}

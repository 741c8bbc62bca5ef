import type { CursorStore } from '../../services/cursors/CursorStore.js';
import type { CallContext } from '../../services/spec/Provider.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import { storeCall } from './storeCall.js';

/**
 * Whether a `fail` answer fails this try. Tries are counted in the store per scope, so a wire client's retry counts as
 * the engine's does.
 */
export async function failsThisTry(
  store: CursorStore,
  script: string,
  step: string,
  prepared: PreparedAnswer,
  context: CallContext,
): Promise<boolean> {
  if (prepared.times === undefined) return true;
  const tries = `${script}\u0000${step}`;
  context.onEnd?.(() => void store.reset(context.scope, tries).catch(() => undefined));
  return (await storeCall(store.visit(context.scope, tries, 0), context)) <= prepared.times;
}

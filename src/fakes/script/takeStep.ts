import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../../services/cursors/MemoryCursorStore.js';

const memory = MemoryCursorStore.prototype;

/**
 * The entry a step gets: the cursor's position the first time it asks, the same index after, so a retried or replayed
 * step gets the answer it got before. When the call ends the store may forget the step; the cursor stays. The memory
 * store answers at once, with no promise; a store of its class whose methods were replaced is asked through them.
 */
export function takeStep(
  store: CursorStore,
  scope: string,
  script: string,
  step: string,
  onEnd: ((done: () => void) => void) | undefined,
): number | Promise<number> {
  // The forgetting asked for first, as the step may be taken later.
  if (store.forgetStep === memory.forgetStep) {
    onEnd?.(() => (store as MemoryCursorStore).forgetStepNow(scope, script, step));
  } else if (store.forgetStep !== undefined) {
    onEnd?.(() => void store.forgetStep?.(scope, script, step).catch(() => undefined));
  }
  if (store.stepIndex === memory.stepIndex) return (store as MemoryCursorStore).stepIndexNow(scope, script, step);
  return store.stepIndex(scope, script, step);
}

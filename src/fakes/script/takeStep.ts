import type { CursorStore } from '../../services/cursors/CursorStore.js';

/**
 * The entry a step gets: the cursor's position the first time it asks, the same index after, so a retried or replayed
 * step gets the answer it got before. When the call ends the store may forget the step; the cursor stays.
 */
export function takeStep(
  store: CursorStore,
  scope: string,
  script: string,
  step: string,
  onEnd: ((done: () => void) => void) | undefined,
): Promise<number> {
  // Not async, and the forgetting asked for first: a faked reply pays for no promise of its own here.
  if (store.forgetStep !== undefined) {
    onEnd?.(() => void store.forgetStep?.(scope, script, step).catch(() => undefined));
  }
  return store.stepIndex(scope, script, step);
}

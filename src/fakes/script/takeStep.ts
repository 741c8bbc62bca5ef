import type { CursorStore } from '../../services/cursors/CursorStore.js';

/**
 * The index of the entry a step of a list script gets in `scope`: the cursor's position the
 * first time the step asks (the cursor then moves on), the same index on every later ask, so a
 * step that runs again (a retry, a run given its earlier `runId`) gets the answer it got before.
 * When the call is over (`onEnd`), a store that can forgets the step; its cursor stays where it is.
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

import { setMaxListeners } from 'node:events';
import { abortReason } from '../clock/Clock.js';

/**
 * The signal the tools of one step are handed: the run's own when the step calls one tool, else a
 * signal that aborts with it and takes a listener from each tool (two per tool at most) without
 * Node's warning about too many listeners, which `calls` tools at once on the run's signal would
 * raise past five. `done()` lets go of the run's signal when the step's tools are over.
 */
export function stepSignal(run: AbortSignal, calls: number): { readonly signal: AbortSignal; done(): void } {
  if (calls <= 1) return { signal: run, done: () => undefined };
  const step = new AbortController();
  setMaxListeners(2 * calls + 1, step.signal);
  if (run.aborted) {
    step.abort(abortReason(run));
    return { signal: step.signal, done: () => undefined };
  }
  const follow = (): void => step.abort(abortReason(run));
  run.addEventListener('abort', follow, { once: true });
  return { signal: step.signal, done: () => run.removeEventListener('abort', follow) };
}

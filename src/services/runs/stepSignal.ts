import { setMaxListeners } from 'node:events';
import { abortReason } from '../clock/Clock.js';

/**
 * The signal of one step's tools: the run's for one tool, else one that aborts with it, as `calls` tools on the run's
 * signal would raise Node's too-many-listeners warning past five.
 */
export function stepSignal(run: AbortSignal, calls: number): { readonly signal: AbortSignal; done(): void } {
  if (calls <= 1) return { signal: run, done: nothing };
  const step = new AbortController();
  setMaxListeners(2 * calls + 1, step.signal);
  if (run.aborted) {
    step.abort(abortReason(run));
    return { signal: step.signal, done: nothing };
  }
  const follow = (): void => step.abort(abortReason(run));
  run.addEventListener('abort', follow, { once: true });
  return { signal: step.signal, done: () => run.removeEventListener('abort', follow) };
}

/** What a step with one tool (or none) has to undo: nothing, one function for all. */
function nothing(): void {}

import { StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../clock/Clock.js';
import type { ToolCall } from '../spec/Provider.js';
import type { Tool, ToolContext } from './tool.js';

/** How long a tool's `run` may take, in ms, when its definition names no `timeoutMs`: one minute. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;

/**
 * A tool's answer, a promise bounded by `timeoutMs` (`R0006`) and the run's signal. `run` gets a signal that aborts at
 * either, so a tool that passes it on stops rather than run on unseen.
 *
 * @throws {StandinError} `R0006` when the promise `run` returned has not settled after the bound.
 */
export async function toolWithin(found: Tool, input: unknown, call: ToolCall, context: ToolContext): Promise<unknown> {
  const outer = context.signal;
  // The tool's own signal is made when the tool reads it: a tool that answers at once pays for no controller.
  let own: AbortController | undefined;
  let follow: (() => void) | undefined;
  let over = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop: (() => void) | undefined;
  try {
    // The getter makes the signal: no closure is named here, as the build would name it again on every call.
    const returned = found.run(input, {
      ...context,
      get signal() {
        if (own === undefined) {
          own = new AbortController();
          if (outer.aborted) own.abort(abortReason(outer));
          else if (!over) {
            follow = () => own!.abort(abortReason(outer));
            outer.addEventListener('abort', follow, { once: true });
          }
        }
        return own.signal;
      },
    });
    if (typeof (returned as { then?: unknown } | null)?.then !== 'function') return returned;
    const timeoutMs = found.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    const ended = new Promise<never>((_, reject) => {
      if (outer.aborted) return reject(abortReason(outer));
      stop = () => reject(abortReason(outer));
      outer.addEventListener('abort', stop, { once: true });
      timer = setTimeout(() => {
        const error = timedOut(call, context, timeoutMs, found.timeoutMs !== undefined);
        own?.abort(error);
        reject(error);
      }, timeoutMs);
      // Kept referenced: a program whose one pending work is a stuck tool waits for the bound and gets R0006, rather than
      // exit with the run unsettled. It is cleared the moment the tool settles.
    });
    // The tool's own promise may still settle after the bound: that must not surface as unhandled.
    const settled = Promise.resolve(returned as PromiseLike<unknown>);
    settled.then(undefined, () => undefined);
    return await Promise.race([settled, ended]);
  } finally {
    over = true;
    clearTimeout(timer);
    if (follow !== undefined) outer.removeEventListener('abort', follow);
    if (stop !== undefined) outer.removeEventListener('abort', stop);
  }
}

function timedOut(call: ToolCall, context: ToolContext, timeoutMs: number, named: boolean): StandinError {
  const bound = named ? `its timeoutMs, ${timeoutMs} ms` : `${timeoutMs} ms (the default; the tool names no timeoutMs)`;
  return new StandinError(
    'R0006',
    `Run ${context.runId}, step ${context.step}: the tool '${call.tool}' (call id '${call.id}') did not finish within ` +
      `${bound}; its signal was aborted. Make its run settle sooner (pass context.signal on to what it waits for), ` +
      `or give the tool a longer bound: tool({ input, run, timeoutMs }).`,
  );
}

import { StandinError } from '../../errors/StandinError.js';
import type { ClassificationCall } from '../../services/spec/Classifier.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { HANDLE_SCOPE } from '../script/ScriptCursor.js';
import { untilAborted } from '../../services/dispatch/untilAborted.js';

/** Where a classify call ran, for messages: its scope and its request id. */
export interface ClassifyWhere {
  readonly scope: string;
  readonly requestId: string | null | undefined;
}

/**
 * The seed's spent-script rejection (reason `unknown`, `metadata.cause:
 * 'classification_script_exhausted'`, code `K0008`), with a message that says how many entries
 * the script had, which call ran past them, in which scope, and what to do.
 *
 * @example
 * ```ts
 * throw scriptExhausted(2, 3, { scope: '', requestId: 'r-1' });
 * ```
 */
export function scriptExhausted(
  entries: number,
  call: number | null,
  where: ClassifyWhere,
): ClassificationAdapterError {
  return new ClassificationAdapterError('unknown', {
    message:
      `FakeClassifier script exhausted: the script has ${entries} entr${entries === 1 ? 'y' : 'ies'}, and ` +
      `${call === null ? 'a call' : `call ${call}`} ran past them (${describe(where)}). ` +
      'Add an entry for it, or find why the code under test classifies more often than the test expects.',
    metadata: { cause: 'classification_script_exhausted' },
  });
}

/** The longest a classify call waits for the promise its `capture` callback returned. */
export const CAPTURE_TIMEOUT_MS = 30_000;

/**
 * Calls a classify call's `capture` callback and waits for the promise it may return, at most
 * {@link CAPTURE_TIMEOUT_MS} (`K0015` past it) and no longer than the call's signal allows: its
 * throw or rejection becomes `K0013`, the capture's own error, never the classifier's and never
 * an unhandled rejection.
 *
 * @throws {StandinError} `K0013` with the callback's error as the `cause`; `K0015` when its promise does not settle in
 * time.
 * @example
 * ```ts
 * await runCapture(adapterOpts.capture, { request, opts }, { scope: '', requestId: 'r-1' });
 * ```
 */
export async function runCapture(
  capture: ((call: ClassificationCall) => unknown) | undefined,
  call: ClassificationCall,
  where: ClassifyWhere,
): Promise<void> {
  if (capture === undefined) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const returned = capture(call);
    if (typeof (returned as { then?: unknown } | null)?.then !== 'function') return;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new CaptureTimeout()), CAPTURE_TIMEOUT_MS);
      // The bound ends a stuck call; it does not keep the process alive by itself.
      timer.unref?.();
    });
    const signal = call.opts.signal;
    const settled = Promise.race([Promise.resolve(returned as PromiseLike<unknown>), late]);
    await (signal instanceof AbortSignal ? untilAborted(settled, signal) : settled);
  } catch (error) {
    if (error instanceof CaptureTimeout) {
      throw new StandinError(
        'K0015',
        `FakeClassifier: the capture callback (adapterOpts.capture) returned a promise that did not settle within ` +
          `${CAPTURE_TIMEOUT_MS} ms (${describe(where)}). Make it resolve or reject; do slow work after the call, ` +
          `not in its capture.`,
      );
    }
    if (call.opts.signal?.aborted === true && error === call.opts.signal.reason) throw error;
    const shown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new StandinError(
      'K0013',
      `FakeClassifier: the capture callback (adapterOpts.capture) failed with ${shown} (${describe(where)}). The ` +
        `classifier was not at fault: fix the callback.`,
      { cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The capture's promise outlived {@link CAPTURE_TIMEOUT_MS}. */
class CaptureTimeout extends Error {}

function describe(where: ClassifyWhere): string {
  const scope =
    where.scope === DEFAULT_SCOPE
      ? 'the default scope'
      : where.scope === HANDLE_SCOPE
        ? 'an explicit cursor handle'
        : `scope '${where.scope}'`;
  return where.requestId === null || where.requestId === undefined
    ? `in ${scope}`
    : `request '${where.requestId}', in ${scope}`;
}

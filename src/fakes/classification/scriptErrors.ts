import { StandinError } from '../../errors/StandinError.js';
import type { ClassificationCall } from '../../services/spec/ClassificationAdapter.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { HANDLE_SCOPE } from '../script/ScriptCursor.js';

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
export function scriptExhausted(entries: number, call: number | null, where: ClassifyWhere): ClassificationAdapterError {
  return new ClassificationAdapterError('unknown', {
    message:
      `FakeClassification script exhausted: the script has ${entries} entr${entries === 1 ? 'y' : 'ies'}, and ${call === null ? 'a call' : `call ${call}`} ran past them (${describe(where)}). ` +
      'Add an entry for it, or find why the code under test classifies more often than the test expects.',
    metadata: { cause: 'classification_script_exhausted' },
  });
}

/**
 * Calls a classify call's `capture` callback and waits for the promise it may return: its throw
 * or rejection becomes `K0013`, the capture's own error, never the classifier's and never an
 * unhandled rejection.
 *
 * @throws {StandinError} `K0013` with the callback's error as the `cause`.
 * @example
 * ```ts
 * await runCapture(adapterOpts.capture, { request, opts }, { scope: '', requestId: 'r-1' });
 * ```
 */
export async function runCapture(capture: ((call: ClassificationCall) => unknown) | undefined, call: ClassificationCall, where: ClassifyWhere): Promise<void> {
  if (capture === undefined) return;
  try {
    await capture(call);
  } catch (error) {
    const shown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new StandinError(
      'K0013',
      `FakeClassification: the capture callback (adapterOpts.capture) failed with ${shown} (${describe(where)}). The classifier was not at fault: fix the callback.`,
      { cause: error },
    );
  }
}

function describe(where: ClassifyWhere): string {
  const scope = where.scope === DEFAULT_SCOPE ? 'the default scope' : where.scope === HANDLE_SCOPE ? 'an explicit cursor handle' : `scope '${where.scope}'`;
  return where.requestId === null || where.requestId === undefined ? `in ${scope}` : `request '${where.requestId}', in ${scope}`;
}

import { StandinError } from '../../errors/StandinError.js';
import { show } from '../../services/classification/shapeError.js';
import type { Finding } from '../script/Finding.js';
import type { ClassificationScriptEntry } from '../script/scriptEntry.js';
import type { UnusedReport } from '../script/verifyScript.js';

/** A script entry no call has used yet. */
export interface PendingClassifierEntry {
  /** The scope whose cursor has not reached the entry; null for an explicit cursor handle, or a fake never called. */
  readonly scope: string | null;
  /** The entry's index in the script. */
  readonly index: number;
  readonly entry: ClassificationScriptEntry;
  /** For scopes already released: how many of them left the entry unused (`scope` names the first). */
  readonly released?: number;
}

/**
 * The script entries a faked classifier's calls never used (its `pending()`, in `scope` when one
 * is named: `''` holds an explicit handle's and a never-called fake's): a `K0012` finding for
 * each, and the `K0012` error that lists them, each with its scope.
 *
 * @example
 * ```ts
 * unusedEntries(await fake.pending(), { neverCalled: true }).error()?.code; // 'K0012'
 * ```
 */
export function unusedEntries(
  pending: readonly PendingClassifierEntry[],
  how: { readonly neverCalled: boolean; readonly scope?: string | undefined },
): UnusedReport {
  const { scope } = how;
  const unused = scope === undefined ? pending : pending.filter((entry) => (entry.scope ?? '') === scope);
  const findings = unused.map((entry): Finding => {
    const where = entry.scope === null ? ` (${noScope(how.neverCalled)})` : releasedNote(entry);
    const line = `script[${entry.index}] ${show(entry.entry)} never used${where}`;
    return { scope: entry.scope ?? '', code: 'K0012', line };
  });
  return { findings, error: () => (unused.length === 0 ? undefined : unusedError(unused, how.neverCalled)) };
}

function unusedError(unused: readonly PendingClassifierEntry[], neverCalled: boolean): StandinError {
  const lines = unused.map(({ scope, index, entry, released }) => {
    const where = scope === null ? noScope(neverCalled) : `scope ${JSON.stringify(scope)}`;
    return `  [${index}] ${show(entry)} — ${where}${releasedNote({ released })}`;
  });
  const count = unused.length;
  return new StandinError(
    'K0012',
    `FakeClassifier: ${count} script entr${count === 1 ? 'y was' : 'ies were'} never used:\n${lines.join('\n')}\n` +
      'Remove them, or find out why the code under test classified fewer times than the script expects.',
  );
}

/** Where an entry with no scope is: the fake was never called, or an explicit handle holds its cursor. */
function noScope(neverCalled: boolean): string {
  return neverCalled ? 'the fake was never called' : 'explicit cursor handle';
}

function releasedNote({ released }: { readonly released?: number | undefined }): string {
  if (released === undefined) return '';
  return ` (released; ${released} released scope${released === 1 ? '' : 's'} left it)`;
}

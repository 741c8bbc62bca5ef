import type { CursorStore, ReleasedCursor } from '../../services/cursors/CursorStore.js';
import { HANDLE_SCOPE } from './ScriptCursor.js';

/** Where one script's cursor stands in one place: the entries from `at` on were never taken there. */
export interface CursorRun {
  /**
   * `''` for the default scope; the first released scope's name for a released group; {@link HANDLE_SCOPE} for a
   * handle.
   */
  readonly scope: string;
  /** How many entries the cursor took there. */
  readonly at: number;
  /** For scopes already released: the group they are counted in. */
  readonly released?: ReleasedCursor;
  /** For a script whose entries are chosen by the request: which entries the scope took. */
  readonly taken?: readonly number[];
}

/** A script's cursors: its store and identity, and {@link HANDLE_SCOPE} as `scope` for an explicit handle. */
export interface ScriptSlot {
  readonly store: CursorStore;
  readonly script: string;
  readonly scope?: string;
}

/**
 * Where `script`'s cursors stand: in `only`, else every scope it moved in, then each released group counted by how far
 * it went. A handle's script has one cursor shared by every scope.
 */
export async function cursorRuns(slot: ScriptSlot, only?: string): Promise<CursorRun[]> {
  const { store, script } = slot;
  if (slot.scope === HANDLE_SCOPE) return [{ scope: HANDLE_SCOPE, at: await store.peek(HANDLE_SCOPE, script) }];
  const scopes = only !== undefined ? [only] : await store.scopesOf(script);
  const runs: CursorRun[] = [];
  for (const name of scopes) runs.push({ scope: name, at: await store.peek(name, script) });
  if (only !== undefined) return runs;
  for (const group of (await store.released?.(script)) ?? []) {
    runs.push({ scope: group.examples[0] ?? '', at: group.at, released: group });
  }
  return runs;
}

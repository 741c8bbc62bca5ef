import { randomUUID } from 'node:crypto';
import type { CursorStore } from '../../services/cursors/CursorStore.js';

/** The partition that holds explicit cursor handles: shared by every scope, as a handle is. */
export const HANDLE_SCOPE = '\u0000handles';

/**
 * An explicit cursor handle: the one cursor a scripted fake uses when it is handed this handle, whatever the call's
 * engine, scope or script content. Share one between calls to make them walk one script together, or give content-equal
 * scripts one handle each to keep them apart. It lives in the store it was started from, never in a global.
 *
 * @example
 * ```ts
 * const cursor = startScriptCursor(container);
 * await cursor.index(); // 0
 * ```
 */
export class ScriptCursor {
  /** The handle's identity inside its store. */
  readonly id: string;
  /** The store the handle's position lives in. */
  readonly store: CursorStore;

  constructor(store: CursorStore) {
    this.store = store;
    this.id = `cursor:${randomUUID()}`;
  }

  /** How many script entries calls through this handle have taken so far. */
  index(): Promise<number> {
    return this.store.peek(HANDLE_SCOPE, this.id);
  }
}

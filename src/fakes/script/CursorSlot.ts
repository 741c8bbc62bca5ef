import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { hashScript } from './hashScript.js';
import { HANDLE_SCOPE, ScriptCursor } from './ScriptCursor.js';

/** Where one script's cursor lives: a store, a scope in it, and the script's identity. */
export interface CursorSlot {
  readonly store: CursorStore;
  readonly scope: string;
  readonly script: string;
}

/** What a scripted fake knows about a call when it picks the cursor the call moves. */
export interface CursorSlotInput {
  /** The fake's kind, so two kinds of fake keyed on one engine id keep two cursors. */
  readonly kind: string;
  /** The store of the container (or of the fake, when it is used alone). */
  readonly store: CursorStore;
  /** The scope of the call: `''` outside any scope. */
  readonly scope: string;
  /** An explicit handle, when the caller passed one. */
  readonly cursor?: ScriptCursor | undefined;
  /** The engine's cursor key (or a caller's own), when there is one. */
  readonly cursorKey?: string | number | undefined;
  /** The script itself, hashed when there is neither a handle nor a key. */
  readonly script: unknown;
}

/**
 * The cursor a call moves, by the seeds' precedence: a handle, the engine's cursor key, the script's hash. Retry
 * budgets key on the same slot, so they never drift from the cursor.
 */
export function cursorSlot(input: CursorSlotInput): CursorSlot {
  if (input.cursor instanceof ScriptCursor) {
    return { store: input.cursor.store, scope: HANDLE_SCOPE, script: input.cursor.id };
  }
  if (input.cursorKey !== undefined && input.cursorKey !== null) {
    return {
      store: input.store,
      scope: input.scope,
      script: `${input.kind}:key:${typeof input.cursorKey}:${input.cursorKey}`,
    };
  }
  return { store: input.store, scope: input.scope, script: `${input.kind}:hash:${hashScript(input.script)}` };
}

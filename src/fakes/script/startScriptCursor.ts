import type { Container } from 'inversify';
import { Tokens } from '../../tokens/Tokens.js';
import { ScriptCursor } from './ScriptCursor.js';

/**
 * Starts an explicit cursor handle in `container`'s cursor store, at index 0: the TypeScript form
 * of the seed's `start_script_cursor/0`. Hand it to a scripted fake to share one cursor between
 * calls, or to keep two content-equal scripts apart.
 *
 * @example
 * ```ts
 * const cursor = startScriptCursor(app.container);
 * await cursorIndex(cursor); // 0
 * ```
 */
export function startScriptCursor(container: Container): ScriptCursor {
  return new ScriptCursor(container.get(Tokens.CursorStore));
}

/**
 * How many script entries calls through `cursor` have taken: the seed's `cursor_index/1`.
 *
 * @example
 * ```ts
 * await cursorIndex(cursor); // 1 after one scripted call
 * ```
 */
export function cursorIndex(cursor: ScriptCursor): Promise<number> {
  return cursor.index();
}

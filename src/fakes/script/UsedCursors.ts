import { cursorRuns, type CursorRun } from './cursorRuns.js';
import { cursorSlot, type CursorSlot, type CursorSlotInput } from './CursorSlot.js';
import { HANDLE_SCOPE } from './ScriptCursor.js';

/**
 * The cursor identities a fake's script moved, so `pending()` and `verify()` read each in the store; a scope costs
 * nothing here.
 */
export class UsedCursors {
  readonly #used = new Map<string, CursorSlot>();
  /** The slot of an empty script with neither handle nor key, per scope (it depends on nothing else). */
  readonly #emptySlots = new Map<string, CursorSlot>();

  /** Whether any call moved a cursor of the fake's own script. */
  get moved(): boolean {
    return this.#used.size > 0;
  }

  /** The slot a call moves ({@link cursorSlot}'s precedence), remembered when the script is the fake's own. */
  pick(input: CursorSlotInput, own: boolean): CursorSlot {
    const { cursor, cursorKey, scope } = input;
    // Every empty script has one content hash, so its slot per scope is worked out once.
    const keyless = cursor === undefined && (cursorKey === undefined || cursorKey === null);
    const hashedEmpty = keyless && isEmpty(input.script);
    let slot = hashedEmpty ? this.#emptySlots.get(scope) : undefined;
    if (slot === undefined) {
      slot = cursorSlot(input);
      if (hashedEmpty) this.#emptySlots.set(scope, slot);
    }
    if (own) this.#used.set(slot.scope === HANDLE_SCOPE ? `${slot.scope}\u0000${slot.script}` : slot.script, slot);
    return slot;
  }

  /** Where every cursor the fake's own script moved stands: per identity, its scopes, then its released groups. */
  async runs(): Promise<CursorRun[]> {
    const runs: CursorRun[] = [];
    for (const slot of this.#used.values()) runs.push(...(await cursorRuns(slot)));
    return runs;
  }
}

function isEmpty(script: unknown): boolean {
  return Array.isArray(script) && script.length === 0;
}

import { describe, expect, it } from 'vitest';
import { Tokens } from '../../../src/index.js';
import { cursorIndex, startScriptCursor } from '../../../src/testing.js';
import { cursorSlot } from '../../../src/fakes/script/CursorSlot.js';
import { createTestContainer } from '../../../src/testing.js';

describe(startScriptCursor, () => {
  it("starts a handle at index 0 in the container's own store", async () => {
    const container = createTestContainer();
    const cursor = startScriptCursor(container);
    expect(cursor.store).toBe(container.get(Tokens.CursorStore));
    expect(await cursorIndex(cursor)).toBe(0);
  });

  it('keeps handles of two containers apart', async () => {
    const one = startScriptCursor(createTestContainer());
    const two = startScriptCursor(createTestContainer());
    const slot = cursorSlot({ kind: 'k', store: one.store, scope: '', cursor: one, script: [] });
    await slot.store.advance(slot.scope, slot.script);
    expect(await cursorIndex(one)).toBe(1);
    expect(await cursorIndex(two)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { ScriptCursor } from '../../../src/testing.js';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { cursorSlot } from '../../../src/fakes/script/CursorSlot.js';
import { hashScript } from '../../../src/fakes/script/hashScript.js';
import { HANDLE_SCOPE } from '../../../src/fakes/script/ScriptCursor.js';

describe(cursorSlot, () => {
  const store = new MemoryCursorStore();
  const script = [{ answers: {} }];

  it('takes an explicit cursor handle first: its own store, its shared partition, its id', () => {
    const other = new MemoryCursorStore();
    const cursor = new ScriptCursor(other);
    const slot = cursorSlot({ kind: 'classification', store, scope: 'request-1', cursor, cursorKey: 7, script });
    expect(slot).toEqual({ store: other, scope: HANDLE_SCOPE, script: cursor.id });
  });

  it('takes the cursor key next, in the call scope', () => {
    const slot = cursorSlot({ kind: 'classification', store, scope: 'request-1', cursorKey: 'engine-1', script });
    expect(slot).toEqual({ store, scope: 'request-1', script: 'classification:key:string:engine-1' });
  });

  it('tells a numeric key from the same digits as a string', () => {
    const a = cursorSlot({ kind: 'k', store, scope: '', cursorKey: 7, script });
    const b = cursorSlot({ kind: 'k', store, scope: '', cursorKey: '7', script });
    expect(a.script).not.toBe(b.script);
  });

  it("falls back to the script's content hash", () => {
    const slot = cursorSlot({ kind: 'classification', store, scope: '', script });
    expect(slot.script).toBe(`classification:hash:${hashScript(script)}`);
  });

  it('keeps two kinds of fake keyed on one engine apart', () => {
    const a = cursorSlot({ kind: 'classification', store, scope: '', cursorKey: 'e', script });
    const b = cursorSlot({ kind: 'model', store, scope: '', cursorKey: 'e', script });
    expect(a.script).not.toBe(b.script);
  });
});

describe(ScriptCursor, () => {
  describe('.index', () => {
    it('starts at 0 and follows the cursor it names, whatever scope moves it', async () => {
      const store = new MemoryCursorStore();
      const cursor = new ScriptCursor(store);
      expect(await cursor.index()).toBe(0);
      const slot = cursorSlot({ kind: 'k', store, scope: 'any', cursor, script: [] });
      await slot.store.advance(slot.scope, slot.script);
      await slot.store.advance(slot.scope, slot.script);
      expect(await cursor.index()).toBe(2);
    });
  });

  it('gives every handle its own identity', () => {
    const store = new MemoryCursorStore();
    expect(new ScriptCursor(store).id).not.toBe(new ScriptCursor(store).id);
  });
});

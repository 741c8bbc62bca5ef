import { describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { cursorRuns } from '../../../src/fakes/script/cursorRuns.js';
import { HANDLE_SCOPE } from '../../../src/fakes/script/ScriptCursor.js';

describe(cursorRuns, () => {
  it('answers where the cursor stands in every scope the script moved in', async () => {
    const store = new MemoryCursorStore();
    await store.advance('a', 's');
    await store.advance('b', 's');
    await store.advance('b', 's');
    expect(await cursorRuns({ store, script: 's' })).toEqual([
      { scope: 'a', at: 1 },
      { scope: 'b', at: 2 },
    ]);
  });

  it('then in each group of released scopes, named by the first of them', async () => {
    const store = new MemoryCursorStore();
    await store.advance('request:1', 's');
    await store.release('request:1');
    expect(await cursorRuns({ store, script: 's' })).toEqual([
      { scope: 'request:1', at: 1, released: { at: 1, scopes: 1, examples: ['request:1'] } },
    ]);
  });

  it('given a scope, reads that scope only, moved or not, and no released one', async () => {
    const store = new MemoryCursorStore();
    await store.advance('request:1', 's');
    await store.release('request:1');
    expect(await cursorRuns({ store, script: 's' }, 'other')).toEqual([{ scope: 'other', at: 0 }]);
  });

  it("reads an explicit handle's one cursor", async () => {
    const store = new MemoryCursorStore();
    await store.advance(HANDLE_SCOPE, 'cursor:1');
    const runs = await cursorRuns({ store, script: 'cursor:1', scope: HANDLE_SCOPE });
    expect(runs).toEqual([{ scope: HANDLE_SCOPE, at: 1 }]);
  });
});

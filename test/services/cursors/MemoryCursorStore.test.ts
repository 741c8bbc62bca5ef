import { describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../src/conformance.js';
import { cursorStoreSuite } from './cursorStoreSuite.js';

cursorStoreSuite('MemoryCursorStore', () => new MemoryCursorStore());

describe(MemoryCursorStore, () => {
  describe('.release', () => {
    it('keeps one group per position, however many scopes are released', async () => {
      const store = new MemoryCursorStore();
      for (let n = 0; n < 2_000; n++) {
        await store.advance(`r${n}`, 'writer');
        await store.release(`r${n}`);
      }
      expect(await store.released('writer')).toEqual([{ at: 1, scopes: 2_000, examples: ['r0', 'r1', 'r2'] }]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryCursorStore } from '../../../src/index.js';
import { cursorStoreSuite } from './cursorStoreSuite.js';

cursorStoreSuite('MemoryCursorStore', () => new MemoryCursorStore());

describe(MemoryCursorStore, () => {
  describe('.release', () => {
    it('forgets the scope and keeps how far each script went, grouped by position', async () => {
      const store = new MemoryCursorStore();
      for (const scope of ['r1', 'r2', 'r3', 'r4', 'r5']) {
        await store.stepIndex(scope, 'writer', 'step-0');
        if (scope !== 'r5') await store.stepIndex(scope, 'writer', 'step-1');
        await store.release(scope);
      }
      expect(await store.scopesOf('writer')).toEqual([]);
      expect(await store.released('writer')).toEqual([
        { at: 1, scopes: 1, examples: ['r5'] },
        { at: 2, scopes: 4, examples: ['r1', 'r2', 'r3'] },
      ]);
    });

    it('keeps nothing for a script whose cursor never moved, nor for an unknown scope', async () => {
      const store = new MemoryCursorStore();
      await store.visit('r1', 'writer\u0000step-0', 0);
      await store.release('r1');
      await store.release('never-used');
      expect(await store.released('writer\u0000step-0')).toEqual([]);
    });

    it('keeps one group per position, however many scopes are released', async () => {
      const store = new MemoryCursorStore();
      for (let n = 0; n < 2_000; n++) {
        await store.advance(`r${n}`, 'writer');
        await store.release(`r${n}`);
      }
      expect(await store.released('writer')).toEqual([{ at: 1, scopes: 2_000, examples: ['r0', 'r1', 'r2'] }]);
    });

    it('is forgotten by a reset of the whole store', async () => {
      const store = new MemoryCursorStore();
      await store.advance('r1', 'writer');
      await store.release('r1');
      await store.reset();
      expect(await store.released('writer')).toEqual([]);
    });
  });
});

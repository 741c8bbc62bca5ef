import { describe, expect, it } from 'vitest';
import type { CursorStore } from '../../../src/index.js';

/**
 * The behaviour every CursorStore keeps, run against each store: `make` gives a fresh, empty
 * store that shares nothing with any other it gave.
 */
export function cursorStoreSuite(name: string, make: () => CursorStore | Promise<CursorStore>): void {
  describe(name, () => {
    describe('.peek', () => {
      it('reads 0 for a cursor that never moved, and creates nothing', async () => {
        const store = await make();
        expect(await store.peek('', 'script')).toBe(0);
        expect(await store.scopesOf('script')).toEqual([]);
      });

      it('reads where the cursor stands without moving it', async () => {
        const store = await make();
        await store.advance('', 'script');
        expect(await store.peek('', 'script')).toBe(1);
        expect(await store.peek('', 'script')).toBe(1);
      });
    });

    describe('.advance', () => {
      it('answers where the cursor stood before moving it one on', async () => {
        const store = await make();
        expect([await store.advance('', 's'), await store.advance('', 's'), await store.advance('', 's')]).toEqual([
          0, 1, 2,
        ]);
      });

      it('keeps one cursor per script', async () => {
        const store = await make();
        await store.advance('', 'a');
        expect(await store.advance('', 'b')).toBe(0);
      });

      it('keeps one cursor per scope', async () => {
        const store = await make();
        await store.advance('one', 's');
        expect(await store.advance('two', 's')).toBe(0);
        expect(await store.peek('one', 's')).toBe(1);
      });
    });

    describe('.stepIndex', () => {
      it('gives a new step key the next index', async () => {
        const store = await make();
        expect(await store.stepIndex('', 's', 'run#0')).toBe(0);
        expect(await store.stepIndex('', 's', 'run#1')).toBe(1);
      });

      it('gives a step key that asks again the index it got the first time, moving nothing', async () => {
        const store = await make();
        await store.stepIndex('', 's', 'run#0');
        await store.stepIndex('', 's', 'run#1');
        expect(await store.stepIndex('', 's', 'run#0')).toBe(0);
        expect(await store.peek('', 's')).toBe(2);
      });

      it('shares the cursor with advance', async () => {
        const store = await make();
        await store.advance('', 's');
        expect(await store.stepIndex('', 's', 'k')).toBe(1);
      });

      it('keeps step keys apart between scopes', async () => {
        const store = await make();
        await store.stepIndex('a', 's', 'run#0');
        await store.stepIndex('a', 's', 'run#1');
        expect(await store.stepIndex('b', 's', 'run#1')).toBe(0);
      });
    });

    describe('.visit', () => {
      it('counts visits per script entry from 1', async () => {
        const store = await make();
        expect(await store.visit('', 's', 2)).toBe(1);
        expect(await store.visit('', 's', 2)).toBe(2);
        expect(await store.visit('', 's', 3)).toBe(1);
      });

      it('keeps retry visits apart per script and per scope, and leaves the cursor alone', async () => {
        const store = await make();
        await store.visit('', 's', 0);
        expect(await store.visit('', 't', 0)).toBe(1);
        expect(await store.visit('x', 's', 0)).toBe(1);
        expect(await store.peek('', 's')).toBe(0);
      });
    });

    describe('.scopesOf', () => {
      it('lists the scopes in which a script has state', async () => {
        const store = await make();
        await store.advance('', 's');
        await store.visit('b', 's', 0);
        await store.advance('c', 'other');
        expect((await store.scopesOf('s')).sort()).toEqual(['', 'b']);
      });
    });

    describe('names', () => {
      it('keeps scopes and scripts apart whatever characters they hold', async () => {
        const store = await make();
        const scopes = ['', 'a', 'a:b', 'a*', 'a?', '[a]', '{tag}', '\u0000handles', 'é 🙂', 'a\\b'];
        for (const [i, scope] of scopes.entries()) for (let n = 0; n <= i; n++) await store.advance(scope, 'x:y*');
        for (const [i, scope] of scopes.entries()) expect(await store.peek(scope, 'x:y*')).toBe(i + 1);
        expect((await store.scopesOf('x:y*')).sort()).toEqual([...scopes].sort());
        expect(await store.peek('a', 'x')).toBe(0);
      });

      it('resets one scope without touching a scope whose name it matches as a pattern', async () => {
        const store = await make();
        for (const scope of ['a*', 'a', 'ab', 'a:b']) await store.advance(scope, 's');
        await store.reset('a*');
        expect(await store.peek('a*', 's')).toBe(0);
        expect([await store.peek('a', 's'), await store.peek('ab', 's'), await store.peek('a:b', 's')]).toEqual([
          1, 1, 1,
        ]);
        expect((await store.scopesOf('s')).sort()).toEqual(['a', 'a:b', 'ab']);
      });
    });

    describe('racing', () => {
      it('gives 200 concurrent steps of one scope each its own index, none skipped', async () => {
        const store = await make();
        const indexes = await Promise.all(
          Array.from({ length: 200 }, (_, i) => store.stepIndex('race', 's', `run#${i}`)),
        );
        expect([...indexes].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
        const again = await Promise.all(
          Array.from({ length: 200 }, (_, i) => store.stepIndex('race', 's', `run#${i}`)),
        );
        expect(again).toEqual(indexes);
      });
    });

    describe('.reset', () => {
      it('forgets one script in one scope', async () => {
        const store = await make();
        await store.advance('a', 's');
        await store.advance('a', 't');
        await store.reset('a', 's');
        expect(await store.peek('a', 's')).toBe(0);
        expect(await store.peek('a', 't')).toBe(1);
      });

      it('forgets every script of one scope', async () => {
        const store = await make();
        await store.advance('a', 's');
        await store.advance('b', 's');
        await store.reset('a');
        expect(await store.peek('a', 's')).toBe(0);
        expect(await store.peek('b', 's')).toBe(1);
      });

      it('forgets everything', async () => {
        const store = await make();
        await store.stepIndex('a', 's', 'k');
        await store.visit('b', 's', 1);
        await store.reset();
        expect(await store.scopesOf('s')).toEqual([]);
        expect(await store.stepIndex('a', 's', 'k')).toBe(0);
        expect(await store.visit('b', 's', 1)).toBe(1);
      });
    });

    describe('.release', () => {
      it('forgets the scope and keeps how far each script went, grouped by position', async () => {
        const store = await make();
        for (const scope of ['r1', 'r2', 'r3', 'r4', 'r5']) {
          await store.stepIndex(scope, 'writer', 'step-0');
          if (scope !== 'r5') await store.stepIndex(scope, 'writer', 'step-1');
          await store.release!(scope);
        }
        expect(await store.scopesOf('writer')).toEqual([]);
        expect(await store.peek('r1', 'writer')).toBe(0);
        const released = await store.released!('writer');
        expect(released.map(({ at, scopes }) => ({ at, scopes }))).toEqual([
          { at: 1, scopes: 1 },
          { at: 2, scopes: 4 },
        ]);
        expect(released[0]!.examples).toEqual(['r5']);
        expect(released[1]!.examples).toHaveLength(3);
      });

      it('keeps nothing for a script whose cursor never moved, nor for an unknown scope', async () => {
        const store = await make();
        await store.visit('r1', 'writer\u0000step-0', 0);
        await store.release!('r1');
        await store.release!('never-used');
        expect(await store.released!('writer\u0000step-0')).toEqual([]);
        expect(await store.scopesOf('writer\u0000step-0')).toEqual([]);
      });

      it('is forgotten by a reset of the whole store', async () => {
        const store = await make();
        await store.advance('r1', 'writer');
        await store.release!('r1');
        await store.reset();
        expect(await store.released!('writer')).toEqual([]);
      });
    });
  });
}

import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runInScope, Tokens } from '../../../src/index.js';
import { DEFAULT_SCOPE, Scopes } from '../../../src/testing.js';
import { createTestContainer } from '../../../src/testing.js';

describe(Scopes, () => {
  describe('.current', () => {
    it('is the default partition outside any scope', () => {
      expect(createTestContainer().get(Tokens.Scopes).current()).toBe(DEFAULT_SCOPE);
    });

    it('is the scope the caller runs in, through awaits', async () => {
      const scopes = createTestContainer().get(Tokens.Scopes);
      await scopes.run('test-1', async () => {
        await delay(1);
        expect(scopes.current()).toBe('test-1');
      });
    });

    it('is the innermost scope when scopes nest', () => {
      const scopes = createTestContainer().get(Tokens.Scopes);
      scopes.run('outer', () => scopes.run('inner', () => expect(scopes.current()).toBe('inner')));
    });

    it('with strictScopes, is an error outside any scope (S0001) that says how to fix it', () => {
      const scopes = createTestContainer({ strictScopes: true }).get(Tokens.Scopes);
      expect(() => scopes.current()).toThrow(
        expect.objectContaining({ code: 'S0001', message: expect.stringContaining('app.scope(id, fn)') }),
      );
    });

    it('with strictScopes, is the scope inside one', () => {
      const scopes = createTestContainer({ strictScopes: true }).get(Tokens.Scopes);
      expect(scopes.run('s', () => scopes.current())).toBe('s');
    });
  });

  describe('.active', () => {
    it('is undefined outside any scope, even with strictScopes', () => {
      expect(createTestContainer({ strictScopes: true }).get(Tokens.Scopes).active).toBeUndefined();
    });
  });

  describe('.run', () => {
    it('answers what the function answers', () => {
      expect(
        createTestContainer()
          .get(Tokens.Scopes)
          .run('s', () => 42),
      ).toBe(42);
    });

    it.each([
      ['an empty string', ''],
      ['a number', 7],
      ['undefined', undefined],
      ['a reserved name', '\u0000handles'],
    ])('rejects %s as a scope id with S0002', (_, id) => {
      const scopes = createTestContainer().get(Tokens.Scopes);
      expect(() => scopes.run(id as string, () => 0)).toThrow(expect.objectContaining({ code: 'S0002' }));
    });

    it("keeps each container's scope when scopes of two containers nest", async () => {
      const one = createTestContainer().get(Tokens.Scopes);
      const two = createTestContainer().get(Tokens.Scopes);
      await one.run('outer-one', () =>
        two.run('inner-two', async () => {
          await delay(1);
          expect(one.current()).toBe('outer-one');
          expect(two.current()).toBe('inner-two');
          await one.run('inner-one', async () => {
            expect(one.current()).toBe('inner-one');
            expect(two.current()).toBe('inner-two');
          });
          expect(one.current()).toBe('outer-one');
        }),
      );
    });

    it('means nothing to another container: each container owns its scopes', () => {
      const one = createTestContainer().get(Tokens.Scopes);
      const two = createTestContainer().get(Tokens.Scopes);
      one.run('mine', () => expect(two.current()).toBe(DEFAULT_SCOPE));
    });
  });
});

describe(runInScope, () => {
  it("runs the function in the container's scope", () => {
    const container = createTestContainer();
    expect(runInScope(container, 'req-9', () => container.get(Tokens.Scopes).current())).toBe('req-9');
  });

  it('keeps 1,000 concurrent interleaved tasks in distinct scopes to their own cursors', async () => {
    const container = createTestContainer();
    const scopes = container.get(Tokens.Scopes);
    const store = container.get(Tokens.CursorStore);
    const tasks = Array.from({ length: 1_000 }, (_, n) =>
      runInScope(container, `task-${n}`, async () => {
        const seen: number[] = [];
        for (let step = 0; step < 5; step++) {
          // Every task yields between steps, at a different pace, so they interleave.
          await delay((n * 7 + step) % 3);
          seen.push(await store.stepIndex(scopes.current(), 'shared-script', `step-${step}`));
        }
        seen.push(await store.stepIndex(scopes.current(), 'shared-script', 'step-0'));
        return { scope: scopes.current(), seen };
      }),
    );
    const results = await Promise.all(tasks);
    results.forEach((result, n) => {
      expect(result.scope).toBe(`task-${n}`);
      expect(result.seen).toEqual([0, 1, 2, 3, 4, 0]);
    });
    expect(await store.peek(DEFAULT_SCOPE, 'shared-script')).toBe(0);
    expect((await store.scopesOf('shared-script')).length).toBe(1_000);
  });

  it('lets the same scope id, entered again, find its cursors', async () => {
    const container = createTestContainer();
    const store = container.get(Tokens.CursorStore);
    const take = () =>
      runInScope(container, 'conversation', () => store.advance(container.get(Tokens.Scopes).current(), 's'));
    expect([await take(), await take()]).toEqual([0, 1]);
  });
});

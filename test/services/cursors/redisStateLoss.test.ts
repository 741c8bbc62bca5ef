import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/parseConfig.js';
import { maskRedisUrl } from '../../../src/services/cursors/redis/maskRedisUrl.js';
import { StoreFailure } from '../../../src/services/cursors/redis/StoreFailure.js';
import { createRedisCursorStore, RedisCursorStore } from '../../../src/services/cursors/RedisCursorStore.js';
import { freePort, startRedis, type RedisServer } from '../../support/redis.js';

let server: RedisServer;
const stores: RedisCursorStore[] = [];

beforeAll(async () => {
  server = await startRedis();
}, 60_000);

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await server?.stop();
});

function keep(store: RedisCursorStore): RedisCursorStore {
  stores.push(store);
  return store;
}

/** What `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<StoreFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StoreFailure);
  return error as StoreFailure;
}

describe('a Redis cursor store whose state was lost', () => {
  it('says so with D0010 after FLUSHALL, rather than giving the first answer again', async () => {
    const store = keep(createRedisCursorStore({ url: server.url }));
    expect(await store.stepIndex('', 'writer', 'r#0')).toBe(0);
    expect(await store.stepIndex('', 'writer', 'r#1')).toBe(1);
    server.cli('FLUSHALL');
    const error = await failure(store.stepIndex('', 'writer', 'r#2'));
    expect(error.code).toBe('D0010');
    expect(error.message).toContain('lost its state');
    expect(error.message).toContain("script 'writer' in scope ''");
    expect((await failure(store.advance('', 'classifier'))).code).toBe('D0010');
    expect((await failure(store.visit('', 'classifier', 0))).code).toBe('D0010');
    expect((await failure(store.peek('', 'writer'))).code).toBe('D0010');
  });

  it('says so with D0010 when its keys expired, marker included', async () => {
    const store = keep(createRedisCursorStore({ url: server.url }));
    await store.advance('', 'classifier');
    // Every key's time to live cut to 1 ms: they expire as an idle store's keys do after ttlSeconds.
    for (const key of server.cli('--scan', '--pattern', `standin:{${store.space}}:*`).split('\n').filter(Boolean))
      server.cli('PEXPIRE', key, '1');
    await sleep(20);
    expect((await failure(store.advance('', 'classifier'))).code).toBe('D0010');
  });

  it("says so with D0010 when one script's state expired alone while the store stayed in use", async () => {
    const store = keep(createRedisCursorStore({ url: server.url }));
    expect(await store.stepIndex('a', 'writer', 'r#0')).toBe(0);
    expect(await store.stepIndex('b', 'writer', 'r#0')).toBe(0);
    server.cli('PEXPIRE', store.keys.state('a', 'writer'), '1');
    await sleep(20);
    expect(await store.stepIndex('b', 'writer', 'r#1')).toBe(1);
    const error = await failure(store.stepIndex('a', 'writer', 'r#1'));
    expect(error.code).toBe('D0010');
    expect(error.message).toContain("script 'writer' in scope 'a'");
    expect((await failure(store.peek('a', 'writer'))).code).toBe('D0010');
  });

  it('does not take a state it removed itself (reset of a scope or a script, release) for a loss', async () => {
    const store = keep(createRedisCursorStore({ url: server.url }));
    await store.stepIndex('a', 'writer', 'r#0');
    await store.advance('b', 'classifier');
    await store.advance('c', 'classifier');
    await store.reset('a');
    await store.reset('b', 'classifier');
    await store.release('c');
    expect(await store.stepIndex('a', 'writer', 'r#1')).toBe(0);
    expect(await store.advance('b', 'classifier')).toBe(0);
    expect(await store.advance('c', 'classifier')).toBe(0);
  });

  it('takes a reset for no loss, in this store or in another of its namespace', async () => {
    const first = keep(createRedisCursorStore({ url: server.url, namespace: 'reset-is-no-loss' }));
    const second = keep(createRedisCursorStore({ url: server.url, namespace: 'reset-is-no-loss' }));
    expect(await first.stepIndex('', 'writer', 'r#0')).toBe(0);
    expect(await second.advance('', 'classifier')).toBe(0);
    await first.reset();
    expect(await second.advance('', 'classifier')).toBe(0);
    expect(await first.stepIndex('', 'writer', 'r#1')).toBe(0);
  });

  it('starts again from 0 once reset, and a new store is not taken for one that lost its state', async () => {
    const store = keep(createRedisCursorStore({ url: server.url }));
    await store.stepIndex('', 'writer', 'r#0');
    server.cli('FLUSHALL');
    await failure(store.stepIndex('', 'writer', 'r#1'));
    await store.reset();
    expect(await store.stepIndex('', 'writer', 'r#1')).toBe(0);
    const fresh = keep(createRedisCursorStore({ url: server.url }));
    expect(await fresh.peek('', 'writer')).toBe(0);
    expect(await fresh.stepIndex('', 'writer', 'r#0')).toBe(0);
  });

  it('says so with D0010 after Redis restarted without persistence', async () => {
    const own = await startRedis();
    try {
      const store = keep(createRedisCursorStore({ url: own.url, timeoutMs: 500 }));
      expect(await store.stepIndex('', 'writer', 'r#0')).toBe(0);
      await own.restart();
      let error: StoreFailure | undefined;
      // The store reconnects by itself; until then a command fails with D0003.
      for (let i = 0; i < 100; i++) {
        error = await failure(store.stepIndex('', 'writer', 'r#1'));
        if (error.code !== 'D0003') break;
        await sleep(20);
      }
      expect(error?.code).toBe('D0010');
    } finally {
      await own.stop();
    }
  }, 30_000);
});

describe('a Redis command that timed out', () => {
  it('is never taken silently: a cursor move Redis ran after its timeout is D0011 on the next use, naming it', async () => {
    const store = keep(createRedisCursorStore({ url: server.url, timeoutMs: 100 }));
    expect(await store.advance('', 'classifier')).toBe(0);
    server.cli('CLIENT', 'PAUSE', '400', 'ALL');
    const timedOut = await failure(store.advance('', 'classifier'));
    expect(timedOut).toMatchObject({ code: 'D0002', kind: 'timeout' });
    await sleep(500);
    const error = await failure(store.advance('', 'classifier'));
    expect(error.code).toBe('D0011');
    expect(error.message).toContain("Script 'classifier' in scope '': a move of the cursor timed out earlier");
    expect((await failure(store.peek('', 'classifier'))).code).toBe('D0011');
    // Other scripts are not in doubt; a reset ends the doubt.
    expect(await store.advance('', 'other')).toBe(0);
    await store.reset('', 'classifier');
    expect(await store.advance('', 'classifier')).toBe(0);
  }, 30_000);

  it('lets the same step be asked again: it reads the index the timed-out asking took', async () => {
    const store = keep(createRedisCursorStore({ url: server.url, timeoutMs: 100 }));
    expect(await store.stepIndex('', 'writer', 'r#0')).toBe(0);
    server.cli('CLIENT', 'PAUSE', '400', 'ALL');
    expect((await failure(store.stepIndex('', 'writer', 'r#1'))).code).toBe('D0002');
    await sleep(500);
    expect((await failure(store.stepIndex('', 'writer', 'r#2'))).code).toBe('D0011');
    expect(await store.stepIndex('', 'writer', 'r#1')).toBe(1);
    expect(await store.stepIndex('', 'writer', 'r#2')).toBe(2);
  }, 30_000);
});

describe('Redis URLs', () => {
  it.each([
    ['a password with no user', 'redis://hunter2secret@127.0.0.1:6379', 'redis://***@127.0.0.1:6379'],
    [
      'a password in the query',
      'redis://127.0.0.1:6379/0?password=hunter2secret',
      'redis://127.0.0.1:6379/0?password=***',
    ],
    ['a user and password', 'redis://app:hunter2secret@127.0.0.1:6379/2', 'redis://app:***@127.0.0.1:6379/2'],
  ])('masks %s', (_, url, shown) => {
    expect(maskRedisUrl(url)).toBe(shown);
  });

  it('never shows a password written without a user in D0001', async () => {
    const port = await freePort();
    const store = new RedisCursorStore({
      url: `redis://hunter2secret@127.0.0.1:${port}?password=other-secret`,
      timeoutMs: 300,
    });
    const error = await failure(store.ready());
    expect(error.code).toBe('D0001');
    expect(error.message).not.toContain('hunter2secret');
    expect(error.message).not.toContain('other-secret');
    await store.close();
  });

  it('refuses a database path that is not a number with C0001, in the config and in createRedisCursorStore', () => {
    expect(() => parseConfig({ cursors: { store: 'redis', url: 'redis://127.0.0.1:6379/cache' } })).toThrow(
      expect.objectContaining({
        code: 'C0001',
        message: expect.stringContaining('config.cursors.url: expected a redis:// URL whose path is a database number'),
      }),
    );
    expect(() => createRedisCursorStore({ url: 'redis://127.0.0.1:6379/cache' })).toThrow(
      expect.objectContaining({ code: 'C0001', message: expect.stringContaining('is not a database number') }),
    );
    expect(parseConfig({ cursors: { store: 'redis', url: 'redis://127.0.0.1:6379/3' } }).cursors).toMatchObject({
      url: 'redis://127.0.0.1:6379/3',
    });
  });
});

describe('createRedisCursorStore settings fed to timers', () => {
  it.each([
    ['timeoutMs', { timeoutMs: 2 ** 31 }],
    ['timeoutMs', { timeoutMs: 0 }],
    ['ttlSeconds', { ttlSeconds: 2 ** 31 }],
    ['ttlSeconds', { ttlSeconds: 1.5 }],
  ])('refuses %s out of range with C0001 before any timer is set', (name, settings) => {
    expect(() => createRedisCursorStore({ url: 'redis://127.0.0.1:6379', ...settings })).toThrow(
      expect.objectContaining({ code: 'C0001', message: expect.stringContaining(`${name} must be a whole number`) }),
    );
  });
});

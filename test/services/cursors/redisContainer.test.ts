import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, parseConfig, Tokens } from '../../../src/index.js';
import { RedisCursorStore, StoreFailure } from '../../../src/conformance.js';
import { createTestApp } from '../../../src/testing.js';
import { freePort, startRedis, type RedisServer } from '../../support/redis.js';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
}, 60_000);
afterAll(() => server?.stop());

const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };

describe("config cursors: { store: 'redis' }", () => {
  it('binds a RedisCursorStore per container, each in a key space of its own', async () => {
    const one = createTestApp({ models, cursors: { store: 'redis', url: server.url } });
    const two = createTestApp({ models, cursors: { store: 'redis', url: server.url } });
    const store = one.container.get(Tokens.CursorStore);
    expect(store).toBeInstanceOf(RedisCursorStore);
    expect(one.container.get(Tokens.CursorStore)).toBe(store);
    await store.advance('', 's');
    expect(await two.container.get(Tokens.CursorStore).peek('', 's')).toBe(0);
    expect(await store.peek('', 's')).toBe(1);
    await Promise.all([one.dispose(), two.dispose()]);
  });

  it('answers faked calls from cursors in Redis, one answer per call', async () => {
    const app = createTestApp({ models, cursors: { store: 'redis', url: server.url } });
    app.fake('writer', [{ text: 'one' }, { text: 'two' }]);
    expect((await app.reply('writer', { messages: 'a' })).text).toBe('one');
    expect((await app.reply('writer', { messages: 'b' })).text).toBe('two');
    await app.dispose();
  });

  it('shares cursors between containers that name one namespace', async () => {
    const cursors = { store: 'redis', url: server.url, namespace: `shared-${process.pid}` } as const;
    const one = createContainer({ cursors });
    const two = createContainer({ cursors });
    await one.get(Tokens.CursorStore).reset();
    await one.get(Tokens.CursorStore).advance('', 's');
    expect(await two.get(Tokens.CursorStore).peek('', 's')).toBe(1);
    await one.get(Tokens.CursorStore).reset();
    await Promise.all([one.unbindAllAsync(), two.unbindAllAsync()]);
  });

  it('closes its connection when the app is disposed: later use is D0008', async () => {
    const app = createTestApp({ models, cursors: { store: 'redis', url: server.url } });
    const store = app.container.get(Tokens.CursorStore);
    await store.advance('', 's');
    await app.dispose();
    await expect(store.peek('', 's')).rejects.toMatchObject({ code: 'D0008' });
  });

  it('sets a time to live on every key it writes', async () => {
    const store = new RedisCursorStore({ url: server.url, ttlSeconds: 120 });
    await store.stepIndex('scope', 's', 'k');
    await store.visit('scope', 't', 1);
    const keys = server.cli('--scan', '--pattern', `standin:{${store.space}}:*`).trim().split('\n');
    // Two state hashes, two scope sets, and the store's marker.
    expect(keys.length).toBe(5);
    for (const key of keys) expect(Number(server.cli('TTL', key).trim())).toBeGreaterThan(100);
    await store.close();
  });

  it('resets only keys under its own prefix', async () => {
    server.cli('SET', 'someone-else', 'x');
    server.cli('SET', 'standin:{other}:c::s', 'x');
    const store = new RedisCursorStore({ url: server.url, namespace: 'mine' });
    await store.advance('', 's');
    await store.reset();
    expect(server.cli('EXISTS', 'someone-else', 'standin:{other}:c::s').trim()).toBe('2');
    // Only the store's marker stays, so a reset is never taken for a loss of state (D0010).
    expect(server.cli('--scan', '--pattern', 'standin:{mine}:*').trim()).toBe('standin:{mine}:m');
    await store.close();
  });

  it('rejects a config whose URL is not a Redis URL without echoing it', () => {
    expect(() => parseConfig({ cursors: { store: 'redis', url: 'http://user:hunter2@example.com' } })).toThrow(
      expect.objectContaining({ code: 'C0001', message: expect.not.stringContaining('hunter2') }),
    );
    expect(() => parseConfig({ cursors: { store: 'redis', url: 'redis://x', namespace: 'a{b}' } })).toThrow(
      expect.objectContaining({ code: 'C0001', message: expect.stringContaining('config.cursors.namespace') }),
    );
  });
});

describe('Redis unreachable when the app starts', () => {
  it('fails the first use with D0001, naming the URL with its password masked', async () => {
    const port = await freePort();
    const store = new RedisCursorStore({ url: `redis://app:hunter2@127.0.0.1:${port}/0`, timeoutMs: 500 });
    const error = await store.ready().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreFailure);
    expect(error).toMatchObject({
      code: 'D0001',
      message: expect.stringContaining(`redis://app:***@127.0.0.1:${port}/0`),
    });
    expect(String((error as Error).message)).not.toContain('hunter2');
    expect(JSON.stringify(error)).not.toContain('hunter2');
    await store.close();
  });

  it('fails a faked call the same way, and connects once Redis is there', async () => {
    const down = await startRedis();
    const url = down.url;
    await down.kill();
    const app = createTestApp({ models, cursors: { store: 'redis', url, timeoutMs: 500 } });
    app.fake('writer', [{ text: 'hello' }]);
    await expect(app.reply('writer', { messages: 'hi' })).rejects.toMatchObject({ code: 'D0001' });
    await down.restart();
    expect((await app.reply('writer', { messages: 'hi' })).text).toBe('hello');
    await app.dispose();
    await down.stop();
  });

  it('says which package to install (D0004) when redis is not installed, and loads it only when the config asks', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--import', './test/support/withoutRedis.mjs', 'test/support/probeStore.ts', server.url],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(JSON.parse(run.stdout)).toEqual({ code: 'D0004', message: expect.stringContaining('npm install redis@6') });
    const memory = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        './test/support/withoutRedis.mjs',
        '-e',
        "import('./src/testing.ts').then(async ({ createTestApp }) => { const app = createTestApp({ models: { w: { provider: 'p', model: 'm' } } }); app.fake('w', [{ text: 'memory' }]); console.log((await app.reply('w', { messages: 'x' })).text); })",
      ],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    expect(memory.stdout.trim()).toBe('memory');
  }, 120_000);
});

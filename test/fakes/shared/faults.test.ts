import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { CallFailed } from '../../../src/index.js';
import { StoreFailure } from '../../../src/conformance.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { race } from '../../support/race.js';
import { startRedis, type RedisServer } from '../../support/redis.js';

const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };
const servers: RedisServer[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.dispose()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

async function redis(options: Parameters<typeof startRedis>[0] = {}): Promise<RedisServer> {
  const server = await startRedis(options);
  servers.push(server);
  return server;
}

function app(url: string, extra: { namespace?: string; timeoutMs?: number } = {}): TestApp {
  const made = createTestApp({ models, cursors: { store: 'redis', url, ...extra } });
  apps.push(made);
  return made;
}

/** The store failure at the root of a failed faked call. */
function rootOf(error: unknown): unknown {
  let at = error;
  while (at instanceof Error && !(at instanceof StoreFailure) && at.cause !== undefined) at = at.cause;
  return at;
}

describe('Redis killed mid-run and started again', () => {
  it('fails the calls in flight with a typed network failure, answers nothing twice, skips nothing, and reconnects', async () => {
    // Persistence on, so the restarted server still holds the cursors, as a real one would.
    const server = await redis({ persist: true });
    const tester = app(server.url);
    const total = 80;
    tester.fake(
      'writer',
      Array.from({ length: total }, (_, i) => ({ text: `answer ${i}` })),
    );
    await tester.ready();
    const got = new Map<number, string>();
    const failed: { call: number; error: unknown }[] = [];
    // A call's requestId is its step key: calling again with it replays the step.
    const call = (i: number) => tester.reply('writer', { messages: `call ${i}` }, { requestId: `r${i}` });
    let killed: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: total }, async (_, i) => {
        if (i === 20) killed = server.kill();
        await new Promise((resolve) => setImmediate(resolve, i));
        try {
          got.set(i, (await call(i)).text);
        } catch (error) {
          failed.push({ call: i, error });
        }
      }),
    );
    await killed;
    expect(failed.length).toBeGreaterThan(0);
    for (const { error } of failed) {
      expect(error).toBeInstanceOf(CallFailed);
      expect((error as CallFailed).failures.every((f) => f.kind === 'network')).toBe(true);
      expect(rootOf(error)).toMatchObject({ code: 'D0003', kind: 'network' });
    }
    await server.restart();
    for (const { call: i } of failed) {
      // The store reconnects in the background; a call while it does fails the same typed way.
      for (let tries = 0; ; tries++) {
        try {
          got.set(i, (await call(i)).text);
          break;
        } catch (error) {
          expect(rootOf(error)).toMatchObject({ code: 'D0003' });
          if (tries > 200) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
    }
    const texts = [...got.values()].sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1]));
    expect(texts).toEqual(Array.from({ length: total }, (_, i) => `answer ${i}`));
  }, 60_000);
});

describe('a stalled Redis (CLIENT PAUSE)', () => {
  it('fails faked calls with the timeout kind within the configured time, and answers again once it resumes', async () => {
    const server = await redis();
    const tester = app(server.url, { timeoutMs: 150 });
    tester.fake('writer', [{ text: 'first' }, { text: 'second' }]);
    expect((await tester.reply('writer', { messages: 'a' })).text).toBe('first');
    server.cli('CLIENT', 'PAUSE', '2500', 'ALL');
    const started = performance.now();
    const error = await tester
      .reply('writer', { messages: 'b' }, { retry: false, stepKey: 'paused' })
      .catch((e: unknown) => e);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(CallFailed);
    expect((error as CallFailed).failures).toEqual([expect.objectContaining({ kind: 'timeout' })]);
    expect(rootOf(error)).toMatchObject({ code: 'D0002', kind: 'timeout', message: expect.stringContaining('150 ms') });
    // Bounded by the store's timeout, not by the pause.
    expect(took).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect((await tester.reply('writer', { messages: 'b' }, { stepKey: 'paused' })).text).toBe('second');
  }, 30_000);
});

describe('4 processes racing on one scope', () => {
  it('gives every one of 4,000 answers exactly once', async () => {
    const server = await redis();
    const namespace = `race-${randomUUID()}`;
    const tester = app(server.url, { namespace });
    const steps = 1_000;
    const writer = tester.fake(
      'writer',
      Array.from({ length: 4 * steps }, (_, i) => ({ text: String(i) })),
    );
    await tester.ready();
    const { texts: outputs } = await race(server.url, namespace, 4, steps);
    for (const texts of outputs) expect(texts).toHaveLength(steps);
    const all = outputs
      .flat()
      .map(Number)
      .sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 4 * steps }, (_, i) => i));
    await expect(writer.verify()).resolves.toBeUndefined();
    await writer.sync();
    expect(writer.sent.length).toBe(1_000);
  }, 120_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q, StandinError } from '../../../src/index.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { RedisCursorStore } from '../../../src/services/cursors/RedisCursorStore.js';
import { SHARED_RAISED_CHARS, SHARED_RAISED_LIMIT, SharedRaised } from '../../../src/fakes/shared/SharedRaised.js';
import { startRedis, type RedisServer } from '../../support/redis.js';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
}, 60_000);
afterAll(() => server?.stop());

const apps: TestApp[] = [];
const stores: RedisCursorStore[] = [];
afterEach(async () => {
  await Promise.all([...apps.splice(0).map((app) => app.dispose()), ...stores.splice(0).map((s) => s.close())]);
});

const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };

/** Two apps of one fresh namespace, each with its own connection, as two processes would be. */
function pair(namespace = `ns-${randomUUID()}`): [TestApp, TestApp] {
  const make = () => createTestApp({ models, cursors: { store: 'redis', url: server.url, namespace } });
  const made: [TestApp, TestApp] = [make(), make()];
  apps.push(...made);
  return made;
}

const text = async (app: TestApp) => (await app.reply('writer', { messages: 'hi' })).text;
const spent = (app: TestApp) => text(app).catch((e: unknown) => e);
const raisedKeys = (namespace: string) =>
  server
    .cli('--scan', '--pattern', `standin:{${namespace}}:raised:*`)
    .trim()
    .split('\n')
    .filter((key) => key !== '');

describe(SharedRaised, () => {
  /** A record of generation 'g1' of model 'writer' in a fresh namespace. */
  function record(): SharedRaised {
    const store = new RedisCursorStore({ url: server.url, namespace: `ns-${randomUUID()}` });
    stores.push(store);
    const source = { head: store.keys.fake('writer'), key: `${store.keys.prefix}raised:writer:` };
    return new SharedRaised(store, source, 'g1', () => undefined);
  }
  const raised = (n: number, message = `call ${n} ran past the answers`) => ({
    scope: 'a',
    call: `step 'r#${n}'`,
    error: new StandinError('T0013', message),
    id: `id-${n}`,
  });

  describe('.record', () => {
    it(`keeps the first ${SHARED_RAISED_LIMIT} errors of a generation and counts every one`, async () => {
      const shared = record();
      for (let n = 0; n < SHARED_RAISED_LIMIT + 3; n++) await shared.record(raised(n), undefined);
      const view = await shared.read();
      expect(view.count).toBe(SHARED_RAISED_LIMIT + 3);
      expect(view.kept.map((kept) => kept.id)).toEqual(
        Array.from({ length: SHARED_RAISED_LIMIT }, (_, n) => `id-${n}`),
      );
    });

    it(`cuts a message to ${SHARED_RAISED_CHARS} characters, saying how many were left out`, async () => {
      const shared = record();
      await shared.record(raised(0, 'x'.repeat(SHARED_RAISED_CHARS + 500)), undefined);
      const [kept] = (await shared.read()).kept;
      expect(kept?.error).toMatchObject({ code: 'T0013' });
      expect(kept?.error.message).toBe(`T0013: ${'x'.repeat(SHARED_RAISED_CHARS)}... (500 more characters)`);
    });
  });

  describe('.forget', () => {
    it('leaves out of later reads what was recorded before it, and keeps what is recorded after', async () => {
      const shared = record();
      await shared.record(raised(0), undefined);
      shared.forget();
      expect(await shared.read()).toEqual({ kept: [], count: 0 });
      await shared.record(raised(1), undefined);
      expect((await shared.read()).kept.map((kept) => kept.id)).toEqual(['id-1']);
    });
  });
});

describe('a namespaced fake', () => {
  describe('.forget', () => {
    it('forgets the errors another container recorded before it, and sees those recorded after', async () => {
      const [tester, instance] = pair();
      const writer = tester.fake('writer', [{ text: 'one' }]);
      await tester.ready();
      await text(instance);
      await spent(instance);
      await expect(writer.verify()).rejects.toMatchObject({ code: 'T0046' });
      writer.forget();
      await expect(writer.verify()).resolves.toBeUndefined();
      await spent(instance);
      await expect(writer.verify()).rejects.toMatchObject({
        code: 'T0046',
        message: expect.stringContaining('1 call'),
      });
    });
  });

  it("records an error in a key with the namespace's time to live, which app.reset() removes with the rest", async () => {
    const namespace = `ns-${randomUUID()}`;
    const [tester, instance] = pair(namespace);
    tester.fake('writer', [{ text: 'one' }]);
    await tester.ready();
    await text(instance);
    await spent(instance);
    const [key] = raisedKeys(namespace);
    expect(Number(server.cli('TTL', key!).trim())).toBeGreaterThan(86_000);
    await tester.reset();
    expect(raisedKeys(namespace)).toEqual([]);
    const writer = tester.fake('writer', [{ text: 'two' }]);
    await tester.ready();
    await text(instance);
    await expect(writer.verify()).resolves.toBeUndefined();
  });

  it('lists an error its own container raised once in app.verify', async () => {
    const [tester] = pair();
    tester.fake('writer', [{ text: 'one' }]);
    await tester.ready();
    await text(tester);
    await spent(tester);
    const error = await tester.verify().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'T0049', message: expect.stringContaining('(1 raised by calls)') });
  });
});

describe('a namespaced classifier', () => {
  const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };

  describe('.forget', () => {
    it('forgets the errors another container recorded before it', async () => {
      const [tester, instance] = pair();
      const classifier = tester.fakeClassifier([{ answers: { team: 'billing' } }]);
      await tester.ready();
      await instance.classify('first', questions);
      await instance.classify('again', questions).catch(() => undefined);
      await expect(classifier.verify()).rejects.toMatchObject({ code: 'K0014' });
      classifier.forget();
      await expect(classifier.verify()).resolves.toBeUndefined();
    });
  });
});

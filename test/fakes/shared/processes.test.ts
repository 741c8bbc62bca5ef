import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SentCall, type TestApp } from '../../../src/testing.js';
import { startMember, type Member } from '../../support/members.js';
import { startRedis, type RedisServer } from '../../support/redis.js';

// Each test scripts a namespace from this process and has another Node process (test/support/member.ts) call it.

let server: RedisServer;
beforeAll(async () => {
  server = await startRedis();
}, 60_000);
afterAll(() => server?.stop());

const apps: TestApp[] = [];
const members: Member[] = [];
afterEach(async () => {
  await Promise.all([
    ...apps.splice(0).map((app) => app.dispose()),
    ...members.splice(0).map((member) => member.stop()),
  ]);
});

const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };

/** A test app of a fresh namespace in this process, and another process of the same namespace. */
async function namespace(): Promise<{ app: TestApp; other: Member; join: () => TestApp }> {
  const cursors = { store: 'redis', url: server.url, namespace: `ns-${randomUUID()}` } as const;
  const join = () => {
    const app = createTestApp({ models, cursors });
    apps.push(app);
    return app;
  };
  const other = await startMember({ models, cursors });
  members.push(other);
  return { app: join(), other, join };
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe('a namespaced fake', () => {
  describe('.verify', () => {
    it('fails with T0046 when another process called past the last answer (T0013), naming the model, scope and step', async () => {
      const { app, other } = await namespace();
      const writer = app.fake('writer', [{ text: 'only' }]);
      await app.ready();
      expect(await other.ask({ op: 'reply', model: 'writer', message: 'first', scope: 'conv' })).toBe('only');
      await expect(other.ask({ op: 'reply', model: 'writer', message: 'again', scope: 'conv' })).rejects.toMatchObject({
        code: 'T0013',
      });
      const error = await writer.verify().catch((e: unknown) => e);
      expect(error).toMatchObject({
        code: 'T0046',
        message: expect.stringContaining("In scope 'conv', model 'writer', step '"),
      });
      expect((error as Error).message).toMatch(
        /attempt 1: T0013 app\.fake\('writer', answers\): model 'writer' was faked with 1/,
      );
    }, 60_000);

    it("fails with T0046 when an answer did not fit another process's call (T0008)", async () => {
      const { app, other } = await namespace();
      const writer = app.fake('writer', [{ value: { n: 'seven' } }]);
      await app.ready();
      await expect(other.ask({ op: 'reply', model: 'writer', message: 'a number', typed: true })).rejects.toMatchObject(
        {
          code: 'T0008',
        },
      );
      await expect(writer.verify()).rejects.toMatchObject({
        code: 'T0046',
        message: expect.stringMatching(/In the default scope, model 'writer', step '.*', attempt 1: T0008 /),
      });
    }, 60_000);
  });

  describe('.sent and .pending', () => {
    it('agree, after sync(), on the calls another process made: each listed once, the answers it took no longer pending', async () => {
      const { app, other } = await namespace();
      const writer = app.fake('writer', [{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
      await app.ready();
      await other.ask({ op: 'reply', model: 'writer', message: 'first' });
      await other.ask({ op: 'reply', model: 'writer', message: 'second' });
      await writer.sync();
      const said = (sent: readonly SentCall[]) =>
        sent.map((call) => {
          const last = call.call === 'reply' ? call.input.messages.at(-1) : undefined;
          return last?.role === 'user' ? last.content : last;
        });
      expect(said(writer.sent)).toEqual(['first', 'second']);
      expect(await writer.pending()).toEqual([{ index: 2, answer: { text: 'three' } }]);
      expect(await app.pending()).toEqual([expect.objectContaining({ scope: '', code: 'T0014' })]);
      await other.ask({ op: 'reply', model: 'writer', message: 'third' });
      await expect(other.ask({ op: 'reply', model: 'writer', message: 'fourth' })).rejects.toMatchObject({
        code: 'T0013',
      });
      await writer.sync();
      expect(said(writer.sent)).toEqual(['first', 'second', 'third', 'fourth']);
      expect([await writer.pending(), await app.pending()]).toEqual([[], []]);
      expect((await writer.findings()).map((finding) => finding.code)).toEqual(['T0046']);
    }, 60_000);
  });
});

describe('app.verify in a namespace', () => {
  it('fails with T0049 in the process that published the script, listing the error another process raised once', async () => {
    const { app, other } = await namespace();
    app.fake('writer', [{ text: 'only' }]);
    await app.ready();
    await other.ask({ op: 'reply', model: 'writer', message: 'first' });
    await expect(other.ask({ op: 'reply', model: 'writer', message: 'again' })).rejects.toMatchObject({
      code: 'T0013',
    });
    const error = await app.verify().catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'T0049',
      message: expect.stringContaining(
        "app.fake('writer', answers), in the default scope:\n  T0046 model 'writer', step '",
      ),
    });
    expect(count((error as Error).message, 'T0013')).toBe(1);
  }, 60_000);

  it('fails with T0049 in the process that raised the error, and in one that only follows the namespace', async () => {
    const { app, other, join } = await namespace();
    app.fake('writer', [{ text: 'only' }]);
    await app.ready();
    await other.ask({ op: 'reply', model: 'writer', message: 'first' });
    await other.ask({ op: 'reply', model: 'writer', message: 'again' }).catch(() => undefined);
    await expect(other.ask({ op: 'verify' })).rejects.toMatchObject({
      code: 'T0049',
      message: expect.stringMatching(/namespace '.*' \(model 'writer'\), in the default scope:\n {2}T0046 .*T0013/),
    });
    await expect(join().verify()).rejects.toMatchObject({ code: 'T0049', message: expect.stringContaining('T0013') });
  }, 60_000);
});

describe('a namespaced classifier', () => {
  describe('.verify', () => {
    it('fails with K0014 when another process ran past the script (K0008)', async () => {
      const { app, other } = await namespace();
      const classifier = app.fakeClassifier([{ answers: { pick: 'a' } }]);
      await app.ready();
      expect(await other.ask({ op: 'classify', text: 'first', options: ['a', 'b'] })).toBe('a');
      await expect(other.ask({ op: 'classify', text: 'again', options: ['a', 'b'] })).rejects.toMatchObject({
        code: 'K0008',
      });
      await expect(classifier.verify()).rejects.toMatchObject({
        code: 'K0014',
        message: expect.stringContaining("In the default scope, request '"),
      });
      expect((await classifier.verify().catch((e: Error) => e))?.message).toContain(
        'K0008 FakeClassifier script exhausted',
      );
      await expect(app.verify()).rejects.toMatchObject({ code: 'T0049', message: expect.stringContaining('K0008') });
    }, 60_000);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClassificationQuestion as Q, type StandinConfigInput } from '../../src/index.js';
import { createTestApp, type TestApp } from '../../src/testing.js';
import { startRedis, type RedisServer } from '../support/redis.js';

const config: StandinConfigInput = {
  models: { writer: { provider: 'openai', model: 'gpt-test' }, backup: { provider: 'openai', model: 'gpt-backup' } },
  // A real adapter at an address nothing serves: the real-call guard must stop every call first.
  providers: { openai: { apiKey: 'sk-test', baseURL: 'http://127.0.0.1:9/v1' } },
};
const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };
const ask = (app: TestApp, messages = 'hi') => app.reply('writer', { messages });

const apps: TestApp[] = [];
function app(settings: StandinConfigInput = config): TestApp {
  const made = createTestApp(settings);
  apps.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((made) => made.dispose()));
});

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'standin-verify-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the promise to reject');
}

describe('TestApp', () => {
  describe('.verify', () => {
    it('passes when every stand-in was used as scripted', async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }]);
      test.fakeClassifier([{ answers: { team: 'billing' } }]);
      await ask(test);
      await test.classify('My card was charged twice.', questions);
      await expect(test.verify()).resolves.toBeUndefined();
    });

    it("lists a fake's answers never asked for under the fake and the default scope (T0049)", async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await ask(test);
      const error = await rejection(test.verify());
      expect(error.code).toBe('T0049');
      expect(error.message).toContain("app.fake('writer', answers), in the default scope:");
      expect(error.message).toMatch(/T0014 answers\[1\].*two/);
      expect(error.message).not.toContain('answers[0]');
    });

    it("lists a scope fake's answers under its scope", async () => {
      const test = app();
      test.scope('t1').fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await test.scope('t1', () => ask(test));
      const error = await rejection(test.verify());
      expect(error.message).toContain("app.scope('t1').fake('writer', answers), in scope 't1':");
      expect(error.message).toMatch(/T0014 answers\[1\]/);
    });

    it('lists an error a call raised for the test author, even one the app caught', async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }]);
      await ask(test);
      // Past the last answer: the app swallows it, as a request handler answering 500 would.
      await ask(test).catch(() => undefined);
      const error = await rejection(test.verify());
      expect(error.message).toMatch(/T0046 .*T0013/);
      expect(error.message).toContain('raised by calls');
    });

    it('lists a real call the guard refused (E0008), even one the app caught', async () => {
      const test = app();
      // No fake for 'writer': the guard refuses the real adapter, and the app swallows it, as a handler answering 500 would.
      await ask(test).catch(() => undefined);
      const error = await rejection(test.verify());
      expect(error.code).toBe('T0049');
      expect(error.message).toContain('the real-call guard, in the default scope:');
      expect(error.message).toMatch(/E0008 Model 'writer' would call the real 'openai' provider/);
      expect(error.message).toContain('1 raised by calls');
    });

    it("lists a refused real call under the scope it was made in, and a refused classifier's K0006", async () => {
      const test = app({ ...config, classifier: { provider: 'typesafe', model: 'jev-latest' } });
      await test.scope('t1', () => ask(test)).catch(() => undefined);
      await test.classify('hi', questions).catch(() => undefined);
      const error = await rejection(test.verify());
      expect(error.message).toMatch(/the real-call guard, in scope 't1':\n {2}E0008 /);
      expect(error.message).toMatch(/the real-call guard, in the default scope:\n {2}K0006 /);
    });

    it('passes after a refused call once the app is reset', async () => {
      const test = app();
      await ask(test).catch(() => undefined);
      await test.reset();
      await expect(test.verify()).resolves.toBeUndefined();
    });

    it("lists the classifier fake's entries never used and the errors its calls raised", async () => {
      const test = app();
      test.fakeClassifier([{ answers: { team: 'billing' } }, { answers: { team: 'technical' } }]);
      await test.classify('first', questions);
      const error = await rejection(test.verify());
      expect(error.message).toContain('app.fakeClassifier(script), in the default scope:');
      expect(error.message).toMatch(/K0012 script\[1\]/);
    });

    it("lists a scope's classifier fake under its scope", async () => {
      const test = app();
      test.scope('t2').fakeClassifier([{ answers: { team: 'billing' } }]);
      const error = await rejection(test.verify());
      expect(error.message).toContain("app.scope('t2').fakeClassifier(script), in scope 't2':");
    });

    it('lists cassette entries never replayed, once however many slots the cassette is on', async () => {
      const path = join(folder, `${randomUUID()}.json`);
      const recorder = app();
      recorder.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      const cassette = recorder.cassette(path, { mode: 'record' });
      await ask(recorder, 'first');
      await ask(recorder, 'second');
      await cassette.save();

      const test = app();
      test.cassette(path);
      await ask(test, 'first');
      const error = await rejection(test.verify());
      expect(error.message.match(/V0005/g)).toHaveLength(1);
      expect(error.message).toMatch(/V0005 entries\[1\] writer reply .*two.* never replayed/);
    });

    it('lists every stand-in that was not used as scripted in one error', async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }]);
      test.fake('backup', [{ text: 'spare' }]);
      test.scope('t1').fake('writer', [{ text: 'scoped' }]);
      test.fakeClassifier([{ answers: { team: 'billing' } }]);
      const error = await rejection(test.verify());
      for (const standIn of [
        "app.fake('writer'",
        "app.fake('backup'",
        "app.scope('t1').fake('writer'",
        'app.fakeClassifier(',
      ]) {
        expect(error.message).toContain(standIn);
      }
      expect(error.message).toContain('4 left unused');
    });
  });

  describe('.pending', () => {
    it('lists what every stand-in holds unused, with the stand-in and the scope', async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      test.scope('t1').fakeClassifier([{ answers: { team: 'billing' } }]);
      await ask(test);
      const pending = await test.pending();
      expect(pending.map(({ standIn, scope, code }) => ({ standIn, scope, code }))).toEqual([
        { standIn: "app.fake('writer', answers)", scope: '', code: 'T0014' },
        { standIn: "app.scope('t1').fakeClassifier(script)", scope: 't1', code: 'K0012' },
      ]);
    });

    it('leaves out the errors calls raised: those are for verify', async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }]);
      await ask(test);
      await ask(test).catch(() => undefined);
      expect(await test.pending()).toEqual([]);
      await expect(test.verify()).rejects.toMatchObject({ code: 'T0049' });
    });
  });

  describe('.reset', () => {
    it('takes every layer off, so a call reaches the base: in a test app, the real-call guard', async () => {
      const test = app();
      test.fake('writer', [{ text: 'one' }]);
      test.scope('t1').fake('writer', [{ text: 'scoped' }]);
      await test.reset();
      expect((await rejection(ask(test))).code).toBe('E0008');
      expect((await rejection(test.scope('t1', () => ask(test)))).code).toBe('E0008');
    });

    it("takes the classifier's fakes off", async () => {
      const test = app();
      test.fakeClassifier([{ answers: { team: 'billing' } }]);
      test.scope('t1').fakeClassifier([{ answers: { team: 'billing' } }]);
      await test.reset();
      expect((await rejection(test.classify('hi', questions))).code).toBe('K0005');
    });

    it('clears cursors, so the same script faked again starts from its first answer', async () => {
      const test = app();
      const answers = [{ text: 'one' }, { text: 'two' }];
      test.fake('writer', answers);
      await ask(test);
      await test.reset();
      test.fake('writer', answers);
      expect((await ask(test)).text).toBe('one');
    });

    it('clears what the clock recorded, so app.clock.slept starts empty in the next test', async () => {
      const test = app({ ...config, retry: { attempts: 2, baseDelayMs: 100, jitter: 0 } });
      test.fake('writer', [{ fail: 'server' }]);
      await ask(test).catch(() => undefined);
      expect(test.clock.slept).toEqual([100]);
      await test.reset();
      expect(test.clock.slept).toEqual([]);
    });

    it("empties each fake's sent, and verify has nothing left to read", async () => {
      const test = app();
      const fake = test.fake('writer', [{ text: 'one' }]);
      await ask(test);
      await ask(test).catch(() => undefined);
      await test.reset();
      expect(fake.sent).toEqual([]);
      await expect(test.verify()).resolves.toBeUndefined();
    });

    it('takes the cassette off, so the app can take another', async () => {
      const path = join(folder, `${randomUUID()}.json`);
      const recorder = app();
      recorder.fake('writer', [{ text: 'one' }]);
      const cassette = recorder.cassette(path, { mode: 'record' });
      await ask(recorder);
      await cassette.save();
      const test = app();
      test.cassette(path);
      await test.reset();
      expect((await rejection(ask(test))).code).toBe('E0008');
      expect(() => test.cassette(path)).not.toThrow();
      expect((await ask(test)).text).toBe('one');
    });
  });
});

describe('TestApp in a namespace', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, 60_000);
  afterAll(() => redis?.stop());

  const member = (namespace: string): TestApp =>
    app({ ...config, cursors: { store: 'redis', url: redis.url, namespace } });

  it("verify lists the namespace's answers no process asked for", async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = member(namespace);
    const instance = member(namespace);
    tester.fake('writer', [{ text: 'one' }, { text: 'two' }]);
    await tester.ready();
    expect((await ask(instance)).text).toBe('one');
    const error = await rejection(tester.verify());
    expect(error.code).toBe('T0049');
    expect(error.message).toMatch(/T0014 answers\[1\]/);
  });

  it("pending reads the namespace's cursors, moved by any process", async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = member(namespace);
    const instance = member(namespace);
    tester.fake('writer', [{ text: 'one' }]);
    await tester.ready();
    expect(await tester.pending()).toHaveLength(1);
    await ask(instance);
    expect(await tester.pending()).toEqual([]);
  });

  it('reset takes the namespace layers off and clears its cursors', async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = member(namespace);
    const answers = [{ text: 'one' }, { text: 'two' }];
    tester.fake('writer', answers);
    await tester.ready();
    await ask(tester);
    await tester.reset();
    expect((await rejection(ask(tester))).code).toBe('E0008');
    tester.fake('writer', answers);
    await tester.ready();
    expect((await ask(tester)).text).toBe('one');
  });
});

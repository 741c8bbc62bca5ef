import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ClassificationQuestion, ClassificationRequest } from '../../src/index.js';
import { createTestApp, TestApp } from '../../src/testing.js';
import { startRedis, type RedisServer } from '../support/redis.js';

const models = {
  writer: { provider: 'openai', model: 'gpt-4.1-mini' },
  backup: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
};
const questions = { team: ClassificationQuestion.choice('Which team?', ['billing', 'technical']) };

const say = (app: TestApp, scope: string) =>
  app.scope(scope, async () => (await app.reply('writer', { messages: `from ${scope}` })).text);
const team = (app: TestApp, scope: string, state = 'My card was charged twice.') =>
  app.scope(scope, async () => (await app.classify(state, questions)).answer('team')?.choice);

describe(TestApp, () => {
  describe('.scope(id).fake', () => {
    it('gives each scope its own script, concurrent calls included', async () => {
      const app = createTestApp({ models });
      app.scope('ann').fake('writer', [{ text: 'Hello, Ann' }, { text: 'Bye, Ann' }]);
      app.scope('bob').fake('writer', [{ text: 'Hello, Bob' }, { text: 'Bye, Bob' }]);
      const said = await Promise.all([say(app, 'ann'), say(app, 'bob'), say(app, 'bob'), say(app, 'ann')]);
      expect(said).toEqual(['Hello, Ann', 'Hello, Bob', 'Bye, Bob', 'Bye, Ann']);
    });

    it("leaves every other scope on app.fake's script, whichever was faked first", async () => {
      const app = createTestApp({ models });
      app.scope('ann').fake('writer', [{ text: 'Hello, Ann' }]);
      app.fake('writer', [{ text: 'Hello, anyone' }]);
      expect(await say(app, 'ann')).toBe('Hello, Ann');
      expect(await say(app, 'carl')).toBe('Hello, anyone');
      expect((await app.reply('writer', { messages: 'outside' })).text).toBe('Hello, anyone');
      app.scope('dora').fake('writer', [{ text: 'Hello, Dora' }]);
      expect(await say(app, 'dora')).toBe('Hello, Dora');
      expect(await say(app, 'erin')).toBe('Hello, anyone');
    });

    it('fails a call in a scope with no script with T0041, never reaching the real provider', async () => {
      const app = createTestApp({ models });
      app.scope('ann').fake('writer', [{ text: 'Hello, Ann' }]);
      const failure = await say(app, 'bob').catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'T0041' });
      expect((failure as Error).message).toContain("app.scope('bob').fake('writer', answers)");
    });

    it('takes a function of the request, and checks answers against an agent', async () => {
      const app = createTestApp({ models });
      app.scope('ann').fake('writer', (request) => ({
        text: `echo: ${String((request.messages.at(-1) as { content?: unknown } | undefined)?.content)}`,
      }));
      expect(await say(app, 'ann')).toBe('echo: from ann');
      expect(() =>
        app.scope('ann').fake('writer', [{ calls: [{ tool: 'missing', with: {} }] }], { tools: {} }),
      ).toThrow(expect.objectContaining({ code: expect.stringMatching(/^T000/) }));
    });

    it("verifies and lists pending in the fake's own scope", async () => {
      const app = createTestApp({ models });
      const ann = app.scope('ann').fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await say(app, 'ann');
      expect(await ann.pending()).toEqual([{ index: 1, answer: { text: 'two' } }]);
      await expect(ann.verify()).rejects.toThrow(/In scope 'ann', 1 of 2 answers never asked for/);
      const bob = app.scope('bob').fake('writer', [{ text: 'one' }]);
      await expect(bob.verify()).rejects.toThrow(
        /In scope 'bob', 1 of 1 answer never asked for \(the model was never asked there\)/,
      );
    });

    it('refuses a model that is not configured (T0012) and a bad scope id (S0002)', () => {
      const app = createTestApp({ models });
      expect(() => app.scope('ann').fake('writter', [])).toThrow(/Did you mean 'writer'\?/);
      expect(() => app.scope('').fake('writer', [])).toThrow(expect.objectContaining({ code: 'S0002' }));
    });
  });

  describe('.scope(id).close', () => {
    it("lets go of the scope's calls: their sent entries and outcomes, and its cursors", async () => {
      const app = createTestApp({ models });
      const writer = app.fake('writer', [{ text: 'Hello' }]);
      await say(app, 'ann');
      await say(app, 'bob');
      await app.scope('ann').close();
      expect(writer.sent.map((call) => call.scope)).toEqual(['bob']);
      expect(app.transcript({ scope: 'ann' })).not.toContain('Hello');
      expect(app.transcript({ scope: 'bob' })).toContain('Hello');
      expect(await say(app, 'ann')).toBe('Hello');
    });

    it('keeps what verify counts: the answers a closed scope took, and the errors its calls raised', async () => {
      const app = createTestApp({ models });
      const writer = app.fake('writer', [{ text: 'Hello' }, { text: 'never' }]);
      await say(app, 'ann');
      await say(app, 'bob');
      await say(app, 'bob');
      await expect(say(app, 'bob')).rejects.toMatchObject({ code: 'T0013' });
      await Promise.all([app.scope('ann').close(), app.scope('bob').close()]);
      const failure = await writer.verify().catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'T0046' });
      expect((failure as Error).message).toContain("scope 'bob'");
      expect(await writer.pending()).toEqual([{ index: 1, answer: { text: 'never' } }]);
    });

    it('keeps no call of 10,000 closed scopes, and every one is counted', async () => {
      const app = createTestApp({ models });
      const writer = app.fake('writer', [{ text: 'Hello' }]);
      for (let i = 0; i < 10_000; i++) {
        await say(app, `s${i}`);
        await app.scope(`s${i}`).close();
      }
      expect(writer.sent).toEqual([]);
      await writer.verify();
    });
  });

  describe('.scope(id).fakeClassifier', () => {
    it('gives each scope its own script, and other scopes the script for every scope', async () => {
      const app = createTestApp({ models });
      app.fakeClassifier([{ answers: { team: 'technical' } }]);
      const ann = app.scope('ann').fakeClassifier([{ answers: { team: 'billing' } }]);
      expect(await team(app, 'ann')).toBe('billing');
      expect(await team(app, 'bob')).toBe('technical');
      await ann.verify();
    });

    it('fails a call in a scope with no script with T0042', async () => {
      const app = createTestApp({ models });
      app.scope('ann').fakeClassifier([{ answers: { team: 'billing' } }]);
      await expect(team(app, 'bob')).rejects.toMatchObject({ code: 'T0042' });
    });

    it('takes a function of the request', async () => {
      const app = createTestApp({ models });
      app.scope('ann').fakeClassifier((request) => ({
        answers: { team: String(request.state).includes('card') ? 'billing' : 'technical' },
      }));
      expect(await team(app, 'ann')).toBe('billing');
      expect(await team(app, 'ann', 'The app crashes.')).toBe('technical');
    });
  });

  describe('.fakeClassifier(fn)', () => {
    it('answers each call from a function of the request and its scope', async () => {
      const app = createTestApp({ models });
      const seen: string[] = [];
      const classifier = app.fakeClassifier((request, call) => {
        seen.push(call.scope);
        return { answers: { team: String(request.state).includes('card') ? 'billing' : 'technical' } };
      });
      expect(await team(app, 'ann')).toBe('billing');
      expect(await team(app, 'bob', 'The app crashes.')).toBe('technical');
      expect(seen).toEqual(['ann', 'bob']);
      expect(await classifier.pending()).toEqual([]);
      await classifier.verify();
    });

    it('rejects with the error the function answers, as a classifier would', async () => {
      const app = createTestApp({ models, retry: { attempts: 1 } });
      app.fakeClassifier(() => ({ error: new ClassificationAdapterError('authentication_failed') }));
      await expect(app.classify('hi', questions)).rejects.toMatchObject({
        name: 'ClassificationAdapterError',
        reason: 'authentication_failed',
      });
    });

    it('fails with T0043 when the function answers no entry or throws, and K0011 when an answer does not fit', async () => {
      const app = createTestApp({ models });
      app.fakeClassifier(() => ({ team: 'billing' }) as never);
      await expect(app.classify('hi', questions)).rejects.toThrow(
        /fn answered .*; it must answer \{ answers: \{ id: value \} \} or \{ error/,
      );
      app.fakeClassifier(() => {
        throw new Error('boom');
      });
      await expect(app.classify('hi', questions)).rejects.toMatchObject({ code: 'T0043' });
      app.fakeClassifier(() => ({ answers: { team: 'sales' } }));
      await expect(app.classify('hi', questions)).rejects.toMatchObject({ code: 'K0011' });
      expect(() => app.fakeClassifier(42 as never)).toThrow(expect.objectContaining({ code: 'K0010' }));
    });

    it('is a classifier on its own too', async () => {
      const app = createTestApp({ models });
      const classifier = app.fakeClassifier(() => ({ answers: {} }));
      const request = new ClassificationRequest({ state: 'hi', questions });
      expect((await classifier.classify(request)).answer('team')?.choice).toBe('billing');
    });
  });
});

describe('per-scope scripts in a Redis namespace', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedis();
  }, 60_000);
  afterAll(() => server?.stop());

  it('are refused with T0044, and a classifier function with D0006', async () => {
    const app = createTestApp({
      models,
      cursors: { store: 'redis', url: server.url, namespace: `ns-${randomUUID()}` },
    });
    expect(() => app.scope('ann').fake('writer', [{ text: 'Hi' }])).toThrow(expect.objectContaining({ code: 'T0044' }));
    expect(() => app.scope('ann').fakeClassifier([])).toThrow(expect.objectContaining({ code: 'T0044' }));
    expect(() => app.fakeClassifier(() => ({ answers: {} }))).toThrow(expect.objectContaining({ code: 'D0006' }));
    app.fake('writer', [{ text: 'shared' }]);
    expect(await say(app, 'ann')).toBe('shared');
    await app.dispose();
  });
});

describe('the per-scope scripts of docs/scopes.md, as written', () => {
  it('answers each scope from its own script, and every other scope from the script for all', async () => {
    const app = createTestApp({ models });
    // From here to the end of the block of docs/scopes.md, as written there.
    app.fake('writer', [{ text: 'Hello, whoever you are' }]); // every other scope
    app.scope('req-ann').fake('writer', [{ text: 'Hello, Ann' }]); // only scope 'req-ann'
    app.scope('req-bob').fake('writer', (request) => ({ text: `Hello, Bob (${request.messages.length} messages)` }));
    app.scope('req-bob').fakeClassifier([{ answers: { team: 'billing' } }]);

    expect(await say(app, 'req-ann')).toBe('Hello, Ann');
    expect(await say(app, 'req-bob')).toBe('Hello, Bob (1 messages)');
    expect(await say(app, 'req-carl')).toBe('Hello, whoever you are');
    expect(await team(app, 'req-bob', 'The app crashes.')).toBe('billing');
  });

  it('answers the classifier from a function of the request', async () => {
    const app = createTestApp({ models });
    app.fakeClassifier((request) => ({
      answers: { team: String(request.state).includes('card') ? 'billing' : 'technical' },
    }));
    expect(await team(app, 'any')).toBe('billing');
  });
});

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ClassificationQuestion as Q, tool, type Agent } from '../../../src/index.js';
import { createTestApp, fitting, type SentCall, type TestApp } from '../../../src/testing.js';
import { startMember, type Member } from '../../support/members.js';
import { startRedis, type RedisServer } from '../../support/redis.js';
import { z } from 'zod';

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

const models = {
  writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
  backup: { provider: 'openai', model: 'gpt-4.1-mini' },
};

/** Two apps of one fresh namespace, each with its own connection: as two processes would be. */
function pair(namespace = `ns-${randomUUID()}`): [TestApp, TestApp] {
  const make = () => createTestApp({ models, cursors: { store: 'redis', url: server.url, namespace } });
  const made: [TestApp, TestApp] = [make(), make()];
  apps.push(...made);
  return made;
}

const text = async (app: TestApp, messages = 'hi') => (await app.reply('writer', { messages })).text;

describe('app.fake in a namespace', () => {
  it('answers a call in any container of the namespace from the published answers, one per step across them', async () => {
    const [tester, instance] = pair();
    tester.fake('writer', [{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
    await tester.ready();
    // Each container enters the conversation's scope itself, as each instance does for a request.
    const said = [
      await instance.scope('conversation', () => text(instance)),
      await tester.scope('conversation', () => text(tester)),
      await instance.scope('conversation', () => text(instance)),
    ];
    expect(said).toEqual(['one', 'two', 'three']);
  });

  it('keeps scopes apart: each scope walks the script from its first answer', async () => {
    const [tester, instance] = pair();
    tester.fake('writer', [{ text: 'one' }, { text: 'two' }]);
    await tester.ready();
    expect(await instance.scope('a', () => text(instance))).toBe('one');
    expect(await instance.scope('b', () => text(instance))).toBe('one');
    expect(await tester.scope('a', () => text(tester))).toBe('two');
  });

  it('replays a step that runs again in another container: a run given its earlier runId gets the same answers', async () => {
    const [tester, instance] = pair();
    const agent: Agent = {
      model: 'writer',
      tools: { look: tool({ input: z.object({ q: z.string() }), run: ({ q }) => q.length }) },
    };
    tester.fake('writer', [{ calls: [{ tool: 'look', with: { q: 'abc' } }] }, { text: 'found' }, { text: 'later' }]);
    await tester.ready();
    const first = await instance.run(agent, 'go', { runId: 'run-1' });
    const again = await tester.run(agent, 'go', { runId: 'run-1' });
    expect([first.text, again.text]).toEqual(['found', 'found']);
    expect(await text(tester)).toBe('later');
  });

  it('fails a call past the last answer with T0013, naming the namespace', async () => {
    const [tester, instance] = pair();
    tester.fake('writer', [{ text: 'only' }]);
    await tester.ready();
    await text(instance);
    await expect(text(tester)).rejects.toMatchObject({
      code: 'T0013',
      message: expect.stringContaining('call 2 ran past them'),
    });
  });

  it('gives a failure answer as a provider failure; its retries replay the step, as in one process', async () => {
    const [tester, instance] = pair();
    tester.fake('writer', [{ fail: 'server' }, { text: 'next call' }]);
    await tester.ready();
    const error = await text(instance).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'E0005',
      failures: [{ kind: 'server' }, { kind: 'server' }, { kind: 'server' }],
    });
    expect(await text(tester)).toBe('next call');
  });

  it('answers from the answers published last: faking again starts a new script', async () => {
    const [tester, instance] = pair();
    tester.fake('writer', [{ text: 'old' }, { text: 'old 2' }]);
    await tester.ready();
    expect(await text(instance)).toBe('old');
    tester.fake('writer', [{ text: 'new' }]);
    await tester.ready();
    expect(await text(instance)).toBe('new');
  });

  it('keeps answering from the generation a process read, step after step, until another is published', async () => {
    const [tester, instance] = pair();
    tester.fake('writer', [{ text: 'old' }, { text: 'old 2' }, { text: 'old 3' }]);
    await tester.ready();
    expect([await text(instance), await text(instance), await text(tester)]).toEqual(['old', 'old 2', 'old 3']);
    tester.fake('writer', [{ text: 'new' }, { text: 'new 2' }]);
    await tester.ready();
    expect([await text(instance), await text(instance)]).toEqual(['new', 'new 2']);
    await expect(text(tester)).rejects.toMatchObject({ code: 'T0013' });
  });

  it('gives every key the published script and its calls write a time to live', async () => {
    const namespace = `ns-${randomUUID()}`;
    const [tester, instance] = pair(namespace);
    tester.fake('writer', [{ text: 'one' }, { text: 'two' }]);
    await tester.ready();
    await instance.scope('a', () => text(instance));
    await instance.scope('a', () => text(instance));
    await instance.scope('b', () => text(instance));
    const keys = server.cli('--scan', '--pattern', `standin:{${namespace}}:*`).trim().split('\n');
    expect(keys.map((key) => key.split(':')[2]).sort()).toEqual(['a', 'c', 'c', 'f', 's', 'sent']);
    for (const key of keys) expect(Number(server.cli('TTL', key).trim()), key).toBeGreaterThan(86_000);
  });

  it('refuses a function answer with D0006: it cannot cross a process', () => {
    const [tester] = pair();
    expect(() => tester.fake('writer', () => ({ text: 'x' }))).toThrow(
      expect.objectContaining({ code: 'D0006', message: expect.stringContaining('cannot cross a process') }),
    );
    expect(() => tester.fake('writer', { reply: [{ text: 'x' }], embed: () => [1] })).toThrow(
      expect.objectContaining({ code: 'D0006', message: expect.stringContaining('answers.embed') }),
    );
  });

  it('refuses fitting() with D0006, for a model and for the classifier: it answers in its own process', () => {
    const [tester] = pair();
    expect(() => tester.fake('writer', fitting())).toThrow(
      expect.objectContaining({ code: 'D0006', message: expect.stringContaining("app.fake('writer', fitting())") }),
    );
    expect(() => tester.fakeClassifier(fitting())).toThrow(
      expect.objectContaining({ code: 'D0006', message: expect.stringContaining('app.fakeClassifier(fitting())') }),
    );
  });

  it('checks answers before publishing them: a bad answer is its T-code', () => {
    const [tester] = pair();
    expect(() => tester.fake('writer', [{ txt: 'typo' } as never])).toThrow(expect.objectContaining({ code: 'T0003' }));
  });

  it('fails a call of a model no process faked with D0007', async () => {
    const [, instance] = pair();
    await expect(text(instance)).rejects.toMatchObject({
      code: 'D0007',
      message: expect.stringContaining("app.fake('writer', answers)"),
    });
  });

  it('shares nothing with another namespace', async () => {
    const [tester] = pair();
    const [, stranger] = pair();
    tester.fake('writer', [{ text: 'mine' }]);
    await tester.ready();
    await expect(text(stranger)).rejects.toMatchObject({ code: 'D0007' });
  });
});

describe('a namespaced fake', () => {
  describe('.sent', () => {
    it('lists, after sync(), the calls every process of the namespace made, in the order Redis took them', async () => {
      const namespace = `ns-${randomUUID()}`;
      const config = { models, cursors: { store: 'redis', url: server.url, namespace } } as const;
      const [tester, instance] = await Promise.all([startMember(config), startMember(config)]);
      members.push(tester, instance);
      await tester.ask({ op: 'fake', model: 'writer', answers: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
      expect(await tester.ask({ op: 'reply', model: 'writer', message: 'from the tester' })).toBe('one');
      expect(await instance.ask({ op: 'reply', model: 'writer', message: 'from the instance', scope: 'b' })).toBe(
        'one',
      );
      expect(await tester.ask({ op: 'reply', model: 'writer', message: 'from the tester again' })).toBe('two');
      const sent = await tester.ask<SentCall[]>({ op: 'sent', model: 'writer' });
      expect(sent.map((s) => [s.scope, s.call === 'reply' && s.input.messages[0]])).toEqual([
        ['', { role: 'user', content: 'from the tester' }],
        ['b', { role: 'user', content: 'from the instance' }],
        ['', { role: 'user', content: 'from the tester again' }],
      ]);
    }, 60_000);

    it("lists this process's calls since the last sync after the ones it read, each call once", async () => {
      const [tester, instance] = pair();
      const writer = tester.fake('writer', [{ text: 'one' }, { text: 'two' }, { text: 'three' }]);
      await tester.ready();
      await text(instance, 'from the instance');
      await text(tester, 'from the tester');
      const messages = () =>
        writer.sent
          .map((s) => (s.call === 'reply' ? s.input.messages[0] : undefined))
          .map((m) => (m?.role === 'user' ? m.content : m));
      expect(messages()).toEqual(['from the tester']);
      await writer.sync();
      expect(messages()).toEqual(['from the instance', 'from the tester']);
      await text(tester, 'again');
      expect(messages()).toEqual(['from the instance', 'from the tester', 'again']);
      await writer.sync();
      expect(messages()).toEqual(['from the instance', 'from the tester', 'again']);
    });

    it('keeps a call the fake failed before asking the namespace, which the namespace never records', async () => {
      const [tester] = pair();
      const writer = tester.fake('writer', {});
      await tester.ready();
      await expect(text(tester)).rejects.toMatchObject({ code: 'T0009' });
      await writer.sync();
      expect(writer.sent).toEqual([expect.objectContaining({ call: 'reply', attempt: 1 })]);
    });
  });

  describe('.pending and .verify', () => {
    it('see the answers other containers took', async () => {
      const [tester, instance] = pair();
      const writer = tester.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await tester.ready();
      await instance.scope('c', () => text(instance));
      expect(await writer.pending('c')).toEqual([{ index: 1, answer: { text: 'two' } }]);
      await expect(writer.verify()).rejects.toMatchObject({
        code: 'T0014',
        message: expect.stringContaining("scope 'c'"),
      });
      await instance.scope('c', () => text(instance));
      await expect(writer.verify()).resolves.toBeUndefined();
    });
  });

  describe('.findings', () => {
    it('reports the answers other containers left, per scope, and a call past them in this one', async () => {
      const [tester, instance] = pair();
      const writer = tester.fake('writer', [{ text: 'one' }, { text: 'two' }]);
      await tester.ready();
      await instance.scope('c', () => text(instance));
      const line = 'answers[1] { text: "two" } never asked for';
      expect(await writer.findings()).toEqual([{ scope: 'c', code: 'T0014', line }]);
      await tester.scope('c', () => text(tester));
      await tester.scope('c', () => text(tester)).catch(() => undefined);
      expect((await writer.findings()).map((finding) => [finding.scope, finding.code])).toEqual([['c', 'T0046']]);
    });
  });

  describe('.forget', () => {
    it("empties sent and forgets the test author's errors kept for verify", async () => {
      const [tester] = pair();
      const writer = tester.fake('writer', [{ text: 'one' }]);
      await tester.ready();
      await text(tester);
      await text(tester).catch(() => undefined);
      expect(writer.sent).toHaveLength(2);
      writer.forget();
      expect(writer.sent).toEqual([]);
      await expect(writer.verify()).resolves.toBeUndefined();
    });
  });
});

describe('app.fakeClassifier in a namespace', () => {
  const questions = { team: Q.choice('Which team?', ['billing', 'technical']) };
  const team = async (app: TestApp) =>
    (await app.classify('My card was charged twice.', questions)).answer('team')?.choice;

  it('answers classify calls in any container from the published script, one entry per call', async () => {
    const [tester, instance] = pair();
    const classifier = tester.fakeClassifier([{ answers: { team: 'technical' } }, { answers: { team: 'billing' } }]);
    await tester.ready();
    expect([await team(instance), await team(tester)]).toEqual(['technical', 'billing']);
    await expect(classifier.verify()).resolves.toBeUndefined();
  });

  it('counts retryUntilCall visits across containers, and gives error entries as the errors they were', async () => {
    const [tester, instance] = pair();
    tester.fakeClassifier([
      { retryUntilCall: 2 },
      { error: new ClassificationAdapterError('authentication_failed', { message: 'bad key', status: 401 }) },
      { answers: { team: 'billing' } },
    ]);
    await tester.ready();
    expect(tester.clock.slept).toEqual([]);
    await expect(team(instance)).rejects.toMatchObject({
      reason: 'authentication_failed',
      message: 'K0008: bad key',
      status: 401,
    });
    expect(instance.clock.slept).toHaveLength(1);
    expect(await team(tester)).toBe('billing');
    await expect(team(instance)).rejects.toMatchObject({
      reason: 'unknown',
      metadata: { cause: 'classification_script_exhausted' },
    });
  });

  it('says how many entries the spent script had, and fails verify with K0014 in the process that ran past it', async () => {
    const [tester] = pair();
    const classifier = tester.fakeClassifier([{ answers: { team: 'technical' } }]);
    await tester.ready();
    expect(await team(tester)).toBe('technical');
    const spent = await tester.classify('again', questions, { requestId: 'r-2' }).catch((e: unknown) => e);
    expect(spent).toMatchObject({
      code: 'K0008',
      message: expect.stringContaining(
        "the script has 1 entry, and a call ran past them (request 'r-2', in the default scope)",
      ),
    });
    await expect(classifier.verify()).rejects.toMatchObject({ code: 'K0014' });
  });

  it('lists unused entries per scope in verify', async () => {
    const [tester, instance] = pair();
    const classifier = tester.fakeClassifier([{ answers: { team: 'technical' } }, { answers: { team: 'billing' } }]);
    await tester.ready();
    await instance.scope('t-1', () => team(instance));
    await expect(classifier.verify()).rejects.toMatchObject({
      code: 'K0012',
      message: expect.stringContaining('scope "t-1"'),
    });
  });

  describe('.findings', () => {
    it("reports the entries the namespace's scopes left, one finding each", async () => {
      const [tester, instance] = pair();
      const classifier = tester.fakeClassifier([{ answers: { team: 'technical' } }, { answers: { team: 'billing' } }]);
      await tester.ready();
      await instance.scope('t-1', () => team(instance));
      expect(await classifier.findings()).toEqual([
        { scope: 't-1', code: 'K0012', line: 'script[1] {"answers":{"team":"billing"}} never used' },
      ]);
    });
  });

  it('answers from the script another process published in a container whose config binds a real classifier, which is never called', async () => {
    let hits = 0;
    const real = createServer((_, response) => {
      hits++;
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"the real classifier was called"}');
    });
    real.listen(0, '127.0.0.1');
    await once(real, 'listening');
    try {
      const cursors = { store: 'redis', url: server.url, namespace: `ns-${randomUUID()}` } as const;
      const providers = {
        typesafe: { apiKey: 'ts-test', baseURL: `http://127.0.0.1:${(real.address() as AddressInfo).port}` },
      };
      const bound = { models, providers, classifier: { provider: 'typesafe' }, cursors } as const;
      const [publisher, instance] = await Promise.all([startMember({ models, cursors }), startMember(bound)]);
      members.push(publisher, instance);
      await publisher.ask({ op: 'fakeClassifier', script: [{ answers: { pick: 'b' } }, { answers: { pick: 'a' } }] });
      expect(await instance.ask({ op: 'classify', text: 'first', options: ['a', 'b'] })).toBe('b');
      const app = createTestApp(bound);
      apps.push(app);
      app.allowRealCalls();
      expect((await app.classify('second', { pick: Q.choice('Which one?', ['a', 'b']) })).answer('pick')?.choice).toBe(
        'a',
      );
      expect(hits).toBe(0);
    } finally {
      real.close();
    }
  }, 60_000);

  it('refuses a script whose answers are not plain data with D0006', () => {
    const [tester] = pair();
    expect(() =>
      tester.fakeClassifier([{ error: new ClassificationAdapterError('unknown', { metadata: { at: new Date() } }) }]),
    ).toThrow(expect.objectContaining({ code: 'D0006' }));
  });

  it('fails a classify call with D0007 when no process scripted the classifier', async () => {
    const [, instance] = pair();
    await expect(team(instance)).rejects.toMatchObject({ code: 'D0007' });
  });
});

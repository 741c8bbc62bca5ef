import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../src/testing.js';
import { startMember, type Member } from '../../support/members.js';
import { startRedis, type RedisServer } from '../../support/redis.js';

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
const support = [
  { when: { user: 'refund' }, text: 'Refunds take 5 days.' },
  { when: { user: { regex: '^(hi|hello)\\b', flags: 'i' } }, text: 'Hello!' },
  { text: 'Let me find out.' },
];

function config(namespace: string) {
  return { models, cursors: { store: 'redis', url: server.url, namespace } } as const;
}

function app(namespace: string): TestApp {
  const made = createTestApp(config(namespace));
  apps.push(made);
  return made;
}

describe('app.fake(model, answers with when) in a namespace', () => {
  it('answers a call in another process with the first answer left that matches its request', async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = app(namespace);
    tester.fake('writer', support);
    await tester.ready();
    const instance = await startMember(config(namespace));
    members.push(instance);
    const ask = (message: string) => instance.ask<string>({ op: 'reply', model: 'writer', message, scope: 'chat' });
    expect(await ask('Hello there')).toBe('Hello!');
    expect(await ask('Where is my parcel?')).toBe('Let me find out.');
    expect(await ask('A refund, please')).toBe('Refunds take 5 days.');
    await expect(tester.verify()).resolves.toBeUndefined();
  }, 60_000);

  it('never gives one answer twice in a scope, whichever process asks', async () => {
    const namespace = `ns-${randomUUID()}`;
    const [tester, other] = [app(namespace), app(namespace)];
    tester.fake('writer', [
      { when: { user: 'refund' }, text: 'first refund' },
      { when: { user: 'refund' }, text: 'second refund' },
    ]);
    await tester.ready();
    const said = await Promise.all(
      [tester, other].map((one) =>
        one.scope('s', async () => (await one.reply('writer', { messages: 'refund' })).text),
      ),
    );
    expect(said.sort()).toEqual(['first refund', 'second refund']);
  });

  it('fails T0050 in the process whose request matches no answer left, naming the request', async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = app(namespace);
    tester.fake('writer', [{ when: { user: 'refund' }, text: 'a' }]);
    await tester.ready();
    const other = app(namespace);
    const error = await other.reply('writer', { messages: 'the weather?' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'T0050', message: expect.stringContaining('user "the weather?"') });
  });

  it('lists in pending() and verify() the answers no process took, and a when that matched none of the requests', async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = app(namespace);
    const writer = tester.fake('writer', support);
    await tester.ready();
    const other = app(namespace);
    await other.scope('c', () => other.reply('writer', { messages: 'Hi' }));
    expect((await writer.pending('c')).map((answer) => answer.index)).toEqual([0, 2]);
    await writer.sync();
    await expect(writer.verify('c')).rejects.toMatchObject({
      code: 'T0014',
      message: expect.stringContaining('its when { user contains "refund" } matched not the one request sent there'),
    });
  });

  it('reads a generation published after the one it answered from before it takes from it', async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = app(namespace);
    const other = app(namespace);
    tester.fake('writer', [{ when: { user: 'a' }, text: 'old' }]);
    await tester.ready();
    expect((await other.reply('writer', { messages: 'a' })).text).toBe('old');
    tester.fake('writer', [
      { when: { user: 'b' }, text: 'new b' },
      { when: { user: 'a' }, text: 'new a' },
    ]);
    await tester.ready();
    expect((await other.reply('writer', { messages: 'a' })).text).toBe('new a');
  });
});

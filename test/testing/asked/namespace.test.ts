import 'standin/vitest';
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

const config = (namespace: string) =>
  ({
    models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
    cursors: { store: 'redis', url: server.url, namespace },
  }) as const;

describe('the matchers in a Redis namespace', () => {
  it('read the calls another process made, after sync(), and the answers it left', async () => {
    const namespace = `ns-${randomUUID()}`;
    const tester = createTestApp(config(namespace));
    apps.push(tester);
    const writer = tester.fake('writer', [{ text: 'Hello!' }, { text: 'Bye!' }]);
    await tester.ready();
    const instance = await startMember(config(namespace));
    members.push(instance);

    expect(await instance.ask<string>({ op: 'reply', model: 'writer', message: 'Hi there' })).toBe('Hello!');
    await writer.sync();

    expect(writer).toHaveBeenAsked(1);
    expect({ app: tester, model: 'writer' }).toHaveBeenAskedWith({
      messages: [{ role: 'user', content: 'Hi there' }],
    });
    await expect(expect(writer).toHaveAnsweredAll()).rejects.toThrow(/answers\[1\] \{ text: "Bye!" \} never asked for/);

    expect(await instance.ask<string>({ op: 'reply', model: 'writer', message: 'Bye' })).toBe('Bye!');
    await writer.sync();
    expect(writer).toHaveBeenAsked(2);
    await expect(writer).toHaveAnsweredAll();
  }, 60_000);
});

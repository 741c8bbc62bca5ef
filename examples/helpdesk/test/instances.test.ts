import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { createTestApp, type Answer, type TestApp } from 'standin/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisServer } from '../../../test/support/redis.js';
import { demoConfig, helpdeskServices } from '../src/services.js';
import { postTicket } from './support/serve.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** One help desk instance: `node --import tsx examples/helpdesk/src/main.ts` on a free port, on a namespace's fakes. */
interface Instance {
  readonly url: string;
  readonly child: ChildProcess;
  readonly output: () => string;
}

async function startInstance(redisUrl: string, namespace: string): Promise<Instance> {
  const { ANTHROPIC_API_KEY: _a, OPENAI_API_KEY: _o, TYPESAFE_API_KEY: _t, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'examples/helpdesk/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: '0', HELPDESK_REDIS_URL: redisUrl, HELPDESK_NAMESPACE: namespace },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const found = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (found) resolve(found[1]!);
    });
    void exited.then(([code]) =>
      reject(new Error(`The help desk exited (${String(code)}) before listening:\n${output}`)),
    );
  });
  return { url, child, output: () => output };
}

async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = once(instance.child, 'exit');
  instance.child.kill('SIGTERM');
  await exited;
}

let redis: RedisServer;
const instances: Instance[] = [];
const namespace = `helpdesk-${randomUUID()}`;
let tester: TestApp;

beforeAll(async () => {
  redis = await startRedis();
  instances.push(...(await Promise.all([startInstance(redis.url, namespace), startInstance(redis.url, namespace)])));
  tester = createTestApp({ ...demoConfig, cursors: { store: 'redis', url: redis.url, namespace } });
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map(stop));
  await tester?.dispose();
  await redis?.stop();
});

const lookUp = (words: string): Answer => ({
  text: `Looking up ${words}.`,
  calls: [{ tool: 'findInGuide', with: { words } }],
});

describe('the help desk as two instances on one namespace', () => {
  it('prints that it answers from the shared fakes', () => {
    for (const instance of instances)
      expect(instance.output()).toContain(
        `the writer and the classifier answer from the fakes namespace '${namespace}' shares in Redis at ${redis.url}`,
      );
  });

  it('answers one scripted conversation in script order, its requests alternating between the instances', async () => {
    const turns = [
      {
        message: 'I was charged twice for my plan.',
        team: 'billing',
        words: 'charged twice refund',
        answer: 'A double charge is refunded within five working days.',
        pages: [3],
      },
      {
        message: 'And now I cannot sign in.',
        team: 'technical',
        words: 'sign in password',
        answer: 'Open Settings, then Password, to reset it.',
        pages: [2],
      },
      {
        message: 'Can I move to a bigger plan?',
        team: 'sales',
        words: 'upgrade plan',
        answer: 'Upgrades take effect at once, from the Plans page.',
        pages: [1],
      },
      {
        message: 'Thanks, one more refund question.',
        team: 'billing',
        words: 'refund time',
        answer: 'Refunds reach your card within five working days.',
        pages: [3],
      },
    ];
    const classifier = tester.fakeClassifier(
      turns.map((t, i) => ({
        answers: { team: t.team, frustration: i % 3, refund: t.team === 'billing' ? 0.9 : 0.1 },
      })),
    );
    const writer = tester.fake(
      'writer',
      turns.flatMap((t) => [lookUp(t.words), { value: { answer: t.answer, pages: t.pages } }]),
    );
    await tester.ready();

    const conversation = `conversation-${randomUUID()}`;
    const replies = [];
    for (const [i, turn] of turns.entries()) {
      const instance = instances[i % 2]!;
      const response = await postTicket(instance.url, { message: turn.message }, { 'x-standin-scope': conversation });
      expect(response.status, await response.clone().text()).toBe(201);
      replies.push(
        (await response.json()) as {
          classification: { team: { choice: string } };
          reply: { answer: string; notes: string[] };
        },
      );
    }
    expect(replies.map((r) => r.classification.team.choice)).toEqual(turns.map((t) => t.team));
    expect(replies.map((r) => r.reply.answer)).toEqual(turns.map((t) => t.answer));
    expect(replies.map((r) => r.reply.notes)).toEqual(turns.map((t) => [`Looking up ${t.words}.`]));

    await writer.verify();
    await classifier.verify();
    await writer.sync();
    const sent = writer.sent;
    expect(sent).toHaveLength(turns.length * 2);
    // Each ticket's first writer step was sent the customer's message, in script order.
    const asked = sent
      .filter((_, i) => i % 2 === 0)
      .map((s) => (s.call === 'reply' ? s.input.messages.find((m) => m.role === 'user') : undefined));
    asked.forEach((message, i) => expect(message?.role === 'user' ? message.content : '').toContain(turns[i]!.message));
  }, 60_000);

  it('answers a request past the script with a clear error, not an answer from elsewhere', async () => {
    tester.fakeClassifier([{ answers: { team: 'billing' } }]);
    tester.fake('writer', [lookUp('refund')]);
    await tester.ready();
    const response = await postTicket(
      instances[1]!.url,
      { message: 'Refund please.' },
      { 'x-standin-scope': `past-${randomUUID()}` },
    );
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(await response.json())).toContain('T0013');
  }, 60_000);
});

describe('helpdeskServices', () => {
  it("runs on a namespace's shared fakes when HELPDESK_REDIS_URL and HELPDESK_NAMESPACE are set, hiding the password", () => {
    const services = helpdeskServices({
      ANTHROPIC_API_KEY: 'sk-ant-test',
      HELPDESK_REDIS_URL: 'redis://:hunter2@127.0.0.1:6379',
      HELPDESK_NAMESPACE: 'e2e',
    });
    expect(services.mode).toBe('shared');
    expect(services.summary).toContain('redis://:***@127.0.0.1:6379');
    expect(services.summary).not.toContain('hunter2');
  });

  it('refuses one of the two without the other', () => {
    expect(() => helpdeskServices({ HELPDESK_NAMESPACE: 'e2e' })).toThrow(
      'Set both HELPDESK_REDIS_URL and HELPDESK_NAMESPACE',
    );
  });
});

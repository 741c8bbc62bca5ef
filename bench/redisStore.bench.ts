import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Tokens } from '../src/index.js';
import { type RedisCursorStore } from '../src/conformance.js';
import { createTestApp } from '../src/testing.js';
import { race } from '../test/support/race.js';
import { startRedis } from '../test/support/redis.js';
import { compare, formatNs, report } from './harness.js';

const models = { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } };
const question = 'How do I reset my password?';

/**
 * The Redis cursor store (issue 15), on a redis-server the bench starts: a faked `app.reply`
 * through the store against a bare PING on the same connection (one round trip per step), and
 * steps per second with 4 processes on one namespace against 1.
 */
export default async function redisStore(): Promise<void> {
  const server = await startRedis();
  try {
    // 1. One step, fresh each time (a new request id, so the next answer of a long list), against
    // a bare PING on the same connection: the store's step script, then a whole faked app.reply,
    // then one in a namespace (published answer + step + sent record in one script).
    const answers = Array.from({ length: 60_000 }, (_, i) => ({
      text: `answer ${i}`,
      units: { tokensIn: 12, tokensOut: 6 },
    }));
    const app = createTestApp({ models, cursors: { store: 'redis', url: server.url, timeoutMs: 30_000 } });
    app.fake('writer', answers);
    const store = app.container.get(Tokens.CursorStore) as RedisCursorStore;
    const shared = createTestApp({
      models,
      cursors: { store: 'redis', url: server.url, namespace: `bench-${randomUUID()}`, timeoutMs: 30_000 },
    });
    shared.fake('writer', answers);
    const sharedStore = shared.container.get(Tokens.CursorStore) as RedisCursorStore;
    await Promise.all([app.ready(), shared.ready()]);
    if ((await app.reply('writer', { messages: question })).text !== 'answer 0')
      throw new Error('the faked reply does not reply what it should');
    let step = 0;
    // Each side against a PING on the connection it uses: the namespace's app has a connection of its own.
    const [ping, sharedPing, stepIndex, viaStore, viaNamespace] = await compare(
      [
        { name: 'PING on the same connection', fn: () => store.link.command(undefined, ['PING']) },
        { name: "PING on the namespace's connection", fn: () => sharedStore.link.command(undefined, ['PING']) },
        { name: 'store.stepIndex, a new step', fn: () => store.stepIndex('', 'bench', `step-${step++}`) },
        { name: 'faked app.reply, Redis store', fn: () => app.reply('writer', { messages: question }) },
        { name: 'faked app.reply, namespace script', fn: () => shared.reply('writer', { messages: question }) },
      ],
      { budgetMs: 1000, rounds: 10 },
    );
    const rows = [
      [stepIndex!, ping!, 'store.stepIndex (one Lua script: peek, index, advance, step record)'],
      [viaStore!, ping!, 'faked app.reply through the Redis store (engine + fake + step script)'],
      [viaNamespace!, sharedPing!, 'faked app.reply in a namespace (published answer + step + sent, one script)'],
    ] as const;
    report(
      'Redis cursor store: one step against one round trip',
      rows.map(([ours, baseline, label]) => {
        const ratio = ours.medianNs / baseline.medianNs;
        return {
          label,
          value: formatNs(ours.medianNs),
          baseline: `${formatNs(baseline.medianNs)} (${baseline.name})`,
          ratio: `${ratio.toFixed(2)}x`,
          target: '<= 2x',
          met: ratio <= 2,
        };
      }),
    );
    // The round trips behind those figures: what Redis ran per faked reply, watched with MONITOR.
    const perReply = async (made: typeof app): Promise<string> => {
      const replies = 100;
      const seen = await monitored(server.port, server.cli, async () => {
        for (let i = 0; i < replies; i++) await made.reply('writer', { messages: question });
      });
      const sent = [...seen.sent].map(([name, n]) => `${name} ${(n / replies).toFixed(2)}`).join(', ');
      const inside = [...seen.inside.values()].reduce((sum, n) => sum + n, 0) / replies;
      return `${sent} (${inside.toFixed(2)} commands inside the script)`;
    };
    report('Redis cursor store: commands a faked app.reply sends', [
      { label: 'Redis store', value: await perReply(app), target: 'one round trip' },
      { label: 'namespace script', value: await perReply(shared), target: 'one round trip' },
    ]);
    await Promise.all([store.reset(), sharedStore.reset()]);
    await Promise.all([app.dispose(), shared.dispose()]);

    // 2. Steps per second on one scope of one namespace: 4 processes against 1, the same steps.
    const steps = 2_000;
    const run = async (processes: number): Promise<number> => {
      const namespace = `bench-race-${randomUUID()}`;
      const tester = createTestApp({ models, cursors: { store: 'redis', url: server.url, namespace } });
      tester.fake(
        'writer',
        Array.from({ length: steps }, (_, i) => ({ text: String(i) })),
      );
      await tester.ready();
      const { texts, ms } = await race(server.url, namespace, processes, steps / processes);
      if (new Set(texts.flat()).size !== steps) throw new Error('a racing step got an answer twice');
      await tester.container.get(Tokens.CursorStore).reset();
      await tester.dispose();
      return (steps * 1000) / ms;
    };
    const one = await run(1);
    const four = await run(4);
    report('Redis cursor store: racing steps on one scope', [
      {
        label: `4 processes, ${steps} steps`,
        value: `${four.toFixed(0)} steps/s`,
        baseline: `${one.toFixed(0)} steps/s (1 process, the same steps)`,
        ratio: `${(four / one).toFixed(2)}x`,
      },
    ]);
  } finally {
    await server.stop();
  }
}

/** The commands clients sent (round trips) and the commands scripts ran while `run` ran, by name, from MONITOR. */
async function monitored(
  port: number,
  cli: (...args: string[]) => string,
  run: () => Promise<void>,
): Promise<{ sent: Map<string, number>; inside: Map<string, number> }> {
  const monitor = spawn('redis-cli', ['-p', String(port), 'monitor'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  monitor.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const until = async (text: string): Promise<void> => {
    while (!out.includes(text)) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  try {
    await until('OK');
    out = '';
    await run();
    cli('ECHO', 'standin-bench-end');
    await until('standin-bench-end');
  } finally {
    monitor.kill();
  }
  const sent = new Map<string, number>();
  const inside = new Map<string, number>();
  for (const [, who, name] of out.matchAll(/^\S+ \[\d+ ([^\]]+)\] "([^"]+)"/gm)) {
    if (name === 'ECHO') continue;
    const counts = who === 'lua' ? inside : sent;
    counts.set(name!, (counts.get(name!) ?? 0) + 1);
  }
  return { sent, inside };
}

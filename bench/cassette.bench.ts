import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tokens, type Provider } from '../src/index.js';
import { stableJson } from '../src/fakes/cassettes/stableJson.js';
import { createTestApp } from '../src/testing.js';
import { ContainerModule } from 'inversify';
import { compare, formatNs, report } from './harness.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const question = 'How do I reset my password?';
const answer = {
  text: 'Open Settings, then Password. (Help desk guide, page 2)',
  units: { tokensIn: 120, tokensOut: 40 },
};

/** A provider that answers what the fake answers, to record the cassette from. */
const live: Provider = {
  async *reply() {
    yield { type: 'text', text: answer.text };
    yield { type: 'units', ...answer.units };
    yield { type: 'finish', reason: 'stop' };
  },
};

/** A cassette of `count` replies, each to its own question, as `record` writes one. */
function bigCassette(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => ({
    model: 'writer',
    call: 'reply',
    request: {
      instructions: 'Answer from the help desk guide.',
      messages: [{ role: 'user', content: `Question ${i}: how do I change setting ${i}?` }],
      settings: { model: 'claude-sonnet-4-5' },
    },
    answer: { text: `Open Settings, then item ${i}.`, units: { tokensIn: 30 + (i % 7), tokensOut: 9 } },
  }));
  return stableJson({ standin: 'cassette', version: 1, entries });
}

/** Cassettes (issue 13): a replayed reply beside a faked one, and loading a 1,000-entry cassette. */
export default async function cassette(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'standin-bench-'));
  try {
    // 1. Record one exchange, then replay it. Every call runs in a scope of its own on both sides,
    // so each is a first asking: the cassette's nth-recording count and the fake's cursor both start over.
    const path = join(folder, 'reply.json');
    const recording = createTestApp(
      config,
      new ContainerModule(({ bind }) => void bind(Tokens.Provider).toConstantValue(live).whenNamed('anthropic')),
    );
    const tape = recording.cassette(path, { mode: 'record' });
    await recording.reply('writer', { messages: question });
    await tape.save();

    const replaying = createTestApp(config);
    replaying.cassette(path);
    const faked = createTestApp(config);
    faked.fake('writer', [answer]);
    let r = 0;
    let f = 0;
    const replayed = await replaying.scope('check', () => replaying.reply('writer', { messages: question }));
    const fake = await faked.scope('check', () => faked.reply('writer', { messages: question }));
    if (replayed.text !== answer.text || fake.text !== answer.text || replayed.units.tokensIn !== fake.units.tokensIn) {
      throw new Error('the cassette benchmark does not reply what it should');
    }
    const [onCassette, onFake] = await compare([
      {
        name: 'app.reply replayed from a cassette',
        fn: () => replaying.scope(`r${r++}`, () => replaying.reply('writer', { messages: question })),
      },
      {
        name: 'app.reply on app.fake',
        fn: () => faked.scope(`f${f++}`, () => faked.reply('writer', { messages: question })),
      },
    ]);
    const ratio = onCassette!.medianNs / onFake!.medianNs;
    report('Cassettes: one reply', [
      {
        label: 'replayed app.reply',
        value: formatNs(onCassette!.medianNs),
        baseline: `${formatNs(onFake!.medianNs)} (${onFake!.name})`,
        ratio: `${ratio.toFixed(2)}x the fake`,
        target: '<= 2x the fake',
        met: ratio <= 2,
      },
    ]);

    // 2. Loading: app.cassette on a 1,000-entry file (read, parse, check every entry, prepare
    // every answer, index every request), beside JSON.parse of the same text.
    const bigPath = join(folder, 'big.json');
    writeFileSync(bigPath, bigCassette(1000));
    const text = readFileSync(bigPath, 'utf8');
    const [load, parse] = await compare(
      [
        { name: 'createTestApp + app.cassette (1,000 entries)', fn: () => createTestApp(config).cassette(bigPath) },
        { name: 'JSON.parse of the file', fn: () => JSON.parse(text) },
      ],
      { budgetMs: 1500, rounds: 6 },
    );
    report('Cassettes: loading a 1,000-entry cassette', [
      {
        label: `app.cassette on a ${(text.length / 1024).toFixed(0)} KB file`,
        value: formatNs(load!.medianNs),
        baseline: `${formatNs(parse!.medianNs)} (${parse!.name})`,
        ratio: `${(load!.medianNs / parse!.medianNs).toFixed(1)}x the parse`,
      },
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

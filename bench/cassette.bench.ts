import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Tokens, type Provider } from '../src/index.js';
import { stableJson } from '../src/fakes/cassettes/stableJson.js';
import { createTestApp } from '../src/testing.js';
import { ContainerModule } from 'inversify';
import { loadFixtureFile, matchFixture } from '@copilotkit/aimock';
import { compare, formatNs, report, timesRow, warmUp } from './harness.js';

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

/** The question and the answer of recording `i` of the big cassette. */
const recorded = (i: number) => ({
  question: `Question ${i}: how do I change setting ${i}?`,
  answer: `Open Settings, then item ${i}.`,
});
const instructions = 'Answer from the help desk guide.';

/** A cassette of `count` replies, each to its own question, as `record` writes one. */
function bigCassette(count: number): string {
  const entries = Array.from({ length: count }, (_, i) => ({
    model: 'writer',
    call: 'reply',
    request: {
      instructions,
      messages: [{ role: 'user', content: recorded(i).question }],
      settings: { model: 'claude-sonnet-4-5' },
    },
    answer: { text: recorded(i).answer, units: { tokensIn: 30 + (i % 7), tokensOut: 9 } },
  }));
  return stableJson({ standin: 'cassette', version: 1, entries });
}

/** The same recordings as aimock fixtures: each question matched by its user message, answered with its text. */
function aimockFixtures(count: number): string {
  const fixtures = Array.from({ length: count }, (_, i) => ({
    match: { userMessage: recorded(i).question },
    response: { content: recorded(i).answer },
  }));
  return JSON.stringify({ fixtures }, null, 2);
}

/**
 * Cassettes (issues 13, 24 and 36): a replayed reply beside a faked one; loading a 1,000- and a
 * 10,000-entry cassette, and loading it then replaying its last entry, beside JSON.parse of it
 * (and at 1,000 beside aimock loading the same recordings); replay at the last entry beside the
 * first.
 */
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

    // 2. Loading: app.cassette on a 1,000- and a 10,000-entry file (read, parse, check every entry and
    // every answer), beside JSON.parse of the same text, and at 1,000 beside aimock loading the same
    // recordings as its fixtures file (read, parse, normalise every fixture). A reply's answer is
    // prepared on its first replay, and the entries that end with the asked text are keyed on its
    // first lookup: the third case, loading then replaying the last entry, shows what that first
    // replay adds.
    const bigPath = join(folder, 'big.json');
    writeFileSync(bigPath, bigCassette(1000));
    const aimockPath = join(folder, 'aimock.json');
    writeFileSync(aimockPath, aimockFixtures(1000));
    if (loadFixtureFile(aimockPath).length !== 1000) throw new Error('aimock does not load the 1,000 fixtures');
    const kb = (path: string) => `${(readFileSync(path).length / 1024).toFixed(0)} KB`;
    for (const size of [1000, 10_000]) {
      const path = size === 1000 ? bigPath : join(folder, `big${size}.json`);
      if (size !== 1000) writeFileSync(path, bigCassette(size));
      const loadAndReplay = async (): Promise<void> => {
        const app = createTestApp(config);
        app.cassette(path);
        const last = await app.reply('writer', { instructions, messages: recorded(size - 1).question });
        if (last.text !== recorded(size - 1).answer) throw new Error(`entry ${size - 1} does not replay its answer`);
      };
      const count = size.toLocaleString('en');
      const cases = [
        { name: `createTestApp + app.cassette (${count} entries)`, fn: () => createTestApp(config).cassette(path) },
        { name: 'readFileSync + JSON.parse of the same file', fn: () => JSON.parse(readFileSync(path, 'utf8')) },
        { name: 'createTestApp + app.cassette + its first replay', fn: loadAndReplay },
        ...(size === 1000
          ? [{ name: `aimock's loadFixtureFile, the same ${count} recordings`, fn: () => loadFixtureFile(aimockPath) }]
          : []),
      ];
      const [load, parse, loaded, aimock] = await compare(cases, { budgetMs: size === 1000 ? 1500 : 4000, rounds: 6 });
      report(`Cassettes: loading a ${count}-entry cassette (medians of interleaved rounds)`, [
        timesRow(`app.cassette on a ${kb(path)} file`, load!.medianNs, parse!.medianNs, parse!.name, 2),
        timesRow(
          'app.cassette, then its first replay (the last entry)',
          loaded!.medianNs,
          parse!.medianNs,
          parse!.name,
          2,
        ),
        ...(aimock === undefined
          ? []
          : [
              timesRow(
                `app.cassette, against aimock (its file ${kb(aimockPath)})`,
                load!.medianNs,
                aimock.medianNs,
                aimock.name,
              ),
            ]),
      ]);
    }

    // 3. Replay at the last of 1,000 entries against the first: each call in a scope of its own,
    // so each is a first asking. Beside it, aimock's matchFixture on its 1,000 fixtures, last and first.
    const big = createTestApp(config);
    big.cassette(bigPath);
    const fixtures = loadFixtureFile(aimockPath);
    let s = 0;
    const ask = (i: number) => () =>
      big.scope(`b${s++}`, () => big.reply('writer', { instructions, messages: recorded(i).question }));
    const match = (i: number) => () =>
      matchFixture(fixtures, { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: recorded(i).question }] });
    for (const i of [0, 999]) {
      if ((await ask(i)()).text !== recorded(i).answer) throw new Error(`entry ${i} does not replay its answer`);
      if (match(i)()?.response !== fixtures[i]!.response) throw new Error(`aimock does not match fixture ${i}`);
    }
    const replayCases = [
      { name: 'app.reply replaying the first entry', fn: ask(0) },
      { name: 'app.reply replaying the last entry', fn: ask(999) },
      { name: "aimock's matchFixture, the first fixture", fn: match(0) },
      { name: "aimock's matchFixture, the last fixture", fn: match(999) },
    ];
    await warmUp(replayCases, 1000);
    const [first, last, aimockFirst, aimockLast] = await compare(replayCases, { budgetMs: 1000 });
    report('Cassettes: replay at the last of 1,000 entries against the first', [
      timesRow('replayed app.reply, the last entry', last!.medianNs, first!.medianNs, first!.name, 1.2),
      timesRow('aimock matchFixture, the last fixture', aimockLast!.medianNs, aimockFirst!.medianNs, aimockFirst!.name),
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

import { Output, generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { ClassificationQuestion as Q, ClassificationRequest } from '../src/index.js';
import { FakeClassifier } from '../src/testing.js';
import { createTestApp } from '../src/testing.js';
import { compare, formatNs, report } from './harness.js';

const STATE = 'My card was charged twice.';
const TEAMS = ['technical', 'billing', 'sales'];
const LEVELS = ['Calm', 'Annoyed', 'Angry'];

/**
 * One classify of three questions (choice, score, yes-no): through a FakeClassifier used
 * directly, and through app.classify (validation, classifier lookup, cursor key, retry loop),
 * against building the same response by hand (the limit), and against the AI SDK's
 * generateText with Output.choice on a MockLanguageModelV4 (one choice question).
 */
export default async function classification(): Promise<void> {
  const questions = {
    team: Q.choice('Which team?', TEAMS),
    frustration: Q.score('How frustrated?', LEVELS),
    refund: Q.yesNo('Is a refund requested?'),
  };
  const request = new ClassificationRequest({ state: STATE, questions });
  const fake = new FakeClassifier();
  const app = createTestApp();
  app.fakeClassifier();

  // The same response the fake gives, as plain objects built by hand: nothing is read, checked or looked up.
  const byHand = () => ({
    id: null,
    requestId: null,
    model: 'fake-classification',
    provider: 'fake',
    raw: null,
    answers: {
      team: {
        type: 'choice',
        choice: 'billing',
        score: null,
        yesProbability: null,
        probabilities: { technical: 0, billing: 1, sales: 0 },
        legend: null,
        confidence: 1,
        metadata: {},
      },
      frustration: {
        type: 'score',
        choice: null,
        score: 0,
        yesProbability: null,
        probabilities: [1, 0, 0],
        legend: [...LEVELS],
        confidence: 1,
        metadata: {},
      },
      refund: {
        type: 'yesNo',
        choice: null,
        score: null,
        yesProbability: 0,
        probabilities: null,
        legend: null,
        confidence: null,
        metadata: {},
      },
    },
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    metadata: request.metadata,
  });

  const model = new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: '{"result":"billing"}' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 5, text: 5, reasoning: undefined },
      },
      warnings: [],
    }),
  });
  const aiSdk = () =>
    generateText({
      model,
      output: Output.choice({ options: TEAMS }),
      prompt: `Which team should handle this? ${STATE}`,
    });

  // Each path must give the same choice before it is timed.
  const checks = [
    (await fake.classify(request)).answer('team')?.choice,
    (await app.classify(STATE, questions)).answer('team')?.choice,
    byHand().answers.team.choice,
    (await aiSdk()).output,
  ];
  if (checks.some((choice) => choice !== 'billing')) throw new Error(`The paths disagree: ${checks.join(', ')}`);

  const [direct, engine, limit, sdk] = await compare(
    [
      { name: 'new FakeClassifier().classify(request)', fn: () => fake.classify(request) },
      { name: 'app.classify(state, questions)', fn: () => app.classify(STATE, questions) },
      { name: 'the same response built by hand', fn: byHand },
      { name: 'AI SDK generateText + Output.choice (MockLanguageModelV4)', fn: aiSdk },
    ],
    { budgetMs: 1500 },
  );
  const limitLabel = `${formatNs(limit!.medianNs)} (${limit!.name})`;
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(1)}x`;
  report('Classification: one classify of three questions (choice, score, yes-no)', [
    {
      label: direct!.name,
      value: formatNs(direct!.medianNs),
      baseline: limitLabel,
      ratio: `${ratio(direct!.medianNs, limit!.medianNs)} the limit`,
      target: '<= 5 µs median',
      met: direct!.medianNs <= 5_000,
    },
    {
      label: engine!.name,
      value: formatNs(engine!.medianNs),
      baseline: limitLabel,
      ratio: `${ratio(engine!.medianNs, limit!.medianNs)} the limit`,
      target: '<= 10 µs median',
      met: engine!.medianNs <= 10_000,
    },
  ]);
  report('Classification against the AI SDK (one choice question, mocked model)', [
    {
      label: `${direct!.name}, three questions`,
      value: formatNs(direct!.medianNs),
      baseline: `${formatNs(sdk!.medianNs)} (${sdk!.name})`,
      ratio: `${ratio(sdk!.medianNs, direct!.medianNs)} faster`,
      target: '>= 10x faster',
      met: sdk!.medianNs >= 10 * direct!.medianNs,
    },
    {
      label: `${engine!.name}, three questions`,
      value: formatNs(engine!.medianNs),
      baseline: `${formatNs(sdk!.medianNs)} (${sdk!.name})`,
      ratio: `${ratio(sdk!.medianNs, engine!.medianNs)} faster`,
      target: '>= 10x faster',
      met: sdk!.medianNs >= 10 * engine!.medianNs,
    },
  ]);
  report('Classification: means (garbage collection included)', [
    { label: direct!.name, value: formatNs(direct!.meanNs) },
    { label: engine!.name, value: formatNs(engine!.meanNs) },
    { label: limit!.name, value: formatNs(limit!.meanNs) },
    { label: sdk!.name, value: formatNs(sdk!.meanNs) },
  ]);
}

import { generateText, stepCountIs, tool as aiTool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { tool, Tokens, type Provider } from '../src/index.js';
import { createTestApp } from '../src/testing.js';
import { compare, formatNs, report, type BenchResult } from './harness.js';
import { inBuiltPackage } from './builtPackage.js';

const config = {
  models: {
    writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
    plain: { provider: 'memory', model: 'in-memory' },
  },
};

const answerText = 'Open Settings, then Password. (Help desk guide, page 2)';
const question = 'How do I reset my password?';
const usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 40, text: 40, reasoning: undefined },
};

function ratioRow(
  label: string,
  ours: BenchResult,
  baseline: BenchResult,
  target: number,
): Parameters<typeof report>[1][number] {
  const faster = baseline.medianNs / ours.medianNs;
  return {
    label,
    value: formatNs(ours.medianNs),
    baseline: `${formatNs(baseline.medianNs)} (${baseline.name})`,
    ratio: `${faster.toFixed(1)}x faster`,
    target: `>= ${target}x faster`,
    met: faster >= target,
  };
}

/** The faked model (issue 4): a faked reply and a faked run beside the AI SDK's mock, and the cost of faking. */
export async function measure(): Promise<void> {
  // 1. One reply: app.reply on a faked model, against generateText on MockLanguageModelV4.
  // Every call names one step key, so each is the same step run again: it gets answer 0, as
  // a retry would, and the list never runs out.
  const app = createTestApp(config);
  app.fake('writer', [{ text: answerText, units: { tokensIn: 120, tokensOut: 40 } }]);
  const replyOptions = { stepKey: 'bench-reply' };
  const mock = new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: answerText }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
  });
  const check = await app.reply('writer', { messages: question }, replyOptions);
  const sdkCheck = await generateText({ model: mock, prompt: question });
  if (check.text !== answerText || sdkCheck.text !== answerText)
    throw new Error('the reply benchmark does not reply what it should');
  const [faked, sdk] = await compare([
    { name: 'app.reply on app.fake', fn: () => app.reply('writer', { messages: question }, replyOptions) },
    { name: 'AI SDK generateText + MockLanguageModelV4', fn: () => generateText({ model: mock, prompt: question }) },
  ]);
  report('Faked model: one reply', [
    ratioRow('faked app.reply, one step replayed (a fixed stepKey: the cached path)', faked!, sdk!, 10),
  ]);

  // 2. A two-step run (findInGuide, then the answer), against the AI SDK's tool loop on the mock.
  const findInGuide = tool({
    description: 'Finds the help desk guide pages that mention the words.',
    input: z.object({ words: z.string() }),
    run: ({ words }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }],
  });
  const helpdesk = { model: 'writer', instructions: 'Answer from the help desk guide.', tools: { findInGuide } };
  const runApp = createTestApp(config);
  runApp.fake('writer', [
    { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
    { text: answerText },
  ]);
  const runOptions = { runId: 'bench-run' };
  const toolMock = new MockLanguageModelV4({
    doGenerate: async (options) => {
      const last = options.prompt.at(-1);
      const content =
        last?.role === 'tool'
          ? [{ type: 'text' as const, text: answerText }]
          : [
              {
                type: 'tool-call' as const,
                toolCallId: 'call-1',
                toolName: 'findInGuide',
                input: JSON.stringify({ words: 'reset a password' }),
              },
            ];
      return {
        content,
        finishReason: { unified: last?.role === 'tool' ? 'stop' : 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  const sdkTools = {
    findInGuide: aiTool({
      description: 'Finds the help desk guide pages that mention the words.',
      inputSchema: z.object({ words: z.string() }),
      execute: async ({ words }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }],
    }),
  };
  const sdkRun = () =>
    generateText({
      model: toolMock,
      system: helpdesk.instructions,
      prompt: question,
      tools: sdkTools,
      stopWhen: stepCountIs(5),
    });
  const runCheck = await runApp.run(helpdesk, question, runOptions);
  const sdkRunCheck = await sdkRun();
  if (
    runCheck.text !== answerText ||
    runCheck.steps.length !== 2 ||
    sdkRunCheck.text !== answerText ||
    sdkRunCheck.steps.length !== 2
  ) {
    throw new Error('the run benchmark does not run two steps to the answer');
  }
  const [fakedRun, sdkRunResult] = await compare([
    {
      name: 'app.run on app.fake, two steps, a fixed runId (cached path: both steps replayed)',
      fn: () => runApp.run(helpdesk, question, runOptions),
    },
    { name: 'AI SDK generateText + tool + stepCountIs(5) on MockLanguageModelV4', fn: sdkRun },
  ]);
  report('Faked model: a two-step run with one tool', [
    ratioRow(
      'faked writer/findInGuide run, cached path (fresh runs: npm run bench -- freshRun)',
      fakedRun!,
      sdkRunResult!,
      10,
    ),
  ]);

  // 3. The cost of faking: the same reply through app.fake, and through a plain in-memory
  // provider bound the ordinary way, giving the same parts.
  const plain: Provider = {
    async *reply() {
      yield { type: 'text', text: answerText };
      yield { type: 'units', tokensIn: 120, tokensOut: 40 };
      yield { type: 'finish', reason: 'stop' };
    },
  };
  const costApp = createTestApp(config);
  costApp.container.bind(Tokens.Provider).toConstantValue(plain).whenNamed('memory');
  costApp.fake('writer', [{ text: answerText, units: { tokensIn: 120, tokensOut: 40 } }]);
  const [viaFake, viaPlain] = await compare(
    [
      { name: 'app.reply on app.fake', fn: () => costApp.reply('writer', { messages: question }, replyOptions) },
      {
        name: 'app.reply on a plain in-memory Provider',
        fn: () => costApp.reply('plain', { messages: question }, replyOptions),
      },
    ],
    { budgetMs: 1500, rounds: 20 },
  );
  const ratio = viaFake!.medianNs / viaPlain!.medianNs;
  report('Faked model: the cost of faking', [
    {
      label: 'faked app.reply',
      value: formatNs(viaFake!.medianNs),
      baseline: `${formatNs(viaPlain!.medianNs)} (${viaPlain!.name})`,
      ratio: `${ratio.toFixed(2)}x (+${formatNs(viaFake!.medianNs - viaPlain!.medianNs)} a call)`,
      target: '<= 1.25x (nothing measurable beside the engine)',
      met: ratio <= 1.25,
    },
  ]);
}

/** `npm run bench -- fakeModel`: measured in a plain node process on the built package (see inBuiltPackage). */
export default function fakeModel(): Promise<void> {
  return inBuiltPackage(import.meta.url);
}

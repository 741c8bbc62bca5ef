import { ContainerModule } from 'inversify';
import { generateText, tool } from 'ai';
import { z } from 'zod';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { fromAiSdk, languageModel } from '../src/ai-sdk.js';
import { Tokens } from '../src/index.js';
import { createTestApp } from '../src/testing.js';
import { compare, formatNs, report } from './harness.js';

const answerText = 'Open Settings, then Password. (Help desk guide, page 2)';
const question = 'How do I reset my password?';
const usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 40, text: 40, reasoning: undefined },
};

/** A MockLanguageModelV4 that answers `answerText`, by doGenerate and by doStream alike. */
function mockModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: answerText }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: answerText },
        { type: 'text-end', id: 't' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
      ]),
    }),
  });
}

/**
 * Runs the cases in turn until both are through the JIT's tiers: standin's engine under the
 * adapter is far more code than the mock, and the harness's own short warm-up leaves it half
 * compiled, which would count compiling as the adapter's cost.
 */
async function warmUp(cases: readonly { readonly fn: () => unknown }[], rounds = 3000): Promise<void> {
  for (let i = 0; i < rounds; i++) for (const c of cases) await c.fn();
}

/** standin/ai-sdk both ways: its model adapter against the AI SDK's own mock, and an AI SDK model inside standin. */
export default async function aiSdk(): Promise<void> {
  // 1. generateText on languageModel(app, 'writer') with a faked answer, against generateText on
  // MockLanguageModelV4. Each call is a step of its own, so the fake answers with a function:
  // it never runs out.
  const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
  app.fake('writer', () => ({ text: answerText, units: { tokensIn: 120, tokensOut: 40 } }));
  const standinModel = languageModel(app, 'writer');
  const providerOptions = { standin: { requestId: 'bench' } };
  const mock = mockModel();
  const ours = await generateText({ model: standinModel, prompt: question, providerOptions });
  const theirs = await generateText({ model: mock, prompt: question, providerOptions });
  if (ours.text !== answerText || theirs.text !== answerText)
    throw new Error('the AI SDK benchmark does not reply what it should');
  const cases = [
    {
      name: 'generateText on languageModel(app) + app.fake',
      fn: () => generateText({ model: standinModel, prompt: question, providerOptions }),
    },
    // The mock is handed the same providerOptions, so both calls are the same generateText call.
    {
      name: 'generateText on MockLanguageModelV4',
      fn: () => generateText({ model: mock, prompt: question, providerOptions }),
    },
  ];
  await warmUp(cases);
  const [adapted, baseline] = await compare(cases, { budgetMs: 1200 });
  const slower = adapted!.medianNs / baseline!.medianNs;
  report('AI SDK: standin as the model', [
    {
      label: adapted!.name,
      value: formatNs(adapted!.medianNs),
      baseline: `${formatNs(baseline!.medianNs)} (${baseline!.name})`,
      ratio: `${slower.toFixed(2)}x`,
      target: '<= 1.3x',
      met: slower <= 1.3,
    },
  ]);

  // 1b. The same with a zod tool offered: the AI SDK writes the tool's JSON Schema anew for every
  // call, which languageModel reads as a shape once (by its JSON text), not once per call.
  const weather = tool({
    description: 'The weather in a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => city,
  });
  const toolCases = [
    {
      name: 'generateText with a zod tool on languageModel(app) + app.fake',
      fn: () => generateText({ model: standinModel, prompt: question, tools: { weather }, providerOptions }),
    },
    {
      name: 'generateText with a zod tool on MockLanguageModelV4',
      fn: () => generateText({ model: mock, prompt: question, tools: { weather }, providerOptions }),
    },
  ];
  await warmUp(toolCases, 1500);
  const [toolAdapted, toolBaseline] = await compare(toolCases, { budgetMs: 1200 });
  report('AI SDK: standin as the model, a tool offered', [
    {
      label: toolAdapted!.name,
      value: formatNs(toolAdapted!.medianNs),
      baseline: `${formatNs(toolBaseline!.medianNs)} (${toolBaseline!.name})`,
      ratio: `${(toolAdapted!.medianNs / toolBaseline!.medianNs).toFixed(2)}x`,
    },
  ]);

  // 2. app.reply through fromAiSdk(MockLanguageModelV4), against generateText on the same mock.
  const inside = createTestApp(
    { models: { writer: { provider: 'sdk', model: 'mock' } } },
    new ContainerModule(({ bind }) => {
      bind(Tokens.Provider).toConstantValue(fromAiSdk(mock)).whenNamed('sdk');
    }),
  );
  if ((await inside.reply('writer', { messages: question })).text !== answerText)
    throw new Error('fromAiSdk does not reply what it should');
  const insideCases = [
    {
      name: 'app.reply through fromAiSdk(MockLanguageModelV4)',
      fn: () => inside.reply('writer', { messages: question }),
    },
    { name: 'generateText on the same MockLanguageModelV4', fn: () => generateText({ model: mock, prompt: question }) },
  ];
  await warmUp(insideCases);
  const [reply, sdk] = await compare(insideCases, { budgetMs: 1200 });
  report('AI SDK: an AI SDK model inside standin', [
    {
      label: reply!.name,
      value: formatNs(reply!.medianNs),
      baseline: `${formatNs(sdk!.medianNs)} (${sdk!.name})`,
      ratio: `${(reply!.medianNs / sdk!.medianNs).toFixed(2)}x`,
    },
  ]);
}

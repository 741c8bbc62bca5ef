import { FakeListChatModel } from '@langchain/core/utils/testing';
import { generateText } from 'ai';
import { MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import { createTestApp } from '../src/testing.js';
import { compare, fasterRow, report, warmUp, type BenchCase } from './harness.js';
import { inBuiltPackage } from './builtPackage.js';

const answerText = 'Open Settings, then Password. (Help desk guide, page 2)';
const question = 'How do I reset my password?';
const answer = { text: answerText, units: { tokensIn: 120, tokensOut: 40 } };
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 40, text: 40, reasoning: undefined },
};

/** What both AI SDK mocks answer: one text, as `doGenerate` gives it. */
const generated = {
  content: [{ type: 'text' as const, text: answerText }],
  finishReason: { unified: 'stop' as const, raw: 'stop' },
  usage,
  warnings: [],
};

/** The AI SDK's mock of a spec version; it keeps every call, trimmed so the figures measure calls, not a growing list. */
function mock<M extends MockLanguageModelV3 | MockLanguageModelV4>(make: new (settings: never) => M): M {
  const model: M = new make({
    doGenerate: async () => {
      if (model.doGenerateCalls.length > 1000) model.doGenerateCalls.length = 0;
      return generated;
    },
  } as never);
  return model;
}

/**
 * One reply as a test asks for it, against the peers' own test models (issue 24): `app.reply` on a
 * faked model beside `generateText` on the AI SDK's MockLanguageModelV3 and V4 and LangChain's
 * FakeListChatModel, all measured in one run, interleaved.
 *
 * Three ways standin is faked: a function (every call a new step, as an app calling the model
 * again and again does), a list in a new scope each call (the first answer taken afresh, as each
 * test of a suite does), and a list whose one step is replayed (a fixed `stepKey`: the cached path,
 * shown apart, since a test meets it only on a retry).
 */
export async function measure(): Promise<void> {
  const byFunction = createTestApp(config);
  byFunction.fake('writer', () => answer);
  const byList = createTestApp(config);
  byList.fake('writer', [answer]);
  const replayed = createTestApp(config);
  replayed.fake('writer', [answer]);
  const v4 = mock(MockLanguageModelV4);
  const v3 = mock(MockLanguageModelV3);
  const langchain = new FakeListChatModel({ responses: [answerText] });
  let scope = 0;

  const cases: BenchCase[] = [
    { name: 'app.reply, function fake', fn: () => byFunction.reply('writer', { messages: question }) },
    {
      name: 'app.reply, list fake, a new scope each call',
      fn: () => byList.scope(`s${scope++}`, () => byList.reply('writer', { messages: question })),
    },
    {
      name: 'app.reply, list fake, one step replayed (fixed stepKey)',
      fn: () => replayed.reply('writer', { messages: question }, { stepKey: 'bench' }),
    },
    { name: 'generateText + MockLanguageModelV4', fn: () => generateText({ model: v4, prompt: question }) },
    { name: 'generateText + MockLanguageModelV3', fn: () => generateText({ model: v3, prompt: question }) },
    { name: 'LangChain FakeListChatModel.invoke', fn: () => langchain.invoke(question) },
  ];
  for (const c of cases) {
    const out = (await c.fn()) as { text?: string; content?: unknown };
    if ((out.text ?? out.content) !== answerText) throw new Error(`${c.name} does not answer what it should`);
  }
  await warmUp(cases, 1500);
  const [fn, list, cached, sdk4, sdk3, lc] = await compare(cases, { budgetMs: 1200 });

  report('Faked reply against the peers (one text answer, no tools; medians of interleaved rounds)', [
    fasterRow('app.reply, function fake, vs AI SDK V4 mock', fn!, sdk4!, 25),
    fasterRow('app.reply, function fake, vs AI SDK V3 mock', fn!, sdk3!, 25),
    fasterRow('app.reply, function fake, vs LangChain', fn!, lc!, 3),
    fasterRow('app.reply, list fake in a new scope, vs AI SDK V4 mock', list!, sdk4!, 25),
    fasterRow('app.reply, list fake in a new scope, vs LangChain', list!, lc!, 3),
    fasterRow('cached path: app.reply replaying one step, vs AI SDK V4 mock', cached!, sdk4!),
    fasterRow('cached path: app.reply replaying one step, vs LangChain', cached!, lc!),
  ]);
}

/** `npm run bench -- replyPeers`: measured in a plain node process on the built package. */
export default function replyPeers(): Promise<void> {
  return inBuiltPackage(import.meta.url);
}

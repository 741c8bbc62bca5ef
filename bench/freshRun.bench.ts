import { generateText, stepCountIs, tool as aiTool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { z } from 'zod';
import { tool, type ReplyRequest } from '../src/index.js';
import { createTestApp } from '../src/testing.js';
import { compare, fasterRow, report, warmUp, type BenchCase } from './harness.js';
import { inBuiltPackage } from './builtPackage.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const answerText = 'Open Settings, then Password. (Help desk guide, page 2)';
const question = 'How do I reset my password?';
const instructions = 'Answer from the help desk guide.';
const usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 40, text: 40, reasoning: undefined },
};
const guide = ({ words }: { words: string }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }];
const callGuide = { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] };

/** The function fake: a tool call to the question, the answer to the tool's result. */
const byRequest = (request: ReplyRequest) =>
  request.messages.at(-1)?.role === 'tool' ? { text: answerText } : callGuide;

/** The AI SDK's mock answering the same two steps; trimmed so the figures measure calls, not its growing list. */
function toolMock(): MockLanguageModelV4 {
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doGenerate: async (options) => {
      if (model.doGenerateCalls.length > 1000) model.doGenerateCalls.length = 0;
      const done = options.prompt.at(-1)?.role === 'tool';
      return {
        content: done
          ? [{ type: 'text', text: answerText }]
          : [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'findInGuide',
                input: '{"words":"reset a password"}',
              },
            ],
        finishReason: { unified: done ? 'stop' : 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return model;
}

/**
 * A two-step run with one tool (issue 24), as a test runs it: a new run each time, so both steps
 * are asked of the fake afresh, beside the AI SDK's `generateText` with the same tool and
 * `stopWhen: stepCountIs(5)` on MockLanguageModelV4. Also, shown apart: a list fake in a new scope
 * for each run (each test's own cursor), and the cached path, a run given a fixed `runId`, whose
 * steps are replayed from the cursor store without asking the fake.
 */
export async function measure(): Promise<void> {
  const findInGuide = tool({
    description: 'Finds the help desk guide pages that mention the words.',
    input: z.object({ words: z.string() }),
    run: guide,
  });
  const helpdesk = { model: 'writer', instructions, tools: { findInGuide } };
  const byFunction = createTestApp(config);
  byFunction.fake('writer', byRequest);
  const byList = createTestApp(config);
  byList.fake('writer', [callGuide, { text: answerText }]);
  const cached = createTestApp(config);
  cached.fake('writer', [callGuide, { text: answerText }]);
  const model = toolMock();
  const sdkTools = {
    findInGuide: aiTool({
      description: 'Finds the help desk guide pages that mention the words.',
      inputSchema: z.object({ words: z.string() }),
      execute: async (input: { words: string }) => guide(input),
    }),
  };
  let scope = 0;

  const cases: BenchCase[] = [
    { name: 'app.run, function fake, a new run each time', fn: () => byFunction.run(helpdesk, question) },
    {
      name: 'app.run, list fake, a new run in a new scope each time',
      fn: () => byList.scope(`s${scope++}`, () => byList.run(helpdesk, question)),
    },
    {
      name: 'app.run, list fake, fixed runId: both steps replayed from the store',
      fn: () => cached.run(helpdesk, question, { runId: 'bench-run' }),
    },
    {
      name: 'generateText + one tool + stopWhen: stepCountIs(5) on MockLanguageModelV4',
      fn: () =>
        generateText({ model, system: instructions, prompt: question, tools: sdkTools, stopWhen: stepCountIs(5) }),
    },
  ];
  for (const c of cases) {
    const out = (await c.fn()) as { text: string; steps: readonly unknown[] };
    if (out.text !== answerText || out.steps.length !== 2) throw new Error(`${c.name} does not run two steps`);
  }
  await warmUp(cases, 1000);
  const [fresh, list, replayed, sdk] = await compare(cases, { budgetMs: 1200 });

  report('A two-step run with one tool, against the AI SDK (medians of interleaved rounds)', [
    fasterRow('fresh run: function fake, a new run each time', fresh!, sdk!, 15),
    fasterRow('fresh run: list fake, a new run in a new scope', list!, sdk!, 15),
    fasterRow('cached path: a fixed runId, steps replayed, the fake not asked', replayed!, sdk!),
  ]);
}

/** `npm run bench -- freshRun`: measured in a plain node process on the built package. */
export default function freshRun(): Promise<void> {
  return inBuiltPackage(import.meta.url);
}

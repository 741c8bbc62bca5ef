import { generateText, stepCountIs, tool as aiTool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { ContainerModule } from 'inversify';
import { z } from 'zod';
import { tool, Tokens, type Provider } from '../src/index.js';
import { createTestApp } from '../src/testing.js';
import { compare, formatNs, heapDrift, report } from './harness.js';
import { inBuiltPackage } from './builtPackage.js';

const answer = 'Open Settings, then Password. (Help desk guide, page 2)';

/** A provider that answers at once: a tool call to a user message, a text to a tool result. */
const instant: Provider = {
  async *reply(request) {
    if (request.tools !== undefined && request.messages.at(-1)?.role === 'user') {
      yield { type: 'call', call: { id: 'call-1', tool: 'findInGuide', with: { words: 'reset a password' } } };
      yield { type: 'finish', reason: 'calls' };
      return;
    }
    yield { type: 'text', text: answer };
    yield { type: 'units', tokensIn: 10, tokensOut: 5 };
    yield { type: 'finish', reason: 'stop' };
  },
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

function aiModel(): MockLanguageModelV4 {
  const model: MockLanguageModelV4 = new MockLanguageModelV4({
    doGenerate: async (options) => {
      // The mock keeps every call; trimmed so the comparison measures calls, not a growing list.
      if (model.doGenerateCalls.length > 1000) model.doGenerateCalls.length = 0;
      const last = options.prompt.at(-1);
      if (options.tools !== undefined && options.tools.length > 0 && last?.role === 'user') {
        return {
          content: [
            { type: 'tool-call', toolCallId: 'call-1', toolName: 'findInGuide', input: '{"words":"reset a password"}' },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        };
      }
      return {
        content: [{ type: 'text', text: answer }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
  return model;
}

const guide = ({ words }: { words: string }): { page: number; text: string } => ({
  page: 2,
  text: `To ${words}: open Settings, then Password.`,
});

export async function measure(): Promise<void> {
  const app = createTestApp(
    { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } },
    new ContainerModule(({ bind }) => {
      bind(Tokens.Provider).toConstantValue(instant).whenNamed('anthropic');
    }),
  );
  const findInGuide = tool({ description: 'Finds guide pages.', input: z.object({ words: z.string() }), run: guide });
  const agent = { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } };
  const model = aiModel();
  const aiTools = {
    findInGuide: aiTool({
      description: 'Finds guide pages.',
      inputSchema: z.object({ words: z.string() }),
      execute: async (input: { words: string }) => guide(input),
    }),
  };

  const [reply, aiReply, run, aiRun] = await compare([
    {
      name: 'app.reply (provider answers at once)',
      fn: () => app.reply('writer', { instructions: 'Be brief.', messages: 'How do I reset my password?' }),
    },
    {
      name: 'AI SDK generateText + MockLanguageModelV4',
      fn: () => generateText({ model, system: 'Be brief.', prompt: 'How do I reset my password?' }),
    },
    { name: 'app.run, two steps (a tool call, then a text)', fn: () => app.run(agent, 'How do I reset my password?') },
    {
      name: 'AI SDK generateText, one tool, stopWhen: stepCountIs(5)',
      fn: () =>
        generateText({
          model,
          system: 'Answer from the guide.',
          tools: aiTools,
          stopWhen: stepCountIs(5),
          prompt: 'How do I reset my password?',
        }),
    },
  ]);
  const row = (ours: typeof reply, theirs: typeof reply, target: number) => ({
    label: ours!.name,
    value: `${formatNs(ours!.medianNs)} (mean ${formatNs(ours!.meanNs)})`,
    baseline: `${formatNs(theirs!.medianNs)} (${theirs!.name})`,
    ratio: `${(theirs!.medianNs / ours!.medianNs).toFixed(1)}x faster`,
    target: `at least ${target}x faster`,
    met: theirs!.medianNs / ours!.medianNs >= target,
  });
  report('Engine: one reply and a two-step run, against the AI SDK', [row(reply, aiReply, 10), row(run, aiRun, 10)]);

  report('Engine: memory', [
    await heapDrift('heap after 100,000 two-step runs in sequence', 5, async () => {
      for (let n = 0; n < 100_000; n++) await app.run(agent, 'How do I reset my password?');
    }),
  ]);
}

/** `npm run bench -- engine`: measured in a plain node process on the built package (see inBuiltPackage). */
export default function engine(): Promise<void> {
  return inBuiltPackage(import.meta.url);
}

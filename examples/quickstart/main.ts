/**
 * The smallest standin program: a container whose 'writer' model would reach Anthropic, with the
 * provider rebound to a scripted fake, running an agent with one tool.
 */
import { ContainerModule } from 'inversify';
import { z } from 'zod';
import { createApp, tool, Tokens } from 'standin';
import { fakeProvider } from 'standin/testing';

// The fake is a provider like any other: the scripted answers of one conversation.
const scripted = fakeProvider([
  { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
  { text: 'Open Settings, then Password. (Help desk guide, page 2)', units: { tokensIn: 120, tokensOut: 40 } },
]);

const app = createApp(
  { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } },
  new ContainerModule(({ bind }) => {
    bind(Tokens.Provider).toConstantValue(scripted).whenNamed('anthropic');
  }),
);

const findInGuide = tool({
  description: 'Finds the help desk guide pages that mention the words.',
  input: z.object({ words: z.string() }),
  run: ({ words }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }],
});

const run = await app.run(
  { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } },
  'How do I reset my password?',
);
for (const step of run.steps) {
  const asked = step.reply.calls.map((c) => `${c.tool}(${JSON.stringify(c.with)})`).join(', ');
  console.log(`step ${step.index}: ${asked ? `asked for ${asked}` : `answered "${step.reply.text}"`}`);
}
console.log(`answer: ${run.text}`);
console.log(`units: ${run.units.tokensIn} in, ${run.units.tokensOut} out`);

/**
 * The smallest standin program: a container whose 'writer' model would reach Anthropic, with the
 * provider rebound to a scripted in-memory one, running an agent with one tool.
 */
import { ContainerModule } from 'inversify';
import { z } from 'zod';
import { createApp, tool, Tokens, type Provider } from 'standin';

const scripted: Provider = {
  async *reply(request) {
    const last = request.messages.at(-1);
    if (last?.role === 'user') {
      yield { type: 'call', call: { id: 'call-1', tool: 'findInGuide', with: { words: 'reset a password' } } };
      yield { type: 'finish', reason: 'calls' };
      return;
    }
    yield { type: 'text', text: 'Open Settings, then Password. (Help desk guide, page 2)' };
    yield { type: 'units', tokensIn: 120, tokensOut: 40 };
    yield { type: 'finish', reason: 'stop' };
  },
};

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

const run = await app.run({ model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } }, 'How do I reset my password?');
for (const step of run.steps) {
  const asked = step.reply.calls.map((c) => `${c.tool}(${JSON.stringify(c.with)})`).join(', ');
  console.log(`step ${step.index}: ${asked ? `asked for ${asked}` : `answered "${step.reply.text}"`}`);
}
console.log(`answer: ${run.text}`);
console.log(`units: ${run.units.tokensIn} in, ${run.units.tokensOut} out`);

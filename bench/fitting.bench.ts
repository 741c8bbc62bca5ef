import { z } from 'zod';
import { tool } from '../src/index.js';
import { createTestApp, fitting, type Answer } from '../src/testing.js';
import { compare, formatNs, report } from './harness.js';

const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const findInGuide = tool({ input: z.object({ words: z.string().min(1).max(300) }), run: () => [{ page: 2 }] });
const openTicket = tool({
  input: z.object({ subject: z.string(), priority: z.enum(['low', 'high']), tags: z.array(z.string()).optional() }),
  run: () => ({ id: 7 }),
});
const helpdesk = {
  model: 'writer',
  instructions: 'Answer from the guide.',
  tools: { findInGuide, openTicket },
  output: z.object({ answer: z.string().min(1), pages: z.array(z.number().int().min(1)) }),
};

/** The answers fitting() gives the help desk, written by hand: what a test would script for the same run. */
const scripted = (messages: number): Answer =>
  messages === 1
    ? {
        calls: [
          { tool: 'findInGuide', with: { words: 'a' } },
          { tool: 'openTicket', with: { subject: '', priority: 'low' } },
        ],
      }
    : { value: { answer: 'a', pages: [] } };

/**
 * `fitting()` (issue 41): a two-step run of an agent with two tools and a typed output on
 * `fitting()`, against the same run on a function fake that gives the same answers written by
 * hand, so the ratio is what making the values from the schemas costs; a new run each time.
 */
export default async function fittingBench(): Promise<void> {
  const byFitting = createTestApp(config);
  byFitting.fake('writer', fitting());
  const byHand = createTestApp(config);
  byHand.fake('writer', (request) => scripted(request.messages.length));
  const [made, written] = [await byFitting.run(helpdesk, 'Hi'), await byHand.run(helpdesk, 'Hi')];
  if (JSON.stringify(made.value) !== JSON.stringify(written.value) || made.steps.length !== 2)
    throw new Error('the fitting benchmark does not run what it should');
  const [fit, hand] = await compare([
    { name: 'run on fitting()', fn: () => byFitting.run(helpdesk, 'Hi') },
    { name: 'run on a function fake giving the same answers', fn: () => byHand.run(helpdesk, 'Hi') },
  ]);
  const ratio = fit!.medianNs / hand!.medianNs;
  report('fitting(): a two-step run with two tools and a typed output', [
    {
      label: 'run on fitting(), a new run each time',
      value: formatNs(fit!.medianNs),
      baseline: `${formatNs(hand!.medianNs)} (${hand!.name})`,
      ratio: `${ratio.toFixed(2)}x`,
      target: '<= 2x',
      met: ratio <= 2,
    },
  ]);
}

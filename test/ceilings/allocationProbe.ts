/**
 * Bytes allocated per fresh faked reply and per fresh two-step run, printed as JSON. Run with
 * `node --expose-gc --min-semi-space-size=128 --max-semi-space-size=128 --import tsx`: the young generation is then large
 * enough that no collection runs inside a window, so the heap's growth over a window is what the
 * window allocated. A window in which a collection ran anyway shrinks, and the median leaves it out.
 */
import { z } from 'zod';
import { tool, type ReplyRequest } from '../../src/index.js';
import { createTestApp } from '../../src/testing.js';

const WINDOWS = 7;
const CALLS = 2000;
const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
const answer = {
  text: 'Open Settings, then Password. (Help desk guide, page 2)',
  units: { tokensIn: 12, tokensOut: 9 },
};
const callGuide = { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] };
const byRequest = (request: ReplyRequest) =>
  request.messages.at(-1)?.role === 'tool' ? { text: answer.text } : callGuide;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with --expose-gc');

async function perCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < CALLS; i++) await call();
  const windows: number[] = [];
  for (let w = 0; w < WINDOWS; w++) {
    gc!();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < CALLS; i++) await call();
    windows.push((process.memoryUsage().heapUsed - before) / CALLS);
  }
  windows.sort((a, b) => a - b);
  return Math.round(windows[Math.floor(WINDOWS / 2)]!);
}

/** Extra bytes each reply allocates on purpose, to show that the ceiling catches growth. */
const extra = Number(process.env['STANDIN_PROBE_EXTRA'] ?? 0);
const kept: unknown[] = [];
const replies = createTestApp(config);
replies.fake('writer', () => {
  // Kept for a while, so the allocation is not optimised away.
  if (extra > 0) kept[kept.length % 64] = new Array(extra / 8).fill(kept.length);
  return answer;
});
const reply = await perCall(() => replies.reply('writer', { messages: 'How do I reset my password?' }));

const findInGuide = tool({
  description: 'Finds the help desk guide pages that mention the words.',
  input: z.object({ words: z.string() }),
  run: ({ words }: { words: string }) => [{ page: 2, text: `To ${words}: open Settings, then Password.` }],
});
const runs = createTestApp(config);
runs.fake('writer', byRequest);
const helpdesk = { model: 'writer', instructions: 'Answer from the guide.', tools: { findInGuide } };
const run = await perCall(() => runs.run(helpdesk, 'How do I reset my password?'));

process.stdout.write(JSON.stringify({ reply, run }));

import { z } from 'zod';
import { tool, type Agent, type ReplyPart, type StandinConfigInput } from '../../../src/index.js';
import { createTestApp, type TestApp } from '../../../src/testing.js';

/** A writer that falls back to a backup, with a key that must never show up anywhere. */
export const config = {
  models: {
    writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
    backup: { provider: 'openai', model: 'gpt-4.1-mini' },
    solo: { provider: 'anthropic', model: 'claude-haiku-4-5' },
  },
  providers: { anthropic: { apiKey: 'sk-ant-secret-4242' } },
  retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0 },
} as const satisfies StandinConfigInput;

export const SECRET = 'sk-ant-secret-4242';

export function makeApp(): TestApp {
  return createTestApp(config);
}

/** The help desk guide the seed's example searches: a real tool that records what it was asked. */
export function helpdesk(): { agent: Agent; asked: string[] } {
  const asked: string[] = [];
  const findInGuide = tool({
    description: 'Finds the help desk guide pages that mention the words.',
    input: z.object({ words: z.string() }),
    run: ({ words }) => {
      asked.push(words);
      return [{ page: 2, text: `To ${words}: open Settings, then Password.` }];
    },
  });
  return {
    agent: { model: 'writer', instructions: 'Answer from the help desk guide.', tools: { findInGuide } },
    asked,
  };
}

/** The seed's two answers. */
export const seedAnswers = [
  { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
  { text: 'Open Settings, then Password. (Help desk guide, page 2)' },
] as const;

/** Every part a stream hands on, and the reply it returns. */
export async function collect<T>(
  stream: AsyncGenerator<ReplyPart, T, undefined>,
): Promise<{ parts: ReplyPart[]; reply: T }> {
  const parts: ReplyPart[] = [];
  let next = await stream.next();
  while (!next.done) {
    parts.push(next.value);
    next = await stream.next();
  }
  return { parts, reply: next.value };
}

/** The error a promise rejects with (or a function throws), to inspect its code and message. */
export async function caught(run: () => unknown): Promise<Error & { code?: string }> {
  try {
    await run();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected an error, and nothing was thrown');
}

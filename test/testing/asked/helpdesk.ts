import { tool } from '../../../src/index.js';
import { createTestApp, type FakeModel, type TestApp } from '../../../src/testing.js';
import { z } from 'zod';

/** The help desk the matcher tests of every runner share: a writer that looks in the guide once, then answers. */
export interface Helpdesk {
  readonly app: TestApp;
  readonly writer: FakeModel;
}

const findInGuide = tool({ input: z.object({ words: z.string() }), run: ({ words }) => `page about ${words}` });

/** A test app whose writer is faked with a tool call, an answer and `extra` more answers (never asked for). */
export function helpdesk(extra: number = 0): Helpdesk {
  const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
  const writer = app.fake('writer', [
    { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
    { text: 'Open Settings, then Password.' },
    ...Array.from({ length: extra }, (_, at) => ({ text: `Left over ${at + 1}` })),
  ]);
  return { app, writer };
}

/** Runs the help desk agent once: two steps of the writer, the second carrying the tool's result. */
export async function ask(app: TestApp, question = 'How do I reset my password?'): Promise<void> {
  await app.run(
    { model: 'writer', instructions: 'You answer for the technical team.', tools: { findInGuide } },
    question,
  );
}

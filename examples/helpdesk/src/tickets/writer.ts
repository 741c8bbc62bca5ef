import { tool, userText, type Agent, type ReplyRequest, type RunResult } from 'standin';
import { z } from 'zod';
import { findInGuide, guide } from '../guide.js';
import type { Triage } from './triage.js';

/** The shape of the writer's final answer: the reply to the customer and the guide pages it rests on. */
export const writerAnswer = z.object({
  answer: z.string().min(1).describe('The reply to the customer.'),
  pages: z.array(z.number().int().min(1)).describe('The numbers of the guide pages the reply rests on.'),
});

/** The writer's final answer, as a typed value. */
export type WriterAnswer = z.infer<typeof writerAnswer>;

/** The writer's one tool: a search over the help-desk guide. */
export const findInGuideTool = tool({
  description: 'Finds the help-desk guide pages that share the most words with the query, best first (at most three).',
  input: z.object({ words: z.string().min(1).max(300) }),
  run: ({ words }) => findInGuide(words),
});

/**
 * The agent that writes the reply to a ticket: it looks the question up in the guide, then ends
 * on a typed {@link WriterAnswer}.
 *
 * @example
 * ```ts
 * const run = await app.run(writer, writerPrompt(message, triage));
 * run.value?.answer;
 * ```
 */
export const writer: Agent<WriterAnswer> = {
  model: 'writer',
  instructions: [
    'You answer the tickets of a help desk.',
    'First look the question up in the help-desk guide with findInGuide; beside that call, write one short note for the team saying what you look up.',
    'Then answer the customer from what the guide says: kindly, briefly, in keeping with their mood. Never promise what the guide does not say.',
    'End with the answer and the numbers of the guide pages it rests on.',
  ].join('\n'),
  tools: { findInGuide: findInGuideTool },
  output: writerAnswer,
  maxSteps: 4,
};

const marker = 'Customer message:\n';

/**
 * What the writer is told about a ticket: the triage, then the customer's message.
 *
 * @example
 * ```ts
 * writerPrompt('My card was charged twice.', triage); // 'Ticket for the billing team. ...'
 * ```
 */
export function writerPrompt(message: string, triage: Triage): string {
  const refund = triage.refund.asked ? ' and asks for a refund' : '';
  return `Ticket for the ${triage.team.choice} team. The customer is ${triage.frustration.level}${refund}.\n\n${marker}${message}`;
}

/**
 * The customer's message in a writer's request: what {@link writerPrompt} put after its marker.
 *
 * @example
 * ```ts
 * customerMessage(request); // 'My card was charged twice.'
 * ```
 */
export function customerMessage(request: Pick<ReplyRequest, 'messages'>): string {
  const first = request.messages.find((m) => m.role === 'user');
  const content = first?.role === 'user' ? userText(first) : '';
  const at = content.indexOf(marker);
  return at === -1 ? content : content.slice(at + marker.length);
}

/** The reply to a ticket, as the help desk answers it. */
export interface TicketReply {
  /** What the customer is told. */
  readonly answer: string;
  /** The guide pages the answer rests on, with their titles: pages the guide does not have are left out. */
  readonly pages: readonly { readonly page: number; readonly title: string }[];
  /** What the writer wrote for the team on the way (beside its tool calls). */
  readonly notes: readonly string[];
}

/**
 * The reply a writer's run ended on.
 *
 * @example
 * ```ts
 * replyOf(await app.run(writer, prompt)).answer;
 * ```
 */
export function replyOf(run: RunResult<WriterAnswer>): TicketReply {
  const value = run.value!;
  const pages = [...new Set(value.pages)].flatMap((page) => {
    const found = guide.find((p) => p.page === page);
    return found === undefined ? [] : [{ page, title: found.title }];
  });
  const notes = run.steps.map((step) => step.reply.text.trim()).filter((text) => text.length > 0);
  return { answer: value.answer, pages, notes };
}

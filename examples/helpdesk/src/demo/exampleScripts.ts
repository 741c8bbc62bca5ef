import { ClassificationAnswer } from 'standin';
import { type ClassificationScriptEntry } from 'standin/testing';
import { type Answer } from 'standin/testing';
import type { WriterAnswer } from '../tickets/writer.js';

/** How the demo's fakes answer one example ticket. */
export interface ExampleScript {
  /** The classifier's answers. */
  readonly triage: ClassificationScriptEntry;
  /** The writer's first step: a note for the team beside its call to findInGuide. */
  readonly lookUp: Answer;
  /** The writer's final answer. */
  readonly answer: WriterAnswer;
}

const team = (
  choice: 'billing' | 'technical' | 'sales',
  probabilities: Record<'billing' | 'technical' | 'sales', number>,
): ClassificationAnswer =>
  new ClassificationAnswer({ type: 'choice', choice, probabilities, confidence: probabilities[choice] });

/**
 * The scripts of the example tickets, by the ticket's id (see `exampleTickets.ts`).
 *
 * @example
 * ```ts
 * exampleScripts['charged-twice']?.answer.pages; // [3]
 * ```
 */
export const exampleScripts: Readonly<Record<string, ExampleScript>> = {
  'charged-twice': {
    triage: {
      answers: { team: team('billing', { billing: 0.93, technical: 0.02, sales: 0.05 }), frustration: 2, refund: 0.96 },
    },
    lookUp: {
      text: 'A double charge, and the customer wants the money back: looking up refunds.',
      calls: [{ tool: 'findInGuide', with: { words: 'card charged twice refund' } }],
    },
    answer: {
      answer:
        'I am sorry you were charged twice for order 1042. A card charged twice for one order is refunded in full within five working days, and the money goes back to the card that paid. There is nothing more you need to do.',
      pages: [3],
    },
  },
  'locked-out': {
    triage: {
      answers: {
        team: team('technical', { billing: 0.04, technical: 0.88, sales: 0.08 }),
        frustration: 1,
        refund: 0.02,
      },
    },
    lookUp: {
      text: 'Locked out after a forgotten password: looking up locked accounts and password resets.',
      calls: [{ tool: 'findInGuide', with: { words: 'reset password locked account' } }],
    },
    answer: {
      answer:
        'After five failed attempts an account is locked for fifteen minutes, so please wait a quarter of an hour. Then open Settings, then Password, and choose Reset: a link valid for one hour is sent to your email address.',
      pages: [1, 2],
    },
  },
  upgrade: {
    triage: {
      answers: { team: team('sales', { billing: 0.17, technical: 0.02, sales: 0.81 }), frustration: 0, refund: 0.01 },
    },
    lookUp: {
      text: 'A question about changing plans: looking up upgrades and how they are charged.',
      calls: [{ tool: 'findInGuide', with: { words: 'upgrade plan charged month' } }],
    },
    answer: {
      answer:
        'Yes: a plan can be upgraded at any time under Billing, then Plan. For the current month you pay only the difference, pro rata.',
      pages: [5],
    },
  },
  'app-crash': {
    triage: {
      answers: {
        team: team('technical', { billing: 0.02, technical: 0.95, sales: 0.03 }),
        frustration: 1.4,
        refund: 0.05,
      },
    },
    lookUp: {
      text: 'The app does not start after an update: looking up start-up problems.',
      calls: [{ tool: 'findInGuide', with: { words: 'app does not start update' } }],
    },
    answer: {
      answer:
        'I am sorry about that. Please update to the latest version, then clear the app cache under Settings, then Storage. If it still does not start, reinstall it, and write back to us if that does not help.',
      pages: [6],
    },
  },
};

/**
 * The classifier's answers for a ticket that is no example, by the words it uses: refunds,
 * other billing, sales, and technical for everything else.
 *
 * @example
 * ```ts
 * otherTicketTriage('Where is my invoice?'); // { answers: { team: 'billing', ... } }
 * ```
 */
export function otherTicketTriage(message: string): ClassificationScriptEntry {
  const text = message.toLowerCase();
  if (/\b(refund|money back|reimburse)/.test(text)) return otherTriage.refund;
  if (/\b(charge|invoice|bill|paid|pay|card|receipt)/.test(text)) return otherTriage.billing;
  if (/\b(plan|upgrade|price|pricing|quote|buy|seats?)\b/.test(text)) return otherTriage.sales;
  return otherTriage.technical;
}

/** The scripts {@link otherTicketTriage} picks from: a calm customer, no refund unless asked. */
export const otherTriage = {
  refund: { answers: { team: 'billing', frustration: 1, refund: 0.85 } },
  billing: { answers: { team: 'billing', frustration: 0, refund: 0.1 } },
  sales: { answers: { team: 'sales', frustration: 0, refund: 0.02 } },
  technical: { answers: { team: 'technical', frustration: 0, refund: 0.02 } },
} as const satisfies Record<string, ClassificationScriptEntry>;

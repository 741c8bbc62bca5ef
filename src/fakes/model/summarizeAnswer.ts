import type { Answer } from './Answer.js';

const LIMIT = 40;

/**
 * A short, one-line summary of an answer for a message: its text cut short, the tools it asks
 * for, its value's JSON cut short, its failure.
 *
 * @example
 * ```ts
 * summarizeAnswer({ calls: [{ tool: 'findInGuide', with: {} }] }); // '{ calls: [findInGuide] }'
 * ```
 */
export function summarizeAnswer(answer: Answer): string {
  const fields: string[] = [];
  if (answer.fail !== undefined) fields.push(`fail: '${answer.fail}'`);
  if (answer.reasoning !== undefined) {
    const count = typeof answer.reasoning === 'string' ? 1 : answer.reasoning.length;
    fields.push(`reasoning: ${count} text${count === 1 ? '' : 's'}`);
  }
  if (answer.text !== undefined) fields.push(`text: ${JSON.stringify(cut(answer.text))}`);
  if (answer.value !== undefined) fields.push(`value: ${cut(safeJson(answer.value))}`);
  if (answer.calls !== undefined) fields.push(`calls: [${answer.calls.map((call) => call.tool).join(', ')}]`);
  return `{ ${fields.join(', ')} }`;
}

function cut(text: string): string {
  return text.length <= LIMIT ? text : `${text.slice(0, LIMIT - 1)}…`;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

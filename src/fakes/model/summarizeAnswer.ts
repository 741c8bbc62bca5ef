import { clip } from '../../validation/formatPath.js';
import type { Answer, AnswerPart } from './Answer.js';

const LIMIT = 40;

/** A one-line summary of an answer for a message. */
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
  if (Array.isArray(answer.parts) && answer.parts.some((part) => typeof part === 'object' || typeof part === 'string'))
    fields.push(streamed(answer.parts as readonly AnswerPart[]));
  return `{ ${fields.join(', ')} }`;
}

/** A `parts` list as what it carries: `parts: 5 (text: "Hello", calls: [findInGuide])`. */
function streamed(parts: readonly AnswerPart[]): string {
  let text: string | undefined;
  const tools: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') text = (text ?? '') + part;
    else if ('text' in part) text = (text ?? '') + part.text;
    else if ('call' in part) tools.push(part.call.tool);
  }
  const carried = [
    ...(text === undefined ? [] : [`text: ${JSON.stringify(cut(text))}`]),
    ...(tools.length === 0 ? [] : [`calls: [${tools.join(', ')}]`]),
  ];
  return `parts: ${parts.length}${carried.length === 0 ? '' : ` (${carried.join(', ')})`}`;
}

function cut(text: string): string {
  return clip(text, LIMIT);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

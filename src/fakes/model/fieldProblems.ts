/** The checks across an answer's fields, which its schema checks one by one. */

import type { Answer } from './Answer.js';
import { isStreamList } from './streamParts.js';

/** The problems of fields that are each well typed but do not go together. */
export function fieldProblems(answer: Answer, label: string): string[] {
  const lines: string[] = [];
  const streamed = isStreamList(answer.parts);
  const gives =
    answer.text !== undefined ||
    (answer.calls ?? []).length > 0 ||
    answer.value !== undefined ||
    answer.reasoning !== undefined ||
    answer.misbehave !== undefined ||
    streamed;
  if (streamed) {
    const both = (['text', 'calls', 'value', 'reasoning'] as const).filter((field) => answer[field] !== undefined);
    if (both.length > 0)
      lines.push(
        `${label}: parts, as a list of stream parts, is the whole reply, and the answer gives ${both.join(', ')} ` +
          `too. Keep the parts, or remove parts and keep ${both.join(', ')}.`,
      );
  } else if (Array.isArray(answer.parts) && answer.parts.some((part) => typeof part !== 'number')) {
    lines.push(
      `${label}.parts: a list of parts is either the offsets a value's JSON is cut at (numbers) or the stream's ` +
        `parts (objects such as { text }), not both. Keep one kind.`,
    );
  }
  if (answer.failAfter !== undefined && answer.times !== undefined) {
    lines.push(
      `${label}: failAfter (fail mid-reply) and times (fail, then answer) do not go together. Keep one of them.`,
    );
  }
  for (const field of ['failAfter', 'times', 'retryAfterMs'] as const) {
    if (answer[field] !== undefined && answer.fail === undefined)
      lines.push(
        `${label}.${field}: ${field} says how the answer fails, and it has no fail. Add fail: 'server' (or another ` +
          `kind), or remove ${field}.`,
      );
  }
  if (answer.fail !== undefined && answer.failAfter === undefined && answer.times === undefined) {
    const others = (
      ['text', 'calls', 'value', 'reasoning', 'parts', 'units', 'finish', 'partDelayMs', 'pace'] as const
    ).filter((field) => answer[field] !== undefined);
    if (others.length > 0) {
      lines.push(
        `${label}: fail makes the call fail before any part, so it goes with no other field. Remove ` +
          `${others.join(', ')}, add failAfter: n to fail after n parts, or times: n to fail n tries and then ` +
          `answer; or drop fail.`,
      );
    }
  } else if (answer.fail !== undefined && !gives) {
    lines.push(
      `${label}: ${
        answer.failAfter !== undefined
          ? 'failAfter streams parts of the answer before the failure'
          : 'times fails some tries and then answers'
      }, and the answer gives nothing. Add text, calls, value, reasoning or parts.`,
    );
  } else if (answer.fail === undefined && !gives) {
    lines.push(
      `${label}: an empty answer gives nothing. Write { text: '' } for an empty reply, or give text, calls, value, ` +
        `reasoning or fail.`,
    );
  }
  if (answer.parts !== undefined && !streamed && answer.value === undefined && answer.text === undefined) {
    lines.push(
      `${label}.parts: parts says how a value or a text arrives, and this answer has neither. Remove parts, or add ` +
        `a value or a text.`,
    );
  }
  const timed = (['delayMs', 'partDelayMs'] as const).filter((field) => answer[field] !== undefined);
  if (answer.pace !== undefined && timed.length > 0) {
    lines.push(
      `${label}.pace: pace says when the parts come, and the answer gives ${timed.join(' and ')} too. Keep pace ` +
        `({ firstMs, perSecond }), or remove it and keep ${timed.join(' and ')}.`,
    );
  }
  const seen = new Map<string, number>();
  (answer.calls ?? []).forEach((call, i) => {
    if (call.id === undefined) return;
    const first = seen.get(call.id);
    if (first !== undefined)
      lines.push(
        `${label}.calls[${i}].id: '${call.id}' is the id of calls[${first}] too. Give each call of an answer its own ` +
          `id.`,
      );
    else seen.set(call.id, i);
  });
  return lines;
}

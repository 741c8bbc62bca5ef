import type { RunPart } from 'standin';
import { replyOf, type WriterAnswer } from './writer.js';

/** One server-sent event: its name and its data (sent as JSON). */
export interface StreamEvent {
  readonly event: string;
  readonly data: unknown;
}

/**
 * The server-sent event for a part of the writer's run. Each is named after the part's type
 * (`text`, `reasoning`, `call`, `value` — a piece of the typed answer's JSON —, `tool-result`,
 * `units`, `finish`) with the part's fields, the step's index among them; the run ends with
 * `done`, whose data is the reply and the units the run used.
 *
 * @example
 * ```ts
 * streamEvent({ type: 'value', json: '{"ans', step: 1 }); // { event: 'value', data: { json: '{"ans', step: 1 } }
 * ```
 */
export function streamEvent(part: RunPart<WriterAnswer>): StreamEvent {
  if (part.type === 'done') return { event: 'done', data: { reply: replyOf(part.result), units: part.result.units } };
  if (part.type === 'tool-result') return { event: 'tool-result', data: { step: part.step, ...part.result } };
  const { type, ...fields } = part;
  return { event: type, data: fields };
}

/**
 * The text of an event on the wire. JSON escapes line breaks, so the data is one `data:` line.
 *
 * @example
 * ```ts
 * sseFrame({ event: 'done', data: {} }); // 'event: done\ndata: {}\n\n'
 * ```
 */
export function sseFrame({ event, data }: StreamEvent): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

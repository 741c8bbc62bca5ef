import { ChatChunkWriter } from '../../src/protocols/openai/chatStream.js';
import { ResponseEventWriter } from '../../src/protocols/openai/ResponseEventWriter.js';
import type { Stop } from '../../src/protocols/WholeReply.js';
import type { FinishReason, ReplyPart, ToolCall } from '../../src/services/spec/Provider.js';
import { fixture } from './fixtures.js';

/*
 * Streams as an OpenAI server sends them, made by the protocol's own writers (the wire server's),
 * for tests that point an adapter at a loopback server.
 */

const meta = { id: 'chatcmpl-1', created: 1, model: 'gpt-test' };

/** The Chat Completions stream the protocol writes for `parts` (or for a reply that stopped), usage chunk included. */
export function chatStream(parts: readonly ReplyPart[], stop?: Stop): string {
  const writer = new ChatChunkWriter(meta, true);
  const events = parts.flatMap((part) => writer.part(part));
  if (stop !== undefined) events.push(...writer.stop(stop));
  return [...events, ...writer.end()].join('');
}

/** The Responses stream the protocol writes for `parts` (or for a reply that stopped). */
export function responsesStream(parts: readonly ReplyPart[], stop?: Stop): string {
  const writer = new ResponseEventWriter({ ...meta, id: 'resp_1' });
  const events = parts.flatMap((part) => writer.part(part));
  if (stop !== undefined) events.push(...writer.stop(stop));
  return [...events, ...writer.end()].join('');
}

/** The parts of a text reply: a text part per piece, its units (`[in, out]`), its finish. */
export function textParts(
  pieces: readonly string[],
  units: readonly [number, number] = [10, pieces.length],
  finish: FinishReason = 'stop',
): ReplyPart[] {
  return [
    ...pieces.map((text): ReplyPart => ({ type: 'text', text })),
    { type: 'units', tokensIn: units[0], tokensOut: units[1] },
    { type: 'finish', reason: finish },
  ];
}

/** The parts of a reply that asks for tools: a call part each, its units, finish `calls`. */
export function callParts(calls: readonly ToolCall[], units: readonly [number, number] = [20, 8]): ReplyPart[] {
  return [
    ...calls.map((call): ReplyPart => ({ type: 'call', call })),
    { type: 'units', tokensIn: units[0], tokensOut: units[1] },
    { type: 'finish', reason: 'calls' },
  ];
}

/**
 * One `data:` event of the documented chunk (test/fixtures/openai/chat/chunk.content.json) with
 * its choice's `delta` and `finish_reason` in place of the fixture's: for streams the writer never
 * makes, such as call fragments interleaved or arguments in pieces.
 */
export function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  const documented = fixture<{ choices: Record<string, unknown>[] }>('openai/chat/chunk.content.json');
  const choice = { ...documented.choices[0], delta, finish_reason: finish };
  return `data: ${JSON.stringify({ ...documented, choices: [choice] })}\n\n`;
}

/** The event that ends a Chat Completions stream. */
export const DONE = 'data: [DONE]\n\n';

/** The documented usage-only chunk (test/fixtures/openai/chat/chunk.usage.json) with these token counts. */
export function usage(prompt: number, completion: number): string {
  const documented = fixture<Record<string, unknown>>('openai/chat/chunk.usage.json');
  const counts = { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
  return `data: ${JSON.stringify({ ...documented, usage: { ...(documented.usage as object), ...counts } })}\n\n`;
}

/**
 * A stream of calls whose arguments come in the pieces given, as servers that stream them token by
 * token send them (the writer sends each call's arguments whole): a documented chunk naming each call,
 * one per piece of its arguments, the finish, the usage and `[DONE]`.
 */
export function fragmentedCalls(
  calls: readonly { readonly id: string; readonly name: string; readonly args: readonly string[] }[],
  units: readonly [number, number] = [20, 8],
): string {
  const events = [chunk({ role: 'assistant', content: null })];
  calls.forEach((call, index) => {
    const named = { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
    events.push(chunk({ tool_calls: [named] }));
    for (const piece of call.args) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  return [...events, chunk({}, 'tool_calls'), usage(units[0], units[1]), DONE].join('');
}

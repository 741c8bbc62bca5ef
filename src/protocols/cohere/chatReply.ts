import type { ReplyPart, ToolCall, Units } from '../../services/spec/Provider.js';
import { readJsonText } from '../readShape.js';
import { TypedContent } from '../TypedContent.js';
import type { WholeReply } from '../WholeReply.js';
import { malformed, WireFault } from '../WireFault.js';
import { cohereFinishes, cohereFinishFailure, cohereFinishOf } from './cohereFinishes.js';
import { chatResponse, type cohereUsage } from './chatShapes.js';
import type { z } from 'zod';

/** The usage object a response and `message-end` carry, as JSON: the same counts billed and used. */
export function cohereUsageJson(units: Units): string {
  const tokens = `{"input_tokens":${number(units.tokensIn)},"output_tokens":${number(units.tokensOut)}}`;
  return `{"billed_units":${tokens},"tokens":${tokens}}`;
}

/** Usage as units: the tokens the model used, else those billed. */
export function unitsOf(usage: z.output<typeof cohereUsage> | null | undefined): Units | undefined {
  const counted = usage?.tokens ?? usage?.billed_units;
  if (counted === undefined || counted === null) return undefined;
  return { tokensIn: counted.input_tokens ?? 0, tokensOut: counted.output_tokens ?? 0 };
}

/** A tool call as Cohere carries it: its input as JSON text. */
export function wireCall(call: ToolCall): unknown {
  return { id: call.id, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.with ?? {}) } };
}

/**
 * A whole `/v2/chat` response as JSON text. A reply the model refused is its words as text; one a content filter
 * stopped ends `ERROR` with no content, as Cohere's safety mode stops one.
 */
export function writeChatResponse(reply: WholeReply, id: string): string {
  const stopped = reply.stopped;
  const content: unknown[] =
    stopped === undefined ? reply.reasoning.map((thinking) => ({ type: 'thinking', thinking })) : [];
  const text = stopped?.kind === 'refusal' ? stopped.text : reply.text;
  if (text !== '' && stopped?.kind !== 'content_filter') content.push({ type: 'text', text });
  const message: Record<string, unknown> = { role: 'assistant' };
  if (content.length > 0 || reply.calls.length === 0) message.content = content;
  if (reply.calls.length > 0 && stopped === undefined) message.tool_calls = reply.calls.map(wireCall);
  const finish = stopped?.kind === 'content_filter' ? 'ERROR' : cohereFinishes[reply.finish];
  return (
    `{"id":${JSON.stringify(id)},"message":${JSON.stringify(message)},"finish_reason":"${finish}",` +
    `"usage":${cohereUsageJson(reply.units)}}`
  );
}

/** A whole response's parts in stream order; an `ERROR` or `TIMEOUT` finish throws a `failed` {@link WireFault}. */
export function readChatResponse(text: string, typed: boolean): ReplyPart[] {
  const body = readJsonText(text, chatResponse, 'the chat response');
  const failure = cohereFinishFailure(body.finish_reason, undefined);
  if (failure !== undefined) throw new WireFault({ kind: 'failed', failure: failure.kind, message: failure.message });
  const out: ReplyPart[] = [];
  const message = body.message;
  let block = 0;
  if (typeof message.tool_plan === 'string' && message.tool_plan !== '')
    out.push({ type: 'reasoning', text: message.tool_plan, block: block++ });
  const content = new TypedContent(typed);
  for (const item of message.content ?? []) {
    if (item.type === 'thinking' && typeof item.thinking === 'string' && item.thinking !== '')
      out.push({ type: 'reasoning', text: item.thinking, block: block++ });
    else if (item.type === 'text' && typeof item.text === 'string' && item.text !== '') content.push(item.text, out);
  }
  content.end(out);
  const calls = (message.tool_calls ?? []).map((call, i): ToolCall => ({
    id: call.id,
    tool: call.function.name,
    with: cohereCallInput(call.function.arguments ?? '', i, call.function.name),
  }));
  for (const call of calls) out.push({ type: 'call', call });
  const units = unitsOf(body.usage);
  if (units !== undefined) out.push({ type: 'units', ...units });
  out.push({ type: 'finish', reason: cohereFinishOf(body.finish_reason, calls.length) });
  return out;
}

/** A call's arguments, parsed: empty text, or `null` (Cohere's for a tool of no parameters), is no input. */
export function cohereCallInput(args: string, index: number, name: string): unknown {
  if (args.trim() === '' || args.trim() === 'null') return {};
  try {
    return JSON.parse(args);
  } catch {
    throw malformed(`the arguments of tool call ${index} (${name}) are not JSON: ${JSON.stringify(args.slice(0, 80))}`);
  }
}

/** A number as JSON writes it. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

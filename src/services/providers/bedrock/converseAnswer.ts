import type { Exchange } from '../http/Exchange.js';
import { TypedContent } from '../../../protocols/TypedContent.js';
import type { ReplyPart } from '../../spec/Provider.js';
import { converseEnd } from './converseEnd.js';

/**
 * A whole Converse answer (`{ output: { message: { content } }, stopReason, usage }`) as reply
 * parts, in the order a stream of it would give them: each text block as text (or value parts,
 * when the call asked for a typed value), each `reasoningContent` block as a reasoning block, each
 * `toolUse` as a call, then the units and the finish ({@link converseEnd}). An answer without
 * `output.message.content` is malformed.
 *
 * @example
 * ```ts
 * converseAnswer({ output: { message: { role: 'assistant', content: [{ text: 'Hi' }] } }, stopReason: 'end_turn' }, false, exchange);
 * // [{ type: 'text', text: 'Hi' }, { type: 'finish', reason: 'stop' }]
 * ```
 */
export function converseAnswer(body: unknown, typed: boolean, exchange: Exchange): ReplyPart[] {
  const message = isRecord(body) && isRecord(body.output) ? body.output.message : undefined;
  const content = isRecord(message) ? message.content : undefined;
  if (!Array.isArray(content)) throw exchange.malformed('the Converse answer has no output.message.content list');
  const out: ReplyPart[] = [];
  let reasoning = 0;
  let calls = 0;
  content.forEach((block: unknown, i) => {
    if (!isRecord(block)) throw exchange.malformed(`content block ${i} is not an object`);
    if (typeof block.text === 'string') {
      const text = new TypedContent(typed);
      if (block.text !== '') text.push(block.text, out);
      text.end(out);
    } else if (isRecord(block.reasoningContent)) {
      const said = isRecord(block.reasoningContent.reasoningText)
        ? block.reasoningContent.reasoningText.text
        : undefined;
      if (typeof said === 'string' && said !== '') out.push({ type: 'reasoning', text: said, block: reasoning });
      reasoning++;
    } else if (isRecord(block.toolUse)) {
      const { toolUseId, name, input } = block.toolUse;
      if (typeof toolUseId !== 'string' || typeof name !== 'string' || name === '')
        throw exchange.malformed(`the toolUse of content block ${i} has no toolUseId or name`);
      calls++;
      out.push({ type: 'call', call: { id: toolUseId, tool: name, with: input ?? {} } });
    }
    // Citations, guard content and other blocks carry nothing a reply part holds.
  });
  const answer = body as Record<string, unknown>;
  converseEnd(answer.stopReason, answer.usage, calls, exchange, out);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

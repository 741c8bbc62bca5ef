/** The Responses output items and the `response` object, shared by the whole answer and the stream. */

import type { Reply } from '../../../services/engine/Reply.js';
import type { ToolCall } from '../../../services/spec/Provider.js';
import { isStopped, type Stopped } from '../../wireMisbehaviour.js';

/** One output item as it is built: its index, id and the text or arguments it has so far. */
export interface Item {
  readonly kind: 'reasoning' | 'message' | 'function_call';
  readonly key: string;
  readonly index: number;
  readonly id: string;
  text: string;
  readonly call?: ToolCall;
  /** A message whose text is the model's refusal. */
  readonly refusal?: boolean;
}

/** Why a response is incomplete: cut off at its token limit, or stopped by the content filter. */
export type Incomplete = 'max_output_tokens' | 'content_filter';

/** An output item as the response lists it once it is done. */
export function itemOf(item: Item): Record<string, unknown> {
  if (item.kind === 'reasoning')
    return { type: 'reasoning', id: item.id, summary: [{ type: 'summary_text', text: item.text }] };
  if (item.kind === 'message')
    return {
      type: 'message',
      id: item.id,
      status: 'completed',
      role: 'assistant',
      content: [
        item.refusal === true
          ? { type: 'refusal', refusal: item.text }
          : { type: 'output_text', text: item.text, annotations: [], logprobs: [] },
      ],
    };
  return {
    type: 'function_call',
    id: item.id,
    call_id: item.call!.id,
    name: item.call!.tool,
    arguments: item.text,
    status: 'completed',
  };
}

/**
 * The output items of a whole reply: its reasoning, its message, then each function call; a refusal's message holds
 * the refusal, and a content filter's reply has no items.
 */
export function outputOf(responseId: string, got: Reply | Stopped): Record<string, unknown>[] {
  if (isStopped(got)) {
    if (got.kind === 'content_filter') return [];
    return [itemOf({ kind: 'message', key: '', index: 0, id: `msg_${responseId}_0`, text: got.text, refusal: true })];
  }
  const reply = got;
  const items: Item[] = [];
  const add = (kind: Item['kind'], text: string, call?: ToolCall): void => {
    const prefix = kind === 'message' ? 'msg' : kind === 'reasoning' ? 'rs' : 'fc';
    items.push({
      kind,
      key: '',
      index: items.length,
      id: `${prefix}_${responseId}_${items.length}`,
      text,
      ...(call ? { call } : {}),
    });
  };
  for (const text of reply.reasoning) add('reasoning', text);
  const text = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  if (text !== '' || reply.calls.length === 0) add('message', text);
  for (const call of reply.calls) add('function_call', JSON.stringify(call.with), call);
  return items.map(itemOf);
}

/** The `response` object, with its output and usage, in the status it has now. */
export function response(
  id: string,
  created: number,
  model: string,
  output: unknown[],
  units: Reply['units'],
  status: string,
  incomplete?: Incomplete,
): Record<string, unknown> {
  return {
    id,
    object: 'response',
    created_at: created,
    status: incomplete === undefined ? status : 'incomplete',
    error: null,
    incomplete_details: incomplete === undefined ? null : { reason: incomplete },
    model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    text: { format: { type: 'text' } },
    usage: {
      input_tokens: units.tokensIn,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: units.tokensOut,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: units.tokensIn + units.tokensOut,
    },
  };
}

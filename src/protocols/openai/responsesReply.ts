import type { Reasoning, ReplyPart, ToolCall, Units } from '../../services/spec/Provider.js';
import { readJsonText, readReply } from '../readShape.js';
import { TypedContent } from '../TypedContent.js';
import type { ReplyMeta, WholeReply } from '../WholeReply.js';
import { WireFault } from '../WireFault.js';
import { callInput } from './chatReply.js';
import { outputItem, responsesResponse, type OutputItem, type ResponsesResponse } from './responsesShapes.js';

/** Why a response is incomplete: cut off at its token limit, or stopped by the content filter. */
export type Incomplete = 'max_output_tokens' | 'content_filter';

/** One output item as the writers build it. */
export type Item =
  | { readonly kind: 'reasoning'; readonly id: string; readonly text: string; readonly signature?: string }
  | { readonly kind: 'message'; readonly id: string; readonly text: string; readonly refusal?: boolean }
  | { readonly kind: 'function_call'; readonly id: string; readonly call: ToolCall; readonly text: string };

const prefixes = { reasoning: 'rs', message: 'msg', function_call: 'fc' } as const;

/** The id of output item `index` of the response `meta` names: `msg_…`, `fc_…`, `rs_…`. */
export function itemId(meta: ReplyMeta, kind: Item['kind'], index: number): string {
  return `${prefixes[kind]}_${meta.id.replace(/^resp_/, '')}_${index}`;
}

/** An output item as a `response` lists it once it is done. */
export function itemJson(item: Item): Record<string, unknown> {
  switch (item.kind) {
    case 'reasoning':
      return {
        type: 'reasoning',
        id: item.id,
        summary: [{ type: 'summary_text', text: item.text }],
        ...(item.signature === undefined ? {} : { encrypted_content: item.signature }),
      };
    case 'message':
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
    case 'function_call':
      return {
        type: 'function_call',
        id: item.id,
        call_id: item.call.id,
        name: item.call.tool,
        arguments: item.text,
        status: 'completed',
      };
  }
}

/** The `response` object, with its output and usage, in the status it has now. */
export function responseJson(
  meta: ReplyMeta,
  output: readonly Record<string, unknown>[],
  units: Units | undefined,
  status: 'in_progress' | 'completed',
  incomplete?: Incomplete,
): Record<string, unknown> {
  return {
    id: meta.id,
    object: 'response',
    created_at: meta.created,
    status: incomplete === undefined ? status : 'incomplete',
    error: null,
    incomplete_details: incomplete === undefined ? null : { reason: incomplete },
    model: meta.model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    text: { format: { type: 'text' } },
    usage:
      units === undefined
        ? null
        : {
            input_tokens: units.tokensIn,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: units.tokensOut,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: units.tokensIn + units.tokensOut,
          },
  };
}

/**
 * A whole `response` as JSON text: a content filter is an incomplete response with no output, a cut reply incomplete
 * with `max_output_tokens`.
 */
export function writeResponse(reply: WholeReply, meta: ReplyMeta): string {
  const items: Item[] = [];
  const stopped = reply.stopped;
  if (stopped?.kind === 'refusal') {
    items.push({ kind: 'message', id: itemId(meta, 'message', 0), text: stopped.text, refusal: true });
  } else if (stopped === undefined) {
    for (const block of reply.reasoningBlocks ?? reply.reasoning.map((text): Reasoning => ({ text })))
      items.push({
        kind: 'reasoning',
        id: block.id ?? itemId(meta, 'reasoning', items.length),
        text: block.text,
        ...(block.signature === undefined ? {} : { signature: block.signature }),
      });
    if (reply.text !== '' || reply.calls.length === 0)
      items.push({ kind: 'message', id: itemId(meta, 'message', items.length), text: reply.text });
    for (const call of reply.calls) {
      const id = itemId(meta, 'function_call', items.length);
      items.push({ kind: 'function_call', id, call, text: JSON.stringify(call.with) });
    }
  }
  const incomplete =
    stopped?.kind === 'content_filter' ? 'content_filter' : reply.finish === 'length' ? 'max_output_tokens' : undefined;
  return JSON.stringify(responseJson(meta, items.map(itemJson), reply.units, 'completed', incomplete));
}

/**
 * A whole `response`'s parts in stream order, each reasoning item a block of its own; a refusal or content filter
 * throws `failed`, a failed response `reported`.
 */
export function readResponse(text: string, typed: boolean): ReplyPart[] {
  const response = readJsonText(text, responsesResponse, 'the response');
  const out: ReplyPart[] = [];
  const content = new TypedContent(typed);
  const calls: ToolCall[] = [];
  let blocks = 0;
  response.output.forEach((raw, i) => {
    if (!['message', 'function_call', 'reasoning'].includes(raw.type)) return;
    const item = readReply(outputItem, raw, `output item ${i} of the response`);
    switch (item.type) {
      case 'reasoning': {
        const said =
          (item.summary ?? []).map((part) => part.text).join('') ||
          (item.content ?? []).map((part) => part.text).join('');
        const signed = continuation(item);
        if (said !== '' || signed !== undefined) out.push({ type: 'reasoning', text: said, block: blocks, ...signed });
        blocks++;
        return;
      }
      case 'message':
        for (const part of item.content) {
          if (part.type === 'refusal') throw refusalFault((part as { refusal: string }).refusal);
          if (part.type === 'output_text') content.push((part as { text: string }).text, out);
        }
        return;
      case 'function_call':
        calls.push({ id: item.call_id, tool: item.name, with: callInput(item.arguments, calls.length, item.name) });
        return;
    }
  });
  content.end(out);
  return [...out, ...calls.map((call): ReplyPart => ({ type: 'call', call })), ...ending(response, calls.length)];
}

/** A finished response's units and finish; a content filter's incomplete response, and a failed one, throw. */
export function ending(response: ResponsesResponse, calls: number): ReplyPart[] {
  if (response.status === 'failed' || (response.error !== undefined && response.error !== null))
    throw new WireFault({ kind: 'reported', body: { error: response.error }, fallback: 'the response failed' });
  const reason = response.incomplete_details?.reason;
  if (reason === 'content_filter') {
    throw new WireFault({
      kind: 'failed',
      failure: 'content_filter',
      message: "the provider's content filter stopped the reply (incomplete_details.reason: content_filter).",
    });
  }
  const out: ReplyPart[] = [];
  const usage = response.usage;
  if (usage !== undefined && usage !== null)
    out.push({ type: 'units', tokensIn: usage.input_tokens, tokensOut: usage.output_tokens });
  out.push({
    type: 'finish',
    reason:
      calls > 0 ? 'calls' : reason === 'max_output_tokens' || response.status === 'incomplete' ? 'length' : 'stop',
  });
  return out;
}

/** The failure a refusal is: a `content_filter` carrying the model's words. */
export function refusalFault(refusal: string): WireFault {
  return new WireFault({
    kind: 'failed',
    failure: 'content_filter',
    message: `the model refused: ${refusal}`,
    refusal,
  });
}

/**
 * A reasoning item's continuation: its encrypted content and id, which a later step sends back (a response not stored
 * is continued by nothing else). Undefined for an item without encrypted content.
 */
export function continuation(
  item: Extract<OutputItem, { type: 'reasoning' }>,
): { readonly signature: string; readonly id?: string } | undefined {
  const signature = item.encrypted_content;
  if (typeof signature !== 'string' || signature === '') return undefined;
  return { signature, ...(item.id === undefined ? {} : { id: item.id }) };
}

import type { FinishReason, ReplyPart, ToolCall, Units } from '../../services/spec/Provider.js';
import { unitsOf } from '../units.js';
import { readJsonText } from '../readShape.js';
import { TypedContent } from '../TypedContent.js';
import type { ReplyMeta, WholeReply } from '../WholeReply.js';
import { malformed, WireFault } from '../WireFault.js';
import { chatCompletion, type ChatUsage } from './chatShapes.js';

/** Azure's content filter verdicts beside a completion: the prompt's, and the one on a reply it stopped. */
export interface ChatFilters {
  readonly prompt: unknown;
  readonly stopped: unknown;
}

/** Each finish as `finish_reason` says it. */
export const chatFinishes: Readonly<Record<FinishReason, string>> = {
  stop: 'stop',
  calls: 'tool_calls',
  length: 'length',
};

/**
 * `length` for `length`; `calls` when the reply asked for tools, whatever reason a server sends with them; else `stop`.
 */
export function chatFinishOf(reason: string | null | undefined, calls: number): FinishReason {
  if (reason === 'length') return 'length';
  return calls > 0 ? 'calls' : 'stop';
}

/** The usage object a completion and the last chunk carry, as JSON. */
export function chatUsageJson(units: Units): string {
  const { tokensIn, tokensOut } = units;
  return (
    `{"prompt_tokens":${number(tokensIn)},"completion_tokens":${number(tokensOut)},` +
    `"total_tokens":${number(tokensIn + tokensOut)},` +
    `"prompt_tokens_details":{"cached_tokens":${number(units.cachedIn ?? 0)},"audio_tokens":0},` +
    `"completion_tokens_details":{"reasoning_tokens":${number(units.reasoningOut ?? 0)},"audio_tokens":0,` +
    `"accepted_prediction_tokens":0,` +
    `"rejected_prediction_tokens":0}}`
  );
}

/** A whole `chat.completion` as JSON text, written field by field in the order `JSON.stringify` of the object gives. */
export function writeCompletion(reply: WholeReply, meta: ReplyMeta, filters?: ChatFilters): string {
  const stopped = reply.stopped;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: (reply.text === '' && reply.calls.length > 0) || stopped !== undefined ? null : reply.text,
    refusal: stopped?.kind === 'refusal' ? stopped.text : null,
    annotations: [],
  };
  if (reply.calls.length > 0) message.tool_calls = reply.calls.map(wireCall);
  const finish = stopped?.kind === 'content_filter' ? 'content_filter' : chatFinishes[reply.finish];
  const verdict =
    filters !== undefined && stopped?.kind === 'content_filter'
      ? `,"content_filter_results":${JSON.stringify(filters.stopped)}`
      : '';
  const prompt = filters === undefined ? '' : `"prompt_filter_results":${JSON.stringify(filters.prompt)},`;
  return (
    `{"id":${JSON.stringify(meta.id)},"object":"chat.completion","created":${number(meta.created)},` +
    `"model":${JSON.stringify(meta.model)},"system_fingerprint":"fp_standin",${prompt}"choices":[{"index":0,` +
    `"message":${JSON.stringify(message)},"logprobs":null,"finish_reason":${JSON.stringify(finish)}${verdict}}],` +
    `"usage":${chatUsageJson(reply.units)},"service_tier":"default"}`
  );
}

/** A whole completion's parts in stream order; a refusal and `content_filter` throw a `failed` {@link WireFault}. */
export function readCompletion(text: string, typed: boolean): ReplyPart[] {
  const body = readJsonText(text, chatCompletion, 'the completion');
  const choice = body.choices.find((found) => found.index === undefined || found.index === 0);
  if (choice === undefined) throw malformed('the completion has no choice');
  const out: ReplyPart[] = [];
  const { message } = choice;
  if (typeof message.refusal === 'string' && message.refusal !== '') {
    throw new WireFault({
      kind: 'failed',
      failure: 'content_filter',
      message: `the model refused: ${message.refusal}`,
      refusal: message.refusal,
    });
  }
  if (choice.finish_reason === 'content_filter') throw filteredFault(choice.content_filter_results);
  if (typeof message.reasoning_content === 'string' && message.reasoning_content !== '')
    out.push({ type: 'reasoning', text: message.reasoning_content, block: 0 });
  if (typeof message.content === 'string' && message.content !== '') {
    const content = new TypedContent(typed);
    content.push(message.content, out);
    content.end(out);
  }
  const calls = (message.tool_calls ?? []).map((call, i): ToolCall => ({
    id: call.id,
    tool: call.function.name,
    with: callInput(call.function.arguments, i, call.function.name),
  }));
  for (const call of calls) out.push({ type: 'call', call });
  if (body.usage !== undefined && body.usage !== null) out.push({ type: 'units', ...chatUnits(body.usage) });
  out.push({ type: 'finish', reason: chatFinishOf(choice.finish_reason, calls.length) });
  return out;
}

/** A call's arguments, parsed: empty text is no input. */
export function callInput(args: string, index: number, name: string): unknown {
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    throw malformed(`the arguments of tool call ${index} (${name}) are not JSON: ${JSON.stringify(args.slice(0, 80))}`);
  }
}

/** `finish_reason: content_filter`, naming the categories Azure marks filtered (OpenAI's own API names none). */
export function filteredFault(results: unknown): WireFault {
  let named = '';
  if (results !== null && typeof results === 'object') {
    const names = Object.entries(results as Record<string, unknown>).flatMap(([name, result]) => {
      if (result === null || typeof result !== 'object' || (result as { filtered?: unknown }).filtered !== true)
        return [];
      const severity = (result as { severity?: unknown }).severity;
      return [typeof severity === 'string' ? `${name} (${severity})` : name];
    });
    if (names.length > 0) named = `; filtered: ${names.slice(0, 10).join(', ')}`.slice(0, 200);
  }
  return new WireFault({
    kind: 'failed',
    failure: 'content_filter',
    message: `the provider's content filter stopped the reply (finish_reason: content_filter${named}).`,
  });
}

function wireCall(call: ToolCall): Record<string, unknown> {
  return { id: call.id, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.with) } };
}

/** A number as JSON writes it. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

/** A chat usage object as units: the cached prompt tokens and the reasoning tokens its details report split out. */
export function chatUnits(usage: ChatUsage): Units {
  return unitsOf(usage.prompt_tokens, usage.completion_tokens, {
    cachedIn: usage.prompt_tokens_details?.cached_tokens,
    reasoningOut: usage.completion_tokens_details?.reasoning_tokens,
  });
}

import type { FinishReason, ReplyPart, Units } from '../../services/spec/Provider.js';
import { unitsOf } from '../units.js';
import { readJsonText } from '../readShape.js';
import { TypedContent } from '../TypedContent.js';
import type { WholeReply } from '../WholeReply.js';
import { malformed, WireFault } from '../WireFault.js';
import { converseAnswer, type ConverseUsage } from './converseOutputShapes.js';

/** Each finish as `stopReason` says it. */
export const converseStops: Readonly<Record<FinishReason, string>> = {
  stop: 'end_turn',
  calls: 'tool_use',
  length: 'max_tokens',
};

/** The stop reasons of a reply that stopped before it said anything: a refusal, a content filter. */
export const STOP_REFUSED = 'content_filtered';
export const STOP_FILTERED = 'guardrail_intervened';

/** A reasoning block's signature: the wire server makes no real ones, and clients send them back unread. */
export const SIGNATURE = 'c3RhbmRpbg==';

/** How a typed value is answered when the request asked for it through a forced tool: as a call of that tool. */
export interface ValueCall {
  readonly name: string;
  readonly id: string;
}

/**
 * A Converse reply's end: usage (cache reads and writes counted in), then the finish its `stopReason` says.
 * `guardrail_intervened` and `content_filtered` are `content_filter` faults, `model_context_window_exceeded`
 * `context_length`, the `malformed_*` reasons `malformed`.
 */
export function converseEnd(
  stopReason: string | undefined,
  usage: ConverseUsage | undefined,
  calls: number,
  out: ReplyPart[],
): void {
  switch (stopReason) {
    case STOP_FILTERED:
    case STOP_REFUSED:
      throw new WireFault({
        kind: 'failed',
        failure: 'content_filter',
        message: `the reply was blocked (stopReason: ${stopReason}).`,
      });
    case 'model_context_window_exceeded':
      throw new WireFault({
        kind: 'failed',
        failure: 'context_length',
        message: "the reply ran out of the model's context window (stopReason: model_context_window_exceeded).",
      });
    case 'malformed_model_output':
    case 'malformed_tool_use':
      throw malformed(`the model's output did not parse (stopReason: ${stopReason})`);
  }
  if (usage !== undefined) {
    const tokensIn = (usage.inputTokens ?? 0) + (usage.cacheReadInputTokens ?? 0) + (usage.cacheWriteInputTokens ?? 0);
    const splits = { cachedIn: usage.cacheReadInputTokens, cacheWriteIn: usage.cacheWriteInputTokens };
    out.push({ type: 'units', ...unitsOf(tokensIn, usage.outputTokens ?? 0, splits) });
  }
  const reason: FinishReason =
    stopReason === 'max_tokens' ? 'length' : stopReason === 'tool_use' || calls > 0 ? 'calls' : 'stop';
  out.push({ type: 'finish', reason });
}

/** The usage object an answer and the stream's `metadata` carry, as JSON. */
export function converseUsageJson(units: Units): string {
  const { tokensIn, tokensOut } = units;
  const cached = units.cachedIn ?? 0;
  const written = units.cacheWriteIn ?? 0;
  // Bedrock counts the cached input apart from `inputTokens`.
  return (
    `{"inputTokens":${number(Math.max(0, tokensIn - cached - written))},"outputTokens":${number(tokensOut)},` +
    (cached > 0 ? `"cacheReadInputTokens":${number(cached)},` : '') +
    (written > 0 ? `"cacheWriteInputTokens":${number(written)},` : '') +
    `"totalTokens":${number(tokensIn + tokensOut)}}`
  );
}

/**
 * A whole Converse answer as JSON text. A refusal is its words with `stopReason: content_filtered`, a content filter
 * `guardrail_intervened` with no content.
 */
export function writeConverseAnswer(reply: WholeReply, valueCall?: ValueCall): string {
  const content: Record<string, unknown>[] = reply.reasoning.map((text) => ({
    reasoningContent: { reasoningText: { text, signature: SIGNATURE } },
  }));
  let stop = converseStops[reply.finish];
  const stopped = reply.stopped;
  if (stopped !== undefined) {
    if (stopped.kind === 'refusal') content.push({ text: stopped.text });
    stop = stopped.kind === 'refusal' ? STOP_REFUSED : STOP_FILTERED;
  } else {
    const value = valueCall === undefined ? undefined : jsonOf(reply.text);
    if (value !== undefined) {
      content.push({ toolUse: { toolUseId: valueCall!.id, name: valueCall!.name, input: value.json } });
      stop = converseStops.calls;
    } else if (reply.text !== '' || reply.calls.length === 0) content.push({ text: reply.text });
    for (const call of reply.calls)
      content.push({ toolUse: { toolUseId: call.id, name: call.tool, input: call.with } });
  }
  return (
    `{"output":{"message":{"role":"assistant","content":${JSON.stringify(content)}}},` +
    `"stopReason":${JSON.stringify(stop)},"usage":${converseUsageJson(reply.units)},` +
    `"metrics":{"latencyMs":0}}`
  );
}

/** A whole Converse answer's parts, in the order a stream gives them; `malformed` when it breaks the protocol. */
export function readConverseAnswer(text: string, typed: boolean): ReplyPart[] {
  const body = readJsonText(text, converseAnswer, 'the Converse answer');
  const out: ReplyPart[] = [];
  let reasoning = 0;
  let calls = 0;
  const said = (words: string): void => {
    const content = new TypedContent(typed);
    if (words !== '') content.push(words, out);
    content.end(out);
  };
  for (const block of body.output.message.content) {
    if (block.text !== undefined) said(block.text);
    else if (block.reasoningContent !== undefined) {
      const thought = block.reasoningContent.reasoningText?.text;
      if (thought !== undefined && thought !== '') out.push({ type: 'reasoning', text: thought, block: reasoning });
      reasoning++;
    } else if (block.toolUse !== undefined) {
      const { toolUseId, name, input } = block.toolUse;
      calls++;
      out.push({ type: 'call', call: { id: toolUseId, tool: name, with: input ?? {} } });
    } else if (block.citationsContent !== undefined)
      said((block.citationsContent.content ?? []).map((piece) => piece.text ?? '').join(''));
    // Guard content, images and blocks added later carry nothing a reply part holds.
  }
  converseEnd(body.stopReason, body.usage, calls, out);
  return out;
}

/** A text's JSON, when it is JSON. */
function jsonOf(text: string): { readonly json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** A number as JSON writes it. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

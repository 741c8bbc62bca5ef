import type { LanguageModelV4Content, LanguageModelV4GenerateResult, SharedV4Warning } from '@ai-sdk/provider';
import type { Reply } from '../services/engine/Reply.js';
import { continuationMetadata } from './continuation.js';
import { toFinishReason, toUsage } from './usage.js';

/** A collected reply as the AI SDK's generate result; the typed value also as `structuredOutputText` beside text. */
export function generateResult(
  reply: Reply,
  warnings: SharedV4Warning[],
  requestId?: string,
): LanguageModelV4GenerateResult {
  const content: LanguageModelV4Content[] = [];
  for (const block of reply.reasoningBlocks ?? reply.reasoning.map((text) => ({ text }))) {
    const { text, ...continued } = block;
    const providerMetadata = continuationMetadata(continued);
    content.push({ type: 'reasoning', text, ...(providerMetadata === undefined ? {} : { providerMetadata }) });
  }
  if (reply.text !== '') content.push({ type: 'text', text: reply.text });
  const json = reply.value !== undefined ? JSON.stringify(reply.value) : undefined;
  if (json !== undefined) content.push({ type: 'text', text: json });
  for (const call of reply.calls)
    content.push({
      type: 'tool-call',
      toolCallId: call.id,
      toolName: call.tool,
      input: JSON.stringify(call.with ?? {}),
      ...(call.signature === undefined ? {} : { providerMetadata: { standin: { signature: call.signature } } }),
    });
  const result: LanguageModelV4GenerateResult = {
    content,
    finishReason: toFinishReason(reply.finish),
    usage: toUsage(reply.units),
    warnings,
    response: { modelId: reply.model, ...(requestId !== undefined ? { id: requestId } : {}) },
  };
  if (json !== undefined && reply.text !== '') result.structuredOutputText = json;
  return result;
}

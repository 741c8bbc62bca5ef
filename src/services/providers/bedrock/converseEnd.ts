import type { Exchange } from '../http/Exchange.js';
import type { FinishReason, ReplyPart } from '../../spec/Provider.js';

/**
 * The end of a Converse reply as parts: its usage as one units part (cache reads and writes
 * counted in), then the finish its `stopReason` says. `max_tokens` is `length`; `tool_use` (or
 * any reply that asked for tools) `calls`; the rest `stop`. `guardrail_intervened` and
 * `content_filtered` fail as `content_filter`, `model_context_window_exceeded` as
 * `context_length`, and `malformed_model_output` / `malformed_tool_use` as malformed answers.
 *
 * @example
 * ```ts
 * converseEnd('end_turn', { inputTokens: 12, outputTokens: 3 }, 0, exchange, out);
 * // out: [{ type: 'units', tokensIn: 12, tokensOut: 3 }, { type: 'finish', reason: 'stop' }]
 * ```
 */
export function converseEnd(
  stopReason: unknown,
  usage: unknown,
  calls: number,
  exchange: Exchange,
  out: ReplyPart[],
): void {
  switch (stopReason) {
    case 'guardrail_intervened':
    case 'content_filtered':
      throw exchange.failure('content_filter', `the reply was blocked (stopReason: ${stopReason}).`);
    case 'model_context_window_exceeded':
      throw exchange.failure(
        'context_length',
        "the reply ran out of the model's context window (stopReason: model_context_window_exceeded).",
      );
    case 'malformed_model_output':
    case 'malformed_tool_use':
      throw exchange.malformed(`the model's output did not parse (stopReason: ${stopReason})`);
  }
  if (isRecord(usage)) {
    const read = (name: string): number => {
      const value = usage[name];
      if (value === undefined || value === null) return 0;
      if (!Number.isInteger(value) || (value as number) < 0)
        throw exchange.malformed(`usage.${name} is not a whole token count`);
      return value as number;
    };
    const tokensIn = read('inputTokens') + read('cacheReadInputTokens') + read('cacheWriteInputTokens');
    out.push({ type: 'units', tokensIn, tokensOut: read('outputTokens') });
  }
  const reason: FinishReason =
    stopReason === 'max_tokens' ? 'length' : stopReason === 'tool_use' || calls > 0 ? 'calls' : 'stop';
  out.push({ type: 'finish', reason });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

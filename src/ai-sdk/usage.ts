import type { LanguageModelV4FinishReason, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { FinishReason, Units } from '../services/spec/Provider.js';

/** Units as AI SDK usage; the splits standin does not know (cache, reasoning) stay undefined. */
export function toUsage(units: Units): LanguageModelV4Usage {
  return {
    inputTokens: { total: units.tokensIn, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: units.tokensOut, text: undefined, reasoning: undefined },
  };
}

/** The AI SDK's usage as standin's units: the totals, 0 where the model reports none. */
export function fromUsage(usage: LanguageModelV4Usage | undefined): Units {
  return { tokensIn: count(usage?.inputTokens?.total), tokensOut: count(usage?.outputTokens?.total) };
}

/** standin's finish reason as the AI SDK's: `calls` is `tool-calls`; the raw reason is standin's. */
export function toFinishReason(reason: FinishReason): LanguageModelV4FinishReason {
  return { unified: reason === 'calls' ? 'tool-calls' : reason, raw: reason };
}

/**
 * The AI SDK's finish as standin's: standin has only `stop`, `length` and `calls`, and a reply with calls is `calls`.
 */
export function fromFinishReason(reason: LanguageModelV4FinishReason | undefined, calls: boolean): FinishReason {
  if (calls || reason?.unified === 'tool-calls') return 'calls';
  return reason?.unified === 'length' ? 'length' : 'stop';
}

function count(value: number | undefined): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

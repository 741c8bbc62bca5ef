import type { LanguageModelV4FinishReason, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { FinishReason, Units } from '../services/spec/Provider.js';
import { unitsOf } from '../protocols/units.js';

/** Units as AI SDK usage: the cache and reasoning splits where the provider reported them, else undefined. */
export function toUsage(units: Units): LanguageModelV4Usage {
  const { cachedIn, cacheWriteIn, reasoningOut } = units;
  const cached = cachedIn !== undefined || cacheWriteIn !== undefined;
  return {
    inputTokens: {
      total: units.tokensIn,
      noCache: cached ? Math.max(0, units.tokensIn - (cachedIn ?? 0) - (cacheWriteIn ?? 0)) : undefined,
      cacheRead: cachedIn,
      cacheWrite: cacheWriteIn,
    },
    outputTokens: {
      total: units.tokensOut,
      text: reasoningOut === undefined ? undefined : Math.max(0, units.tokensOut - reasoningOut),
      reasoning: reasoningOut,
    },
  };
}

/** The AI SDK's usage as standin's units: the totals, 0 where the model reports none, and the splits it reports. */
export function fromUsage(usage: LanguageModelV4Usage | undefined): Units {
  return unitsOf(count(usage?.inputTokens?.total), count(usage?.outputTokens?.total), {
    cachedIn: usage?.inputTokens?.cacheRead,
    cacheWriteIn: usage?.inputTokens?.cacheWrite,
    reasoningOut: usage?.outputTokens?.reasoning,
  });
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

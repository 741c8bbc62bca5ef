import type { FailureKind } from '../../services/spec/failures.js';
import type { FinishReason } from '../../services/spec/Provider.js';
import { cohereFailures } from './cohereErrors.js';

/** Each finish as `finish_reason` says it. */
export const cohereFinishes: Readonly<Record<FinishReason, string>> = {
  stop: 'COMPLETE',
  calls: 'TOOL_CALL',
  length: 'MAX_TOKENS',
};

/** The finish a `finish_reason` means: `length` for `MAX_TOKENS`; else `calls` when the reply asked for tools. */
export function cohereFinishOf(reason: string | null | undefined, calls: number): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  return calls > 0 ? 'calls' : 'stop';
}

/** The words of a reply Cohere's safety mode stopped, as its `ERROR` finish says them. */
export const BLOCKED = cohereFailures.content_filter.message;

/**
 * The failure a `finish_reason` stands for, or undefined for one that ends a reply (reasons added later included):
 * `ERROR` in the blocked-output words is `content_filter`, another `ERROR` `server`, `TIMEOUT` `timeout`.
 */
export function cohereFinishFailure(
  reason: string,
  error: string | null | undefined,
): { readonly kind: FailureKind; readonly message: string } | undefined {
  const said = typeof error === 'string' && error !== '' ? `: ${error.slice(0, 300)}` : '';
  if (reason === 'ERROR') {
    const blocked = typeof error === 'string' && error.startsWith('blocked output');
    return { kind: blocked ? 'content_filter' : 'server', message: `the reply ended in an error (ERROR)${said}.` };
  }
  if (reason === 'TIMEOUT') return { kind: 'timeout', message: `the reply timed out (TIMEOUT)${said}.` };
  return undefined;
}

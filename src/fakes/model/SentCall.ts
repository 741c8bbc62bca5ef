import type { HearInput, ReplyRequest } from '../../services/providers/Provider.js';
import type { Answer } from './Answer.js';

/**
 * One thing a fake was sent: which call, its input (the request, for a reply), and where it came
 * from (scope, step, attempt). Never the API key or the signal.
 *
 * @example
 * ```ts
 * const first: SentCall = writer.sent[0]!;
 * if (first.call === 'reply') first.input.messages;
 * ```
 */
export type SentCall = SentWhere &
  (
    | { readonly call: 'reply'; readonly input: ReplyRequest }
    | { readonly call: 'embed'; readonly input: string }
    | { readonly call: 'hear'; readonly input: HearInput }
    | { readonly call: 'speak'; readonly input: string }
    | { readonly call: 'rank'; readonly input: { readonly words: string; readonly texts: readonly string[] } }
    | { readonly call: 'call'; readonly input: unknown }
  );

/**
 * Where a sent call came from, so a test with parallel scopes can split `sent` per request, and
 * a retried step shows as one entry per attempt.
 *
 * @example
 * ```ts
 * const mine = writer.sent.filter((entry) => entry.scope === 'customer-a');
 * ```
 */
export interface SentWhere {
  /** The cursor scope of the call (`''` outside any scope). */
  readonly scope: string;
  /** The step's key: `runId#index` inside a run, `call:requestId` outside. */
  readonly step: string;
  /** Which attempt at the model this was, from 1. */
  readonly attempt: number;
}

/**
 * An answer of a list that has not been given yet, with its index in the list.
 *
 * @example
 * ```ts
 * const [next]: readonly PendingAnswer[] = await writer.pending(); // { index: 1, answer: { text: '...' } }
 * ```
 */
export interface PendingAnswer {
  readonly index: number;
  readonly answer: Answer;
}

import type { HearInput } from '../../services/providers/Provider.js';
import type { Answer } from './Answer.js';
import type { SentReplyRequest } from './sentRequest.js';

/**
 * One thing a fake was sent: which call, and its input (the request, for a reply). Never the
 * call's context, so never the API key, the signal or the cursor key; an image's or a file's
 * bytes are kept as their length and SHA-256.
 *
 * @example
 * ```ts
 * const first: SentCall = writer.sent[0]!;
 * if (first.call === 'reply') first.input.messages;
 * ```
 */
export type SentCall =
  | { readonly call: 'reply'; readonly input: SentReplyRequest }
  | { readonly call: 'embed'; readonly input: string }
  | { readonly call: 'hear'; readonly input: HearInput }
  | { readonly call: 'speak'; readonly input: string }
  | { readonly call: 'rank'; readonly input: { readonly words: string; readonly texts: readonly string[] } }
  | { readonly call: 'call'; readonly input: unknown };

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

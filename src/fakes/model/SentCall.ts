import type { SentInput } from '../../services/capabilities/capabilities.js';
import type { PlainCapability } from '../../services/spec/CapabilitySpec.js';
import type { ChaosKind } from '../chaos/chaosKinds.js';
import type { Answer } from './Answer.js';
import type { SentReplyRequest } from './sentRequest.js';

/**
 * One thing a fake was sent: which call, its input (the request, for a reply), and where it came from (scope, step,
 * attempt). Never the API key or the signal; an image's or a file's bytes are kept as their length and SHA-256.
 *
 * @example
 * ```ts
 * const first: SentCall = writer.sent[0]!;
 * if (first.call === 'reply') first.input.messages;
 * ```
 */
export type SentCall = SentWhere &
  (
    | { readonly call: 'reply'; readonly input: SentReplyRequest }
    // A plain capability's call: what its spec's `sent` records of the arguments.
    | { readonly [N in PlainCapability]: { readonly call: N; readonly input: SentInput<N> } }[PlainCapability]
  );

/**
 * Where a sent call came from, so parallel scopes can split `sent` per request and a retried step shows once per
 * attempt.
 */
export interface SentWhere {
  /** The cursor scope of the call (`''` outside any scope). */
  readonly scope: string;
  /** The step's key: `runId#index` inside a run, `call:requestId` outside. */
  readonly step: string;
  /** Which attempt at the model this was, from 1. */
  readonly attempt: number;
  /** How a chaos layer disturbed this call (`app.chaos`), when it did: the fake gave it no answer. */
  readonly chaos?: ChaosKind | undefined;
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

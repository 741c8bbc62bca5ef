import type { FailureReader, FailureTable } from '../../../protocols/failures.js';
import type { Limits } from './limits.js';
import type { Redactor } from './redact.js';

/** What one exchange needs to know. */
export interface ExchangeOptions {
  /** The provider's name, carried on every failure. */
  readonly provider: string;
  /** The caller's signal: its abort is the abort, never a failure. */
  readonly signal: AbortSignal;
  /** How long the whole exchange (the body read to its end included) may take. */
  readonly timeoutMs: number;
  /** The key sent, if any (a 401 without one says how to give one). */
  readonly key: string | undefined;
  /** Takes every configured secret (the key, header values) out of a text. */
  readonly redactor: Redactor;
  /** How much the server may make the exchange hold, and how long it may ask it to wait. */
  readonly limits: Limits;
  /** The fetch to call. */
  readonly fetch: typeof globalThis.fetch;
  /** The response header that holds the provider's request id (`x-request-id`, `request-id`). */
  readonly requestIdHeader: string;
  /** The engine's attempt number: a malformed answer is retried once, on the first attempt only. */
  readonly attempt: number;
  /** The protocol's failure table: an error that is one of its rows is that row's kind. */
  readonly failures?: FailureTable | undefined;
  /** The protocol's own reading of its error bodies, asked before the table (OpenRouter's numeric codes). */
  readonly readFailure?: FailureReader | undefined;
}

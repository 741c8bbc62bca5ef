import type { FailureKind } from '../services/spec/failures.js';
import type { WireErrorDetails } from './WireError.js';

/** One failure as a provider answers it: the HTTP status, its message and its error type; or a dropped connection. */
export type TableFailure =
  { readonly status: number; readonly message: string; readonly details: WireErrorDetails } | 'drop';

/** How a provider answers each failure kind but `network` (a dropped connection): status, message, error type. */
export type FailureTable = {
  readonly [K in Exclude<FailureKind, 'network'>]: readonly [status: number, message: string, type: string];
};

/**
 * A provider's answer to an answer's `fail` kind, read from its table: `network` drops the
 * connection; `rate_limit` carries `retry-after` (seconds, at least 1) and `retry-after-ms`, which
 * the official clients and the AI SDK honour; `unknown` is one no client retries.
 *
 * @example
 * ```ts
 * failureFrom(bedrockTable, 'rate_limit', 1500);
 * // { status: 429, message: 'Too many requests, …', details: { type: 'ThrottlingException', headers } }
 * ```
 */
export function failureFrom(table: FailureTable, kind: FailureKind, retryAfterMs: number): TableFailure {
  if (kind === 'network') return 'drop';
  const [status, message, type] = table[kind];
  if (kind === 'rate_limit') {
    const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    return {
      status,
      message,
      details: { type, headers: { 'retry-after': seconds, 'retry-after-ms': String(retryAfterMs) } },
    };
  }
  return { status, message, details: kind === 'unknown' ? { type, retry: false } : { type } };
}

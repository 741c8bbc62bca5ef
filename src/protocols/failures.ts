import type { FailureKind } from '../services/spec/failures.js';

/** How a provider answers one failure kind: its status, error type and code, and its words. */
export interface FailureRow {
  readonly status: number;
  /**
   * The error's type: OpenAI's `error.type`, Gemini's RPC `status`, Bedrock's AWS exception name; empty for a provider
   * whose errors name none (Cohere's).
   */
  readonly type: string;
  /** OpenAI's `error.code` (`rate_limit_exceeded`, `context_length_exceeded`, ...), where the provider sends one. */
  readonly code?: string;
  /** The request field at fault, where the provider names one. */
  readonly param?: string;
  /** Its words; in a rate limit's, `{seconds}` stands for the wait it asks for and `{s}` for its plural ending. */
  readonly message: string;
}

/**
 * One provider's answer to every failure kind but `network` (a dropped connection): read one way
 * by the wire server, which answers a scripted `fail` with the row, and the other by the adapter,
 * which finds the kind of the error a provider sent in it.
 */
export type FailureTable = { readonly [K in Exclude<FailureKind, 'network'>]: FailureRow };

/**
 * A protocol's own reading of an error it sent (an error body with its HTTP status, or an error event inside a stream,
 * whose status is undefined): the kind, or undefined to leave it to the table and the words every provider's share.
 */
export type FailureReader = (status: number | undefined, body: unknown) => FailureKind | undefined;

/** A failure as the wire carries it: the row, with the headers a rate limit adds; or a dropped connection. */
export type FailureAnswer =
  (FailureRow & { readonly headers?: Readonly<Record<string, string>>; readonly retry?: false }) | 'drop';

/**
 * The retry hint a rate limit gives when its answer names none, in ms: a client that reads
 * `retry-after-ms` (the official ones, the AI SDK) retries at once, so a scripted rate limit costs
 * a test no sleep. (A hint of 0 would not do: those clients take it as no hint and back off.)
 */
export const DEFAULT_RETRY_AFTER_MS = 1;

/**
 * The provider's answer to `kind`, from its table: `network` drops the connection; `rate_limit`
 * carries `retry-after` (seconds, at least 1) and `retry-after-ms`, which the official clients and
 * the AI SDK honour; `unknown` asks no client to retry it.
 */
export function failureAnswer(
  table: FailureTable,
  kind: FailureKind,
  retryAfterMs: number = DEFAULT_RETRY_AFTER_MS,
): FailureAnswer {
  if (kind === 'network') return 'drop';
  const row = table[kind];
  if (kind === 'rate_limit') {
    const seconds = String(Math.max(1, Math.ceil(retryAfterMs / 1000)));
    return {
      ...row,
      message: row.message.replaceAll('{seconds}', seconds).replaceAll('{s}', seconds === '1' ? '' : 's'),
      headers: { 'retry-after': seconds, 'retry-after-ms': String(retryAfterMs) },
    };
  }
  return kind === 'unknown' ? { ...row, retry: false } : row;
}

/** What an error answer said, as the adapter reads it to find its row. */
export interface SaidFailure {
  /** The HTTP status; undefined for an error event inside a 200 stream. */
  readonly status?: number | undefined;
  readonly type?: string | undefined;
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}

/**
 * The kind whose row `said` is, or undefined when it is none of the table's: its status (when the
 * answer has one), type and code, and its words (a prefix before them allowed). Only an answer
 * in the row's own words is the row's: another error of the same status and type (a real
 * provider's 500 in other words) is left to the words every provider's errors share.
 */
export function failureKindOf(table: FailureTable, said: SaidFailure): FailureKind | undefined {
  const message = said.message;
  if (message === undefined) return undefined;
  for (const kind in table) {
    const row = table[kind as keyof FailureTable];
    if (said.status !== undefined && row.status !== said.status) continue;
    // A row of type '' is a provider's whose errors carry none (Ollama's `{ "error": "..." }`, Cohere's `{ "message": "..." }`).
    if ((row.type || undefined) !== said.type || (row.code ?? undefined) !== said.code) continue;
    if (message.includes(row.message.split('{seconds}')[0]!)) return kind as FailureKind;
  }
  return undefined;
}

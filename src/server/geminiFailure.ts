import type { FailureKind } from '../services/spec/failures.js';
import { failureFrom, type FailureTable, type TableFailure } from './failureTable.js';

const INVALID = 'INVALID_ARGUMENT';

/** Gemini's answer to each failure kind, in its words, its RPC status as the type. */
const table: FailureTable = {
  rate_limit: [429, 'Resource has been exhausted (e.g. check quota).', 'RESOURCE_EXHAUSTED'],
  server: [503, 'The model is overloaded. Please try again later.', 'UNAVAILABLE'],
  timeout: [504, 'Deadline expired before operation could complete.', 'DEADLINE_EXCEEDED'],
  auth: [400, 'API key not valid. Please pass a valid API key.', INVALID],
  context_length: [
    400,
    'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
    INVALID,
  ],
  content_filter: [400, 'The request was blocked by the safety filters.', INVALID],
  bad_request: [400, 'Request contains an invalid argument.', INVALID],
  unknown: [
    500,
    'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    'INTERNAL',
  ],
};

/**
 * Gemini's real answer to an answer's `fail` kind, in its own words: `rate_limit` a 429
 * `RESOURCE_EXHAUSTED` with `retry-after` and `retry-after-ms`; `server` a 503 `UNAVAILABLE`
 * (an overloaded model); `timeout` a 504 `DEADLINE_EXCEEDED`; `auth` the 400 a key Gemini does
 * not know gets; `context_length` a 400 saying the token count passed the limit; `bad_request`
 * and `content_filter` a 400 (the generate endpoints answer a blocked prompt as Gemini does, with
 * a 200); `unknown` a 500 `INTERNAL` no client is asked to retry; `network` drops the connection.
 *
 * @example
 * ```ts
 * geminiFailure('rate_limit', 5);
 * // { status: 429, message: 'Resource has been exhausted (e.g. check quota).', details: { type: 'RESOURCE_EXHAUSTED', headers } }
 * ```
 */
export function geminiFailure(kind: FailureKind, retryAfterMs: number): TableFailure {
  return failureFrom(table, kind, retryAfterMs);
}

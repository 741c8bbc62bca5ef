import type { FailureKind } from '../services/spec/failures.js';
import { failureFrom, type FailureTable, type TableFailure } from './failureTable.js';

/** Bedrock's answer to each failure kind, in its words, its AWS shape named in `x-amzn-errortype`. */
const table: FailureTable = {
  rate_limit: [429, 'Too many requests, please wait before trying again.', 'ThrottlingException'],
  server: [503, 'Bedrock is unable to process your request.', 'ServiceUnavailableException'],
  timeout: [408, 'Model has timed out in processing the request. Try your request again.', 'ModelTimeoutException'],
  auth: [403, "You don't have access to the model with the specified model ID.", 'AccessDeniedException'],
  context_length: [400, 'Input is too long for requested model.', 'ValidationException'],
  content_filter: [400, 'The request was blocked by a content filter.', 'ValidationException'],
  bad_request: [400, 'The request is invalid.', 'ValidationException'],
  unknown: [500, 'An internal server error occurred.', 'InternalServerException'],
};

/**
 * Bedrock's real answer to an answer's `fail` kind, its AWS shape named in `x-amzn-errortype`:
 * `rate_limit` a 429 `ThrottlingException` (with `retry-after` and `retry-after-ms`, which the AI
 * SDK honours); `server` a 503 `ServiceUnavailableException`; `timeout` a 408
 * `ModelTimeoutException`; `auth` a 403 `AccessDeniedException`; `context_length`,
 * `content_filter` and `bad_request` a 400 `ValidationException` in Bedrock's words; `unknown` a
 * 500 `InternalServerException` no client retries; `network` drops the connection.
 *
 * @example
 * ```ts
 * bedrockFailure('rate_limit', 5); // the wait the answer asked for, else 1 ms
 * // { status: 429, message: 'Too many requests, please wait before trying again.', details: { type: 'ThrottlingException', ... } }
 * ```
 */
export function bedrockFailure(kind: FailureKind, retryAfterMs: number): TableFailure {
  return failureFrom(table, kind, retryAfterMs);
}

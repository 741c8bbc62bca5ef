import type { FailureKind } from '../services/spec/failures.js';
import type { WireErrorDetails } from './WireError.js';

/** A status and Bedrock's error, or a dropped connection. */
type BedrockFailure =
  { readonly status: number; readonly message: string; readonly details: WireErrorDetails } | 'drop';

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
export function bedrockFailure(kind: FailureKind, retryAfterMs: number): BedrockFailure {
  switch (kind) {
    case 'network':
      return 'drop';
    case 'rate_limit': {
      const headers = {
        'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
        'retry-after-ms': String(retryAfterMs),
      };
      return {
        status: 429,
        message: 'Too many requests, please wait before trying again.',
        details: { type: 'ThrottlingException', headers },
      };
    }
    case 'server':
      return {
        status: 503,
        message: 'Bedrock is unable to process your request.',
        details: { type: 'ServiceUnavailableException' },
      };
    case 'timeout':
      return {
        status: 408,
        message: 'Model has timed out in processing the request. Try your request again.',
        details: { type: 'ModelTimeoutException' },
      };
    case 'auth':
      return {
        status: 403,
        message: "You don't have access to the model with the specified model ID.",
        details: { type: 'AccessDeniedException' },
      };
    case 'context_length':
      return {
        status: 400,
        message: 'Input is too long for requested model.',
        details: { type: 'ValidationException' },
      };
    case 'content_filter':
      return {
        status: 400,
        message: 'The request was blocked by a content filter.',
        details: { type: 'ValidationException' },
      };
    case 'bad_request':
      return { status: 400, message: 'The request is invalid.', details: { type: 'ValidationException' } };
    case 'unknown':
      return {
        status: 500,
        message: 'An internal server error occurred.',
        details: { type: 'InternalServerException', retry: false },
      };
  }
}

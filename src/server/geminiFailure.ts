import type { FailureKind } from '../services/spec/failures.js';
import type { WireErrorDetails } from './WireError.js';

/** One failure as Gemini answers it: the HTTP status, its message and its RPC status (as the type). */
type GeminiFailure = { readonly status: number; readonly message: string; readonly details: WireErrorDetails } | 'drop';

const INVALID = 'INVALID_ARGUMENT';

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
export function geminiFailure(kind: FailureKind, retryAfterMs: number): GeminiFailure {
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
        message: 'Resource has been exhausted (e.g. check quota).',
        details: { type: 'RESOURCE_EXHAUSTED', headers },
      };
    }
    case 'server':
      return {
        status: 503,
        message: 'The model is overloaded. Please try again later.',
        details: { type: 'UNAVAILABLE' },
      };
    case 'timeout':
      return {
        status: 504,
        message: 'Deadline expired before operation could complete.',
        details: { type: 'DEADLINE_EXCEEDED' },
      };
    case 'auth':
      return { status: 400, message: 'API key not valid. Please pass a valid API key.', details: { type: INVALID } };
    case 'context_length':
      return {
        status: 400,
        message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
        details: { type: INVALID },
      };
    case 'content_filter':
      return { status: 400, message: 'The request was blocked by the safety filters.', details: { type: INVALID } };
    case 'bad_request':
      return { status: 400, message: 'Request contains an invalid argument.', details: { type: INVALID } };
    case 'unknown':
      return {
        status: 500,
        message:
          'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
        details: { type: 'INTERNAL', retry: false },
      };
  }
}

import type { FailureKind } from '../services/spec/failures.js';
import type { Dialect } from './dialect.js';
import { azureFailure } from './azureErrors.js';
import { geminiFailure } from './geminiFailure.js';
import type { WireErrorDetails } from './WireError.js';
import { bedrockFailure } from './bedrockFailure.js';

/** How one failure kind is answered on the wire: a status and the provider's error, or a dropped connection. */
export type WireFailure =
  { readonly status: number; readonly message: string; readonly details: WireErrorDetails } | 'drop';

/**
 * The retry hint a rate limit gives when its answer names none, in ms: a client that reads
 * `retry-after-ms` (the official ones, the AI SDK) retries at once, so a scripted rate limit costs
 * a test no sleep. (A hint of 0 would not do: those clients take it as no hint and back off.)
 */
export const DEFAULT_RETRY_AFTER_MS = 1;

/**
 * The provider's real answer to an answer's `fail` kind: `rate_limit` is a 429 with `retry-after`
 * and `retry-after-ms`; `server` a 500 (Anthropic: 529 overloaded); `timeout` a 408 (Anthropic:
 * 504); `auth` a 401; `context_length` a 400 with the provider's code; `bad_request` and
 * `content_filter` a 400; `unknown` a 500 no client retries; `network` drops the connection.
 *
 * @example
 * ```ts
 * wireFailure('rate_limit', 5, 'openai');
 * // { status: 429, details: { type: 'requests', code: 'rate_limit_exceeded', headers: { 'retry-after': '1', 'retry-after-ms': '5' } }, ... }
 * ```
 */
export function wireFailure(kind: FailureKind, retryAfterMs: number | undefined, dialect: Dialect): WireFailure {
  if (dialect === 'azure') return azureFailure(kind, retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
  if (dialect === 'bedrock') return bedrockFailure(kind, retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
  if (dialect === 'gemini') return geminiFailure(kind, retryAfterMs ?? DEFAULT_RETRY_AFTER_MS);
  const anthropic = dialect === 'anthropic';
  const typesafe = dialect === 'systemone';
  switch (kind) {
    case 'network':
      return 'drop';
    case 'rate_limit': {
      const ms = retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
      const headers = { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))), 'retry-after-ms': String(ms) };
      return anthropic
        ? {
            status: 429,
            message: 'Number of requests has exceeded your rate limit.',
            details: { type: 'rate_limit_error', headers },
          }
        : {
            status: 429,
            message: 'Rate limit reached for requests. Please try again later.',
            details: { type: 'requests', code: 'rate_limit_exceeded', headers },
          };
    }
    case 'server':
      if (anthropic) return { status: 529, message: 'Overloaded', details: { type: 'overloaded_error' } };
      return {
        status: 500,
        message: 'The server had an error while processing your request.',
        details: { type: 'server_error', code: 'server_error' },
      };
    case 'timeout':
      if (anthropic) return { status: 504, message: 'Request timed out.', details: { type: 'timeout_error' } };
      return { status: 408, message: 'Request timed out.', details: { type: 'timeout_error', code: 'timeout' } };
    case 'auth':
      if (anthropic) return { status: 401, message: 'invalid x-api-key', details: { type: 'authentication_error' } };
      return {
        status: 401,
        message: 'Incorrect API key provided.',
        details: { type: 'invalid_request_error', code: 'invalid_api_key' },
      };
    case 'context_length':
      if (anthropic)
        return {
          status: 400,
          message: 'prompt is too long: 210000 tokens > 200000 maximum',
          details: { type: 'invalid_request_error' },
        };
      if (typesafe)
        return {
          status: 400,
          message: 'The state is longer than the model can read.',
          details: { type: 'invalid_request_error', code: 'max_tokens_exceeded' },
        };
      return {
        status: 400,
        message:
          "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. " +
          'Please reduce the length of the messages.',
        details: { type: 'invalid_request_error', code: 'context_length_exceeded', param: 'messages' },
      };
    case 'content_filter':
      return {
        status: 400,
        message: 'The request was rejected by the content filter.',
        details: { type: 'invalid_request_error', code: 'content_filter' },
      };
    case 'bad_request':
      return {
        status: 400,
        message: 'The request is invalid.',
        details: { type: 'invalid_request_error', code: 'invalid_request' },
      };
    case 'unknown':
      return {
        status: 500,
        message: 'An unknown error occurred.',
        details: { type: anthropic ? 'api_error' : 'server_error', retry: false },
      };
  }
}

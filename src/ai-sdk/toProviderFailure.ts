import { APICallError, AISDKError } from '@ai-sdk/provider';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import type { FailureKind } from '../services/spec/failures.js';
import type { ErrorReport } from '../services/providers/http/ErrorReport.js';
import { bodyReport, errorReport } from '../services/providers/http/ErrorReport.js';
import { failureKind } from '../services/providers/http/failureKind.js';
import { redact } from '../services/providers/http/redact.js';
import { retryAfterMs } from '../services/providers/http/retryAfter.js';

/** AI SDK errors that say the provider's answer broke its protocol. */
const malformed = new Set([
  'AI_JSONParseError',
  'AI_TypeValidationError',
  'AI_InvalidResponseDataError',
  'AI_EmptyResponseBodyError',
]);

/** AI SDK errors that say the request asks for what the provider cannot do. */
const refused = new Set(['AI_UnsupportedFunctionalityError', 'AI_InvalidPromptError']);

/**
 * What standin's engine sees of an error from an AI SDK model. An `APICallError` becomes a `ProviderFailure` whose kind
 * comes from its status code and from what the provider's error body said (its message, type and code) as for standin's
 * own adapters (429 `rate_limit`, 5xx `server`, 401 `auth`, `content_filter` codes, context-window messages, ...; no
 * status is `network` when the AI SDK marked it retryable, `unknown` otherwise), with `retryAfterMs` from its
 * `retry-after-ms` or `retry-after` header. An error the provider sent inside its stream (an object with a message) is
 * of the kind its type or code names. An answer the AI SDK could not parse is `server` on the first attempt and
 * `unknown` after, as a malformed answer is for standin's adapters; a request the provider cannot take
 * (`UnsupportedFunctionalityError`, `InvalidPromptError`) is `bad_request`; a missing API key (`LoadAPIKeyError`) is
 * `auth`. The AI SDK error is not kept as the cause, since it holds the request body and headers, and each of `secrets`
 * (the API keys in play) is taken out of the message. Anything else (an abort, a `StandinError`) is answered as it is.
 *
 * @example
 * ```ts
 * const error = new APICallError({ message: 'Too many requests', url, requestBodyValues: {}, statusCode: 429 });
 * toProviderFailure(error, 'gemini', Date.now()).kind; // 'rate_limit'
 * ```
 */
export function toProviderFailure(
  error: unknown,
  provider: string,
  now: number,
  secrets: readonly (string | undefined)[] = [],
  attempt = 1,
): unknown {
  const clean = (message: string): string =>
    secrets.reduce<string>((text, secret) => redact(text, secret), `${provider}: ${message}`);
  const failure = (kind: FailureKind, message: string, status?: number, wait?: number) =>
    new ProviderFailure(kind, clean(message), { status, retryAfterMs: wait, provider });
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const body =
      error.responseBody !== undefined && error.responseBody !== '' ? bodyReport(error.responseBody) : undefined;
    const report: ErrorReport = { ...body, message: error.message };
    const kind = status !== undefined ? failureKind(status, report) : error.isRetryable ? 'network' : 'unknown';
    const wait =
      error.responseHeaders !== undefined ? retryAfterMs(new Headers(error.responseHeaders), now) : undefined;
    return failure(kind, error.message, status, wait);
  }
  if (AISDKError.isInstance(error)) {
    if (error.name === 'AI_LoadAPIKeyError') return failure('auth', error.message);
    if (malformed.has(error.name))
      return failure(attempt <= 1 ? 'server' : 'unknown', `malformed answer: ${error.message}`);
    if (refused.has(error.name)) return failure('bad_request', error.message);
    return error;
  }
  // A provider's own error event, handed on by the AI SDK as it came.
  const sent = !(error instanceof Error) ? errorReport(error) : undefined;
  if (sent !== undefined) return failure(failureKind(undefined, sent), `the provider sent an error: ${sent.message}`);
  return error;
}

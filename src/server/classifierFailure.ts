import type { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import { dropConnection, sendBytes, sendJson } from './respond.js';
import { errorBody, type Dialect } from './dialect.js';
import { wireFailure, type WireFailure } from './failures.js';
import type { WireContext } from './WireContext.js';

/**
 * Answers a classifier script's failure as the provider would, so the real classifier adapter
 * reads back the reason the script named: `authentication_failed` a 401; `rate_limited` a 429
 * with `retry-after` and `retry-after-ms`; `invalid_request` a 400; `context_length_exceeded` a
 * 400 with the provider's code (TypeSafe's `max_tokens_exceeded`); `provider_unavailable` a 500;
 * `timeout` a 504 `timeout_error`; `network_error` a dropped connection; `malformed_response` a
 * 200 whose body is not JSON; `unknown` a 400 the adapters read as no other reason. The
 * script's message is the error's message.
 *
 * @example
 * ```ts
 * classifierFailure(context, new ClassificationAdapterError('rate_limited', { retryAfterMs: 20 }));
 * ```
 */
export function classifierFailure(context: WireContext, error: ClassificationAdapterError): void {
  const { response, dialect } = context;
  if (error.reason === 'network_error') {
    dropConnection(response);
    return;
  }
  if (error.reason === 'malformed_response') {
    sendBytes(response, 200, `not JSON: ${error.message}`, {
      'content-type': 'application/json',
      ...requestIdHeader(dialect, context.responseId),
    });
    return;
  }
  const wire = failureOf(error, dialect);
  if (wire === 'drop') return;
  const headers: Record<string, string> = { ...requestIdHeader(dialect, context.responseId), ...wire.details.headers };
  if (wire.details.retry === false) headers['x-should-retry'] = 'false';
  sendJson(
    response,
    wire.status,
    errorBody(dialect, `${error.message} (scripted ${error.reason})`, wire.details, context.responseId),
    headers,
  );
}

function failureOf(error: ClassificationAdapterError, dialect: Dialect): WireFailure {
  switch (error.reason) {
    case 'authentication_failed':
      return wireFailure('auth', undefined, dialect);
    case 'rate_limited':
      return wireFailure('rate_limit', error.retryAfterMs ?? undefined, dialect);
    case 'invalid_request':
      return wireFailure('bad_request', undefined, dialect);
    case 'context_length_exceeded':
      return wireFailure('context_length', undefined, dialect);
    case 'timeout':
      return { status: 504, message: 'Request timed out.', details: { type: 'timeout_error', code: 'timeout_error' } };
    case 'unknown':
      // The adapters read no status as `unknown`; a content-filter refusal is the one 4xx they do.
      return {
        status: 400,
        message: 'The request was refused.',
        details: { type: 'content_filter', code: 'content_filter', retry: false },
      };
    default:
      return {
        status: 500,
        message: 'The server had an error while processing your request.',
        details: { type: 'server_error', code: 'server_error' },
      };
  }
}

/** The header each classifier API names its request id in. */
function requestIdHeader(dialect: Dialect, id: string): Record<string, string> {
  return dialect === 'systemone' ? { 'x-typesafe-request-id': id } : { 'x-request-id': id };
}

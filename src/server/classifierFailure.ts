import type { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import { sendBytes } from './respond.js';
import { failureAnswer, type FailureAnswer } from '../protocols/failures.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';
import { answerFailure } from './refuse.js';
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
  const { response, dialect, responseId } = context;
  if (error.reason === 'malformed_response') {
    sendBytes(response, 200, `not JSON: ${error.message}`, {
      'content-type': 'application/json',
      ...dialect.headers(responseId),
    });
    return;
  }
  answerFailure(
    response,
    dialect,
    responseId,
    failureOf(error, dialect),
    `${error.message} (scripted ${error.reason})`,
  );
}

function failureOf(error: ClassificationAdapterError, dialect: DialectAnswers): FailureAnswer {
  switch (error.reason) {
    case 'network_error':
      return 'drop';
    case 'authentication_failed':
      return failureAnswer(dialect.failures, 'auth');
    case 'rate_limited':
      return failureAnswer(dialect.failures, 'rate_limit', error.retryAfterMs ?? undefined);
    case 'invalid_request':
      return failureAnswer(dialect.failures, 'bad_request');
    case 'context_length_exceeded':
      return failureAnswer(dialect.failures, 'context_length');
    case 'timeout':
      return { status: 504, message: 'Request timed out.', type: 'timeout_error', code: 'timeout_error' };
    case 'unknown':
      // The adapters read no status as `unknown`; a content-filter refusal is the one 4xx they do.
      return {
        status: 400,
        message: 'The request was refused.',
        type: 'content_filter',
        code: 'content_filter',
        retry: false,
      };
    default:
      return {
        status: 500,
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        code: 'server_error',
      };
  }
}

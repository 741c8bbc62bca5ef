import type { ClassificationAdapterError } from '../services/classification/ClassificationAdapterError.js';
import type { ClassificationReason, FailureKind } from '../services/spec/failures.js';
import { failureAnswer } from '../protocols/failures.js';
import { sendBytes } from './respond.js';
import { answerFailure } from './refuse.js';
import type { WireContext } from './WireContext.js';

/** The failure kind each classification reason is answered as: the inverse of the reason each kind reads back as. */
const kinds: Readonly<Record<Exclude<ClassificationReason, 'malformed_response'>, FailureKind>> = {
  authentication_failed: 'auth',
  rate_limited: 'rate_limit',
  invalid_request: 'bad_request',
  context_length_exceeded: 'context_length',
  provider_unavailable: 'server',
  timeout: 'timeout',
  network_error: 'network',
  unknown: 'unknown',
};

/**
 * A script's failure as the provider answers it, so the real adapter reads back the scripted reason: each reason is its
 * kind's row in the dialect's failure table; `malformed_response` is a 200 that is not JSON.
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
  const answer = failureAnswer(dialect.failures, kinds[error.reason], error.retryAfterMs ?? undefined);
  // The row's words come first: the adapter finds the row by them.
  const message = answer === 'drop' ? undefined : `${answer.message} (scripted ${error.reason}: ${error.message})`;
  answerFailure(response, dialect, responseId, answer, message);
}

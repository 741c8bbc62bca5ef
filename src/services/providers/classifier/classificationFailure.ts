import type { ProviderFailure } from '../../../errors/ProviderFailure.js';
import type { ReasonOfKind } from '../../spec/failures.js';
import {
  ClassificationAdapterError,
  retryableClassificationReasons,
} from '../../classification/ClassificationAdapterError.js';
import type { ErrorReport } from '../http/ErrorReport.js';
import { bareMessage } from '../../../errors/StandinError.js';

/** The classification reason of each provider failure kind, as the spec's {@link ReasonOfKind} states it. */
export const reasons: ReasonOfKind = {
  auth: 'authentication_failed',
  rate_limit: 'rate_limited',
  bad_request: 'invalid_request',
  context_length: 'context_length_exceeded',
  server: 'provider_unavailable',
  timeout: 'timeout',
  network: 'network_error',
  content_filter: 'unknown',
  unknown: 'unknown',
};

/**
 * A failed exchange of a real classifier said as the classifier contract says it: a
 * {@link ClassificationAdapterError} whose reason follows the kind the shared failure mapping
 * gave (401/403 and an exhausted quota `authentication_failed`; 429 `rate_limited`; other 4xx
 * `invalid_request`; 408, 409, 5xx and 529 `provider_unavailable`; timeouts, network errors),
 * with one rule of the classification APIs on top: a 400 or 422 whose error type is
 * `max_tokens_exceeded` (TypeSafe's `detail.error_type`) is `context_length_exceeded`.
 * An `x-should-retry` the failure carries decides `retryable` over the reason.
 * The message is the failure's, already clean of the key; `metadata` holds the status, the
 * provider's error type and code, its request id and the caller's `requestId`, as plain data.
 */
export function classificationFailure(
  failure: ProviderFailure,
  report: ErrorReport | undefined,
  requestId: string | undefined,
  clean: (text: string) => string = (text) => text,
): ClassificationAdapterError {
  const status =
    failure.status !== undefined && failure.status >= 100 && failure.status <= 599 ? failure.status : undefined;
  const maxTokens = (status === 400 || status === 422) && report?.type === 'max_tokens_exceeded';
  const reason = maxTokens ? 'context_length_exceeded' : reasons[failure.kind];
  const metadata: Record<string, unknown> = {};
  if (status !== undefined) metadata.status = status;
  if (report?.type !== undefined) metadata.errorType = report.type;
  if (report?.code !== undefined) metadata.errorCode = report.code;
  if (failure.requestId !== undefined) metadata.providerRequestId = failure.requestId;
  if (requestId !== undefined) metadata.requestId = requestId;
  if (failure.kind === 'timeout' || failure.kind === 'network') metadata.transport = failure.kind;
  if (failure.kind === 'content_filter') metadata.cause = 'content_filter';
  // The provider's own `x-should-retry` carries over; otherwise the reason decides, as the kind did.
  const retryable =
    failure.retryable === retryableClassificationReasons.has(reason) ? {} : { retryable: failure.retryable };
  return new ClassificationAdapterError(reason, {
    message: clean(bareMessage(failure)),
    provider: failure.provider,
    status,
    retryAfterMs: failure.retryAfterMs,
    metadata,
    ...retryable,
  });
}

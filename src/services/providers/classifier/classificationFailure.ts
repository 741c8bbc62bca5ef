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
 * A real classifier's failed exchange as a {@link ClassificationAdapterError}: its reason follows the shared failure
 * kind, except a 400 or 422 typed `max_tokens_exceeded` (TypeSafe's `detail.error_type`), which is
 * `context_length_exceeded`; an `x-should-retry` decides `retryable`. `metadata` holds the status, error type and code
 * and both request ids.
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

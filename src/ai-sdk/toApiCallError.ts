import { APICallError } from '@ai-sdk/provider';
import { CallFailed } from '../errors/CallFailed.js';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import type { FailureKind } from '../services/spec/failures.js';

/** The HTTP status a failure of each kind stands for, when the failure carries none (a faked one). */
const statusOfKind: Readonly<Partial<Record<FailureKind, number>>> = {
  rate_limit: 429,
  server: 503,
  timeout: 504,
  auth: 401,
  bad_request: 400,
  context_length: 400,
  content_filter: 400,
};

/**
 * What the AI SDK sees of an error from standin's engine. A provider failure that survived standin's retries and
 * fallback (`CallFailed`, or a bare `ProviderFailure`) becomes a non-retryable `APICallError` carrying the status (the
 * kind's usual one when the failure had none), standin's message, a `retry-after-ms` header when the provider asked to
 * wait, and the standin error as `cause`: the AI SDK must not retry with real sleeps what standin already retried on
 * its clock. Any other error (a `StandinError` such as `T0013`, an abort) is thrown as it is.
 *
 * @example
 * ```ts
 * try { await app.reply('writer', input); } catch (error) { throw toApiCallError(error, 'writer'); }
 * ```
 */
export function toApiCallError(error: unknown, model: string): unknown {
  const failure = error instanceof CallFailed ? error.cause : error;
  if (!(failure instanceof ProviderFailure)) return error;
  const headers: Record<string, string> = {};
  if (failure.retryAfterMs !== undefined) headers['retry-after-ms'] = String(failure.retryAfterMs);
  const statusCode = failure.status ?? statusOfKind[failure.kind];
  return new APICallError({
    message: (error as Error).message,
    url: `standin:${model}`,
    requestBodyValues: undefined,
    ...(statusCode !== undefined ? { statusCode } : {}),
    responseHeaders: headers,
    isRetryable: false,
    cause: error,
    data: { code: (error as CallFailed | ProviderFailure).code, kind: failure.kind },
  });
}

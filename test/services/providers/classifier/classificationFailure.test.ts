import { describe, expect, it } from 'vitest';
import { ClassificationAdapterError, ProviderFailure, type FailureKind } from '../../../../src/index.js';
import { classificationFailure } from '../../../../src/services/providers/classifier/classificationFailure.js';

const failed = (kind: FailureKind, status?: number, retryAfterMs?: number) =>
  new ProviderFailure(kind, `typesafe: HTTP ${status ?? '-'}: went wrong`, {
    provider: 'typesafe',
    status,
    retryAfterMs,
    requestId: 'ts-1',
  });

describe(classificationFailure, () => {
  it.each([
    ['auth', 401, 'authentication_failed'],
    ['rate_limit', 429, 'rate_limited'],
    ['bad_request', 400, 'invalid_request'],
    ['context_length', 400, 'context_length_exceeded'],
    ['server', 529, 'provider_unavailable'],
    ['timeout', undefined, 'timeout'],
    ['network', undefined, 'network_error'],
    ['content_filter', 400, 'unknown'],
    ['unknown', 307, 'unknown'],
  ] as const)('a %s failure (%s) is %s', (kind, status, reason) => {
    const error = classificationFailure(failed(kind, status), undefined, undefined);
    expect(error).toBeInstanceOf(ClassificationAdapterError);
    expect(error).toMatchObject({ reason, provider: 'typesafe', status: status ?? null });
  });

  it('a 400 or 422 whose error type is max_tokens_exceeded is context_length_exceeded, whatever kind the status gave', () => {
    for (const status of [400, 422]) {
      expect(
        classificationFailure(
          failed('bad_request', status),
          { message: 'too long', type: 'max_tokens_exceeded' },
          undefined,
        ).reason,
      ).toBe('context_length_exceeded');
    }
    expect(
      classificationFailure(failed('server', 500), { message: 'too long', type: 'max_tokens_exceeded' }, undefined)
        .reason,
    ).toBe('provider_unavailable');
  });

  it('keeps retryAfterMs, the message, and names status, error type and code, both request ids and the transport in metadata', () => {
    const error = classificationFailure(
      failed('rate_limit', 429, 2000),
      { message: 'slow down', type: 'requests', code: 'rate_limit_exceeded' },
      'call-1',
    );
    expect(error).toMatchObject({
      reason: 'rate_limited',
      retryAfterMs: 2000,
      message: 'K0008: typesafe: HTTP 429: went wrong',
    });
    expect(error.metadata).toEqual({
      status: 429,
      errorType: 'requests',
      errorCode: 'rate_limit_exceeded',
      providerRequestId: 'ts-1',
      requestId: 'call-1',
    });
    expect(classificationFailure(failed('timeout'), undefined, undefined).metadata).toEqual({
      providerRequestId: 'ts-1',
      transport: 'timeout',
    });
    expect(classificationFailure(failed('content_filter', 400), undefined, undefined).metadata).toMatchObject({
      cause: 'content_filter',
    });
  });

  it('runs the message through clean', () => {
    expect(
      classificationFailure(failed('auth', 401), undefined, undefined, (text) => text.replace('wrong', '[redacted]'))
        .message,
    ).toBe('K0008: typesafe: HTTP 401: went [redacted]');
  });
});

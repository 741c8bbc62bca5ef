import { CallFailed, ClassificationAdapterError, ProviderFailure, StandinError, type FailureKind } from 'standin';
import { describe, expect, it } from 'vitest';
import { httpErrorOf } from '../src/errors/httpErrorOf.js';

const failed = (kind: FailureKind, retryAfterMs?: number) =>
  new CallFailed(
    'writer',
    [{ model: 'writer', attempt: 1, kind, message: 'no' }],
    new ProviderFailure(kind, 'no', retryAfterMs === undefined ? {} : { retryAfterMs }),
  );

describe(httpErrorOf, () => {
  it('answers a call that failed on every model with 502, naming each attempt', () => {
    expect(httpErrorOf(failed('server'))).toEqual({
      status: 502,
      body: {
        statusCode: 502,
        error: 'Bad Gateway',
        code: 'E0005',
        message: 'The writer model could not answer (writer attempt 1: server).',
      },
    });
  });

  it('answers a timeout with 504, and a rate limit with 503 and Retry-After', () => {
    expect(httpErrorOf(failed('timeout')).status).toBe(504);
    expect(httpErrorOf(failed('rate_limit', 2500))).toMatchObject({
      status: 503,
      retryAfterSeconds: 3,
      body: { error: 'Service Unavailable' },
    });
    expect(httpErrorOf(failed('rate_limit'))).not.toHaveProperty('retryAfterSeconds');
  });

  it.each([
    ['timeout', 504],
    ['rate_limited', 503],
    ['provider_unavailable', 503],
    ['authentication_failed', 502],
    ['malformed_response', 502],
    ['unknown', 502],
  ] as const)('answers a classifier that failed with %s with %i', (reason, status) => {
    const { status: got, body } = httpErrorOf(new ClassificationAdapterError(reason, { provider: 'typesafe' }));
    expect(got).toBe(status);
    expect(body).toMatchObject({ code: 'K0008', message: expect.stringContaining(reason) });
  });

  it('answers AI services not set up for the call with 503', () => {
    expect(httpErrorOf(new StandinError('E0008', 'A real call in a test app.'))).toMatchObject({
      status: 503,
      body: {
        code: 'E0008',
        message: "The help desk's AI services are not set up for this call: E0008: A real call in a test app.",
      },
    });
  });

  it('answers any other standin error — an answer it cannot use, a fake’s mistake — with 502 and the error’s own message', () => {
    expect(httpErrorOf(new StandinError('T0013', 'The fake ran past its 2 answers.'))).toEqual({
      status: 502,
      body: {
        statusCode: 502,
        error: 'Bad Gateway',
        code: 'T0013',
        message: "The help desk's AI service failed: T0013: The fake ran past its 2 answers.",
      },
    });
  });
});

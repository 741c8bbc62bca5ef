import { describe, expect, it } from 'vitest';
import { ClassificationAdapterError, StandinError } from '../../../src/index.js';
import { classificationReasons } from '../../../src/services/classification/ClassificationAdapterError.js';

describe(ClassificationAdapterError, () => {
  it("has ALLM's nine reasons, in order", () => {
    expect(classificationReasons).toEqual([
      'authentication_failed',
      'rate_limited',
      'invalid_request',
      'context_length_exceeded',
      'provider_unavailable',
      'timeout',
      'network_error',
      'malformed_response',
      'unknown',
    ]);
  });

  it.each(classificationReasons.map((r) => [r]))('is made with reason %s', (reason) => {
    const error = new ClassificationAdapterError(reason);
    expect(error.reason).toBe(reason);
    expect(error).toBeInstanceOf(StandinError);
    expect(error.code).toBe('K0008');
    expect(error.name).toBe('ClassificationAdapterError');
  });

  it('an unknown reason throws, listing the legal ones', () => {
    try {
      new ClassificationAdapterError('no_scripted_response' as never);
      throw new Error('expected a throw');
    } catch (error) {
      expect((error as StandinError).code).toBe('K0009');
      expect((error as StandinError).message).toContain("unknown reason 'no_scripted_response'");
      expect((error as StandinError).message).toContain(classificationReasons.join(', '));
    }
    expect(() => new ClassificationAdapterError(undefined as never)).toThrow(
      expect.objectContaining({ code: 'K0009' }),
    );
  });

  it('carries message, provider, status, retryAfterMs, cause and metadata', () => {
    const cause = { upstream: 'timeout' };
    const error = new ClassificationAdapterError('rate_limited', {
      message: 'slow down',
      provider: 'typesafe',
      status: 429,
      retryAfterMs: 2000,
      cause,
      metadata: { status: 429 },
    });
    expect(error).toMatchObject({
      message: 'K0008: slow down',
      provider: 'typesafe',
      status: 429,
      retryAfterMs: 2000,
      metadata: { status: 429 },
    });
    expect(error.cause).toBe(cause);
  });

  it('leaves what it was not given null (metadata {}), and makes a message from the reason and provider', () => {
    const bare = new ClassificationAdapterError('timeout');
    expect(bare).toMatchObject({
      message: 'K0008: classification adapter error: timeout',
      provider: null,
      status: null,
      retryAfterMs: null,
      metadata: {},
    });
    expect('cause' in bare).toBe(false);
    expect(new ClassificationAdapterError('timeout', { provider: 'typesafe', message: '' }).message).toBe(
      'K0008: classification adapter error (typesafe): timeout',
    );
  });

  it('is retryable for rate_limited, provider_unavailable, timeout and network_error only', () => {
    const retryable = classificationReasons.filter((reason) => new ClassificationAdapterError(reason).retryable);
    expect(retryable).toEqual(['rate_limited', 'provider_unavailable', 'timeout', 'network_error']);
  });

  it("takes the provider's own word on retrying over its reason's", () => {
    expect(new ClassificationAdapterError('provider_unavailable', { retryable: false }).retryable).toBe(false);
    expect(new ClassificationAdapterError('invalid_request', { retryable: true }).retryable).toBe(true);
    expect(() => new ClassificationAdapterError('timeout', { retryable: 'yes' } as never)).toThrow(
      expect.objectContaining({ code: 'K0002' }),
    );
  });

  it('rejects options of the wrong type', () => {
    expect(() => new ClassificationAdapterError('timeout', { status: 'x' } as never)).toThrow(/options\.status/);
    expect(() => new ClassificationAdapterError('timeout', { retryAfterMs: -1 })).toThrow(
      expect.objectContaining({ code: 'K0002' }),
    );
    expect(() => new ClassificationAdapterError('timeout', { reason: 'x' } as never)).toThrow(
      expect.objectContaining({ code: 'K0002' }),
    );
  });
});

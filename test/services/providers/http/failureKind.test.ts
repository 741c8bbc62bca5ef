import { describe, expect, it } from 'vitest';
import { failureKind } from '../../../../src/services/providers/http/failureKind.js';

describe('failureKind', () => {
  describe('by AWS error name', () => {
    it.each([
      [408, 'ModelTimeoutException', 'Model has timed out.', 'timeout'],
      [undefined, 'ThrottlingException', 'Too many tokens, please wait before trying again.', 'rate_limit'],
      [424, 'ModelErrorException', 'The model failed.', 'server'],
      [400, 'ValidationException', 'Input is too long for requested model.', 'context_length'],
      [400, 'ValidationException', 'Malformed input request.', 'bad_request'],
    ] as const)('status %s, %s ("%s"), is %s', (status, type, message, kind) => {
      expect(failureKind(status, { message, type })).toBe(kind);
    });
  });

  describe('by HTTP status', () => {
    it.each([
      [401, 'auth'],
      [403, 'auth'],
      [429, 'rate_limit'],
      [408, 'server'],
      [409, 'server'],
      [500, 'server'],
      [502, 'server'],
      [503, 'server'],
      [504, 'server'],
      [529, 'server'],
      [400, 'bad_request'],
      [404, 'bad_request'],
      [413, 'bad_request'],
      [422, 'bad_request'],
      [302, 'unknown'],
    ] as const)('%i is %s', (status, kind) => {
      expect(failureKind(status, { message: 'something' })).toBe(kind);
    });
  });

  it('an insufficient_quota 429 is not retryable: auth', () => {
    expect(
      failureKind(429, {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      }),
    ).toBe('auth');
    expect(failureKind(429, { message: 'You exceeded your current quota.' })).toBe('auth');
  });

  it("Anthropic's billing_error and a 402 are auth", () => {
    expect(failureKind(400, { message: 'Your credit balance is too low', type: 'billing_error' })).toBe('auth');
    expect(failureKind(402, { message: 'Payment required' })).toBe('auth');
  });

  it('context-length 400s are context_length', () => {
    expect(
      failureKind(400, { message: 'Too long', type: 'invalid_request_error', code: 'context_length_exceeded' }),
    ).toBe('context_length');
    expect(
      failureKind(400, {
        message: 'prompt is too long: 210000 tokens > 200000 maximum',
        type: 'invalid_request_error',
      }),
    ).toBe('context_length');
    expect(
      failureKind(400, {
        message: "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens.",
      }),
    ).toBe('context_length');
  });

  it('a 429 that speaks of tokens per minute stays a rate limit', () => {
    expect(
      failureKind(429, {
        message: 'Rate limit reached on tokens per min (TPM): too many tokens',
        code: 'rate_limit_exceeded',
      }),
    ).toBe('rate_limit');
  });

  it('a content_filter code is content_filter', () => {
    expect(failureKind(400, { message: 'The response was filtered', code: 'content_filter' })).toBe('content_filter');
  });

  it("Anthropic's 504 timeout_error is timeout", () => {
    expect(failureKind(504, { message: 'Request timed out', type: 'timeout_error' })).toBe('timeout');
  });

  describe('for an error event inside a 200 stream', () => {
    it.each([
      ['overloaded_error', 'server'],
      ['api_error', 'server'],
      ['rate_limit_error', 'rate_limit'],
      ['timeout_error', 'timeout'],
      ['authentication_error', 'auth'],
      ['permission_error', 'auth'],
      ['invalid_request_error', 'bad_request'],
      ['not_found_error', 'bad_request'],
      ['request_too_large', 'bad_request'],
      ['something_new', 'server'],
    ] as const)('type %s is %s', (type, kind) => {
      expect(failureKind(undefined, { message: 'm', type })).toBe(kind);
    });
  });

  describe("Gemini's errors", () => {
    it("a 400 'API key not valid' is auth", () => {
      expect(
        failureKind(400, { message: 'API key not valid. Please pass a valid API key.', type: 'INVALID_ARGUMENT' }),
      ).toBe('auth');
    });

    it('a 400 whose token count exceeds the maximum is context_length', () => {
      const message = 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).';
      expect(failureKind(400, { message, type: 'INVALID_ARGUMENT' })).toBe('context_length');
    });

    it('a 504 DEADLINE_EXCEEDED is timeout', () => {
      expect(failureKind(504, { message: 'Deadline expired.', type: 'DEADLINE_EXCEEDED' })).toBe('timeout');
    });

    it.each([
      ['RESOURCE_EXHAUSTED', 'rate_limit'],
      ['UNAVAILABLE', 'server'],
      ['INTERNAL', 'server'],
      ['DEADLINE_EXCEEDED', 'timeout'],
      ['UNAUTHENTICATED', 'auth'],
      ['PERMISSION_DENIED', 'auth'],
      ['INVALID_ARGUMENT', 'bad_request'],
    ] as const)('a mid-stream error of status %s is %s', (type, kind) => {
      expect(failureKind(undefined, { message: 'm', type })).toBe(kind);
    });
  });
});

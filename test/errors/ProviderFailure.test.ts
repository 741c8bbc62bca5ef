import { describe, expect, it } from 'vitest';
import { failureKinds, ProviderFailure } from '../../src/errors/ProviderFailure.js';

describe(ProviderFailure, () => {
  describe('.retryable', () => {
    it('is what the kind says when the provider said nothing', () => {
      const retryable = Object.keys(failureKinds).filter(
        (kind) => new ProviderFailure(kind as keyof typeof failureKinds, 'x').retryable,
      );
      expect(retryable).toEqual(['server', 'rate_limit', 'timeout', 'network']);
    });

    it("is the provider's own word (x-should-retry) when it gave one", () => {
      expect(new ProviderFailure('server', 'overloaded', { retryable: false }).retryable).toBe(false);
      expect(new ProviderFailure('bad_request', 'try again', { retryable: true }).retryable).toBe(true);
    });
  });
});

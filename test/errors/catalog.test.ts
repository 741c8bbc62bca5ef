import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { code, ProviderFailure, StandinError } from '../../src/index.js';
import { catalog } from '../../src/conformance.js';
import { errorsDoc } from '../../scripts/errorsDoc.js';

describe('catalog', () => {
  it('is documented, one row per code, in docs/errors.md (run `npm run docs:errors` after adding a code)', () => {
    expect(readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8')).toBe(errorsDoc());
  });

  it('names every code with one letter and four digits', () => {
    for (const name of Object.keys(catalog)) expect(name).toMatch(/^[A-Z]\d{4}$/);
  });

  it('says for every code what it means and how to fix it', () => {
    for (const info of Object.values(catalog)) {
      expect(info.means.length).toBeGreaterThan(10);
      expect(info.fix.length).toBeGreaterThan(10);
    }
  });
});

describe('code', () => {
  it('maps every catalog code to itself', () => {
    expect(Object.keys(code).sort()).toEqual(Object.keys(catalog).sort());
    for (const [key, value] of Object.entries(code)) expect(value).toBe(key);
  });

  it('cannot be changed', () => {
    expect(Object.isFrozen(code)).toBe(true);
  });
});

describe(StandinError, () => {
  it('carries its code, message and cause', () => {
    const cause = new Error('inner');
    const error = new StandinError('C0001', 'bad config', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('C0001');
    expect(error.message).toBe('C0001: bad config');
    expect(error.cause).toBe(cause);
  });

  it('prints its name without an own property', () => {
    const error = new StandinError('C0001', 'bad config');
    expect(String(error)).toBe('StandinError: C0001: bad config');
    expect(Object.keys(error)).toEqual(['code']);
  });
});

describe(ProviderFailure, () => {
  it('is a StandinError with code P0001 and its kind', () => {
    const failure = new ProviderFailure('rate_limit', 'slow down', {
      retryAfterMs: 2000,
      status: 429,
      provider: 'openai',
      requestId: 'req-1',
    });
    expect(failure).toBeInstanceOf(StandinError);
    expect(failure.code).toBe('P0001');
    expect(failure).toMatchObject({
      kind: 'rate_limit',
      retryAfterMs: 2000,
      status: 429,
      provider: 'openai',
      requestId: 'req-1',
    });
    expect(String(failure)).toBe('ProviderFailure: P0001: slow down');
  });

  it.each([
    ['server', true],
    ['rate_limit', true],
    ['timeout', true],
    ['network', true],
    ['auth', false],
    ['bad_request', false],
    ['context_length', false],
    ['content_filter', false],
    ['unknown', false],
  ] as const)('kind %s is retryable: %s', (kind, retryable) => {
    expect(new ProviderFailure(kind, 'x').retryable).toBe(retryable);
  });

  it('rejects a kind that does not exist with P0002 and the kinds that do', () => {
    expect(() => new ProviderFailure('overloaded' as never, 'x')).toThrow(
      expect.objectContaining({
        code: 'P0002',
        message: expect.stringContaining(
          "'overloaded' is not a kind of provider failure. Use one of: server, rate_limit",
        ),
      }),
    );
  });
});

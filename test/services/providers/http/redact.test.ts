import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact } from '../../../../src/services/providers/http/redact.js';

const key = 'sk-abc12345secretwxyz';

describe('redact', () => {
  it('takes the whole key out', () => {
    expect(redact(`Incorrect API key provided: ${key}.`, key)).toBe('Incorrect API key provided: [redacted].');
  });

  it('takes out pieces of 8 or more characters a server echoes', () => {
    expect(redact('Incorrect API key provided: sk-abc12345****wxyz', key)).toBe('Incorrect API key provided: [redacted]****wxyz');
    expect(redact('key ...5secretw... rejected', key)).toBe('key ...[redacted]... rejected');
  });

  it('leaves a text without the key as it is', () => {
    expect(redact('Rate limit reached for requests', key)).toBe('Rate limit reached for requests');
    expect(redact('anything', undefined)).toBe('anything');
  });

  it('leaves no piece of 8 characters of the key in any text', () => {
    const keyChars = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEF0123456789-_'), minLength: 12, maxLength: 60 });
    fc.assert(
      fc.property(keyChars, fc.string(), fc.string(), fc.nat(), fc.nat(), (secret, before, after, from, length) => {
        const start = from % secret.length;
        const piece = secret.slice(start, start + 8 + (length % secret.length));
        const cleaned = redact(`${before}${piece}${after}${secret}`, secret);
        for (let i = 0; i + 8 <= secret.length; i++) expect(cleaned).not.toContain(secret.slice(i, i + 8));
      }),
    );
  });
});

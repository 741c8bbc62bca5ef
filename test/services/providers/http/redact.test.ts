import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redact, Redactor } from '../../../../src/services/providers/http/redact.js';

const key = 'sk-abc12345secretwxyz';

describe('redact', () => {
  it('takes the whole key out', () => {
    expect(redact(`Incorrect API key provided: ${key}.`, key)).toBe('Incorrect API key provided: [redacted].');
  });

  it('takes out pieces of 8 or more characters a server echoes', () => {
    expect(redact('Incorrect API key provided: sk-abc12345****wxyz', key)).toBe(
      'Incorrect API key provided: [redacted]****wxyz',
    );
    expect(redact('key ...5secretw... rejected', key)).toBe('key ...[redacted]... rejected');
  });

  it('leaves a text without the key as it is', () => {
    expect(redact('Rate limit reached for requests', key)).toBe('Rate limit reached for requests');
    expect(redact('anything', undefined)).toBe('anything');
  });

  it('leaves no piece of 8 characters of the key in any text', () => {
    const keyChars = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEF0123456789-_'),
      minLength: 12,
      maxLength: 60,
    });
    fc.assert(
      fc.property(keyChars, fc.string(), fc.string(), fc.nat(), fc.nat(), (secret, before, after, from, length) => {
        const start = from % secret.length;
        const piece = secret.slice(start, start + 8 + (length % secret.length));
        const cleaned = redact(`${before}${piece}${after}${secret}`, secret);
        for (let i = 0; i + 8 <= secret.length; i++) expect(cleaned).not.toContain(secret.slice(i, i + 8));
      }),
    );
  });

  it('takes pieces of the key out of a 10 MB text made of them, without overflowing the stack', () => {
    const text = key.slice(0, 12).repeat(900_000);
    expect(redact(`start ${text} end`, key)).toBe('start [redacted] end');
  });

  it('takes the key out of a 10 MB text in one pass, leaving the rest as it was', () => {
    const filler = 'The quick brown fox. '.repeat(500_000);
    const cleaned = redact(`${filler}${key}${filler}`, key);
    expect(cleaned).toBe(`${filler}[redacted]${filler}`);
  });
});

describe('Redactor', () => {
  const header = 'gw-session-7f3a9c1e5b2d8f4a';

  it('takes every secret out: the key, and each header value', () => {
    const redactor = new Redactor([key, header, undefined]);
    expect(redactor.clean(`key ${key}, session ${header}, start ${header.slice(0, 9)}`)).toBe(
      'key [redacted], session [redacted], start [redacted]',
    );
  });

  it('takes out a secret shorter than 8 characters where it appears whole', () => {
    expect(new Redactor(['s3cr3t']).clean('token s3cr3t here')).toBe('token [redacted] here');
  });

  it('finds a secret, and is empty with none', () => {
    expect(new Redactor([key]).finds(`a ${key.slice(2, 12)}`)).toBe(true);
    expect(new Redactor([key]).finds('nothing')).toBe(false);
    expect(new Redactor([undefined, '']).empty).toBe(true);
  });

  it('leaves no 8-character piece of any secret in any text', () => {
    const secretChars = fc.string({ unit: fc.constantFrom(...'abcdef0123456789-_'), minLength: 8, maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(secretChars, { minLength: 1, maxLength: 3 }),
        fc.array(fc.oneof(fc.string(), fc.nat()), { maxLength: 8 }),
        (secrets, bits) => {
          const text = bits
            .map((bit) => (typeof bit === 'number' ? secrets[bit % secrets.length]!.slice(bit % 5) : bit))
            .join('');
          const cleaned = new Redactor(secrets).clean(text);
          for (const secret of secrets)
            for (let i = 0; i + 8 <= secret.length; i++) expect(cleaned).not.toContain(secret.slice(i, i + 8));
        },
      ),
    );
  });
});

describe('Redactor, secrets in disguise', () => {
  it('takes out a key echoed in base64, at any byte alignment', () => {
    const redactor = new Redactor([key]);
    for (const prefix of ['', 'u', 'u:']) {
      const encoded = Buffer.from(`${prefix}${key}`).toString('base64');
      const cleaned = redactor.clean(`credential ${encoded} rejected`);
      expect(cleaned).toContain('[redacted]');
      // No 8-character run of the key's encoding (beyond the characters its neighbours change) is left.
      const middle = encoded.slice(4, encoded.length - 4);
      for (let at = 0; at + 8 <= middle.length; at++) expect(cleaned).not.toContain(middle.slice(at, at + 8));
    }
  });

  it('takes out a key in base64url', () => {
    const secret = 'sk-???>>>???>>>???>>>abc';
    const encoded = Buffer.from(secret).toString('base64url');
    expect(encoded).toMatch(/[-_]/);
    expect(new Redactor([secret]).clean(`token=${encoded}`)).not.toContain(encoded.slice(0, 12));
  });

  it('takes out a key spaced out one character at a time, in short runs, or broken over lines', () => {
    const redactor = new Redactor([key]);
    const spaced = [...key].join(' ');
    expect(redactor.clean(`you sent: ${spaced} (invalid)`)).toBe('you sent: [redacted] (invalid)');
    expect(redactor.clean(`key:\n${key.slice(0, 10)}\n${key.slice(10)}`)).toBe('key:\n[redacted]\n[redacted]');
    expect(
      redactor.clean(
        `key: ${key.slice(0, 3)} ${key.slice(3, 6)} ${key.slice(6, 9)} ${key.slice(9, 12)} ${key.slice(12, 15)} ${key.slice(15)} ok`,
      ),
    ).toBe('key: [redacted] ok');
  });

  it('leaves spaced-out text that holds no secret as it is', () => {
    expect(new Redactor([key]).clean('a b c d e f g h i j')).toBe('a b c d e f g h i j');
  });
});

describe('Redactor, short secrets', () => {
  it('masks a short header value only where it stands as a whole token', () => {
    const redactor = new Redactor(['act']);
    expect(redactor.clean('take action, act now: act')).toBe('take action, [redacted] now: [redacted]');
  });

  it('never masks a mask again', () => {
    for (const secret of ['e', 'red', 'act', 'redacted', '[redacted]', 'dacted]']) {
      expect(new Redactor([secret]).clean('[redacted] and [redacted]')).toBe('[redacted] and [redacted]');
    }
  });

  it('leaves the text around a short secret as it was', () => {
    expect(new Redactor(['ab1']).clean('cab1 ab12 ab1 x-ab1')).toBe('cab1 ab12 [redacted] x-[redacted]');
  });

  it('treats a secret with regular expression characters as text', () => {
    expect(new Redactor(['a.c']).clean('abc a.c')).toBe('abc [redacted]');
  });
});

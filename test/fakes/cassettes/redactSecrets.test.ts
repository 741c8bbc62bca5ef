import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../../../src/config/parseConfig.js';
import { scrubJson, secretScrubber } from '../../../src/fakes/cassettes/redactSecrets.js';

const KEY = 'sk-live-0123456789abcdefghij';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('secretScrubber', () => {
  const scrub = secretScrubber(parseConfig({ providers: { openai: { apiKey: KEY } } }), undefined);

  it('masks a key the config gives, and any 8-character piece of it', () => {
    expect(scrub(`key ${KEY} and its tail ${KEY.slice(-10)}`)).not.toMatch(/0123456789|cdefghij/);
  });

  it('masks a key from the adapters\' environment variables', () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'ant-secret-value-42');
    const fromEnv = secretScrubber(parseConfig({}), undefined);
    expect(fromEnv('sent ant-secret-value-42')).toBe('sent [redacted]');
  });

  it('masks credentials in URLs, auth headers and bearer tokens', () => {
    expect(scrub('https://user:pw@host.example/v1')).toBe('https://[redacted]@host.example/v1');
    expect(scrub('Authorization: Bearer abc.def.ghi')).toBe('Authorization: [redacted]');
    expect(scrub('{"x-api-key":"abc123"}')).toBe('{"x-api-key":"[redacted]"}');
    expect(scrub('token was Bearer abcdefgh12345678')).toBe('token was Bearer [redacted]');
  });

  it('leaves plain text alone', () => {
    expect(scrub('Open Settings, then Password. Mail help@example.com')).toBe('Open Settings, then Password. Mail help@example.com');
  });

  it("applies the user's redact last", () => {
    const withUser = secretScrubber(parseConfig({}), (text) => text.replaceAll('Alice', '[name]'));
    expect(withUser('Alice at https://a:b@c.d')).toBe('[name] at https://[redacted]@c.d');
  });
});

describe('scrubJson', () => {
  it('scrubs every string of a JSON value, keys included', () => {
    expect(scrubJson({ a: ['x-secret'], 'x-secret': 1, n: 2 }, (text) => text.replace('secret', '*'))).toEqual({ a: ['x-*'], 'x-*': 1, n: 2 });
  });
});

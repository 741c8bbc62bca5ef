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

  it("masks a key from the adapters' environment variables", () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'ant-secret-value-42');
    const fromEnv = secretScrubber(parseConfig({}), undefined);
    expect(fromEnv('sent ant-secret-value-42')).toBe('sent [redacted]');
  });

  it('masks the key of every adapter that reads one from the environment, Gemini and Azure OpenAI among them', () => {
    vi.stubEnv('GEMINI_API_KEY', 'gem-secret-value-42');
    vi.stubEnv('AZURE_OPENAI_API_KEY', 'azure-secret-value-42');
    const fromEnv = secretScrubber(parseConfig({}), undefined);
    expect(fromEnv('sent gem-secret-value-42 and azure-secret-value-42')).toBe('sent [redacted] and [redacted]');
  });

  it("masks a Bedrock provider's AWS credentials, from the config and from the AWS environment variables", () => {
    vi.stubEnv('AWS_SESSION_TOKEN', 'FwoGZXIvYXdzEBYaDenvtoken');
    const config = parseConfig({
      providers: { bedrock: { accessKeyId: 'AKIACASSETTE0001', secretAccessKey: 'cassette/secret/key/0123' } },
    });
    const aws = secretScrubber(config, undefined);
    expect(aws('id AKIACASSETTE0001 secret cassette/secret/key/0123 token FwoGZXIvYXdzEBYaDenvtoken')).toBe(
      'id [redacted] secret [redacted] token [redacted]',
    );
  });

  it('masks credentials in URLs, auth headers and bearer tokens', () => {
    expect(scrub('https://user:pw@host.example/v1')).toBe('https://[redacted]@host.example/v1');
    expect(scrub('Authorization: Bearer abc.def.ghi')).toBe('Authorization: [redacted]');
    expect(scrub('{"x-api-key":"abc123"}')).toBe('{"x-api-key":"[redacted]"}');
    expect(scrub('token was Bearer abcdefgh12345678')).toBe('token was Bearer [redacted]');
  });

  it('masks a basic credential: base64 of user:password', () => {
    const basic = Buffer.from('alice:s3cret-pass').toString('base64');
    expect(scrub(`sent Basic ${basic} along`)).toBe('sent Basic [redacted] along');
  });

  it('leaves prose after "basic" and "bearer" alone: "basic customers", "the bearer instrument"', () => {
    expect(scrub('For basic customers only')).toBe('For basic customers only');
    expect(scrub('Pay the bearer instrument.')).toBe('Pay the bearer instrument.');
  });

  it('leaves plain text alone', () => {
    expect(scrub('Open Settings, then Password. Mail help@example.com')).toBe(
      'Open Settings, then Password. Mail help@example.com',
    );
  });

  it("applies the user's redact last", () => {
    const withUser = secretScrubber(parseConfig({}), (text) => text.replaceAll('Alice', '[name]'));
    expect(withUser('Alice at https://a:b@c.d')).toBe('[name] at https://[redacted]@c.d');
  });
});

describe('scrubJson', () => {
  it('scrubs every string of a JSON value, keys included', () => {
    expect(scrubJson({ a: ['x-secret'], 'x-secret': 1, n: 2 }, (text) => text.replace('secret', '*'))).toEqual({
      a: ['x-*'],
      'x-*': 1,
      n: 2,
    });
  });
});

describe('secretScrubber, header values and the user redact', () => {
  it("masks each provider header's value, a short one only where it stands whole", () => {
    const scrub = secretScrubber(
      parseConfig({
        providers: { gateway: { headers: { 'x-gateway-token': 'gw-tok-7f3a9c1e5b2d', 'x-team': 'act' } } },
      }),
      undefined,
    );
    expect(scrub('sent x-gateway-token gw-tok-7f3a9c1e5b2d for team act')).toBe(
      'sent x-gateway-token [redacted] for team [redacted]',
    );
    expect(scrub('take action')).toBe('take action');
  });

  it('never masks the mask again', () => {
    const scrub = secretScrubber(
      parseConfig({ providers: { gateway: { headers: { a: 'e', b: 'red', c: 'act' } } } }),
      undefined,
    );
    expect(scrub('Authorization: Bearer abcdefgh12345678')).toBe('Authorization: [redacted]');
  });

  it.each([
    [
      'throws',
      () => {
        throw new TypeError('boom');
      },
      'threw (a TypeError)',
    ],
    ['answers a number', () => 42 as unknown as string, 'answered a number, not a string'],
  ])('turns a redact that %s into V0008', (_, redact, said) => {
    const scrub = secretScrubber(parseConfig({}), redact);
    let error: unknown;
    try {
      scrub('hello');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toMatchObject({ code: 'V0008' });
    expect((error as Error).message).toContain(said);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { StandinError } from '../../../../src/index.js';
import { apiKey } from '../../../../src/services/providers/http/apiKey.js';

describe('apiKey', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('answers the key the config gave', () => {
    vi.stubEnv('OPENAI_API_KEY', 'from-env');
    expect(apiKey({ provider: 'openai', given: 'from-config', variable: 'OPENAI_API_KEY', ownURL: true })).toBe(
      'from-config',
    );
  });

  it("reads the environment variable for the vendor's own URL", () => {
    vi.stubEnv('OPENAI_API_KEY', 'from-env');
    expect(apiKey({ provider: 'openai', given: undefined, variable: 'OPENAI_API_KEY', ownURL: true })).toBe('from-env');
  });

  it('reads no environment variable for a custom baseURL: the vendor key never goes to another host', () => {
    vi.stubEnv('OPENAI_API_KEY', 'from-env');
    expect(apiKey({ provider: 'local', given: undefined, variable: 'OPENAI_API_KEY', ownURL: false })).toBeUndefined();
  });

  it("throws P0003 naming the config path and the variable when the vendor's own URL has no key", () => {
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    let error: unknown;
    try {
      apiKey({ provider: 'anthropic', given: undefined, variable: 'ANTHROPIC_API_KEY', ownURL: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StandinError);
    expect(error).toMatchObject({ code: 'P0003' });
    expect((error as Error).message).toContain('config.providers.anthropic.apiKey');
    expect((error as Error).message).toContain('ANTHROPIC_API_KEY');
  });
});

import { describe, expect, it } from 'vitest';
import { dialectProvider, withServerKeys } from '../../src/server/recordConfig.js';

describe(withServerKeys, () => {
  const env = {
    OPENAI_API_KEY: 'sk-env-openai',
    AWS_ACCESS_KEY_ID: 'AKIAENV',
    AWS_SECRET_ACCESS_KEY: 'env-secret',
  };

  it("gives a provider with no apiKey its adapter's variable, a gateway's baseURL or not", () => {
    const config = withServerKeys(
      { providers: { gateway: { adapter: 'openai', baseURL: 'http://127.0.0.1:9/v1' }, openai: {} } },
      env,
    );
    expect(config.providers).toEqual({
      gateway: { adapter: 'openai', baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-env-openai' },
      openai: { apiKey: 'sk-env-openai' },
    });
  });

  it("keeps a provider's own key", () => {
    expect(withServerKeys({ providers: { openai: { apiKey: 'sk-own' } } }, env).providers).toEqual({
      openai: { apiKey: 'sk-own' },
    });
  });

  it('keys a provider only the models name, and leaves a provider with no variable set as it is', () => {
    const config = withServerKeys(
      {
        models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' }, poet: { provider: 'anthropic', model: 'c' } },
      },
      env,
    );
    expect(config.providers).toEqual({ openai: { apiKey: 'sk-env-openai' } });
  });

  it("gives a Bedrock provider the environment's AWS keys when no Bedrock key is set, and none when it has its own", () => {
    expect(withServerKeys({ providers: { bedrock: { region: 'us-east-1' } } }, env).providers).toEqual({
      bedrock: { region: 'us-east-1', accessKeyId: 'AKIAENV', secretAccessKey: 'env-secret' },
    });
    const own = { bedrock: { accessKeyId: 'AKIAOWN', secretAccessKey: 'own' } };
    expect(withServerKeys({ providers: own }, env).providers).toEqual(own);
  });
});

describe(dialectProvider, () => {
  it("answers the provider named as the dialect's adapter before another it serves", () => {
    const providers = { gateway: { adapter: 'openai' as const }, openai: {} };
    expect(dialectProvider({ providers }, 'openai')).toBe('openai');
    expect(dialectProvider({ providers: { gateway: { adapter: 'openai' } } }, 'openai')).toBe('gateway');
  });

  it('answers a provider the models name, and none for a dialect whose adapter serves none', () => {
    const config = { models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } };
    expect(dialectProvider(config, 'anthropic')).toBe('anthropic');
    expect(dialectProvider(config, 'openai')).toBeUndefined();
    expect(dialectProvider(config, 'typesafe')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createApp, type Provider } from '../../../src/index.js';
import { RealCallGuard } from '../../../src/testing.js';
import { appWith, says } from '../../support/providers.js';
import { ContainerModule } from 'inversify';
import { Tokens } from '../../../src/index.js';

const real: Provider = {
  real: true,
  async *reply() {
    yield* says('from the real service');
  },
};
const inMemory: Provider = {
  async *reply() {
    yield* says('in memory');
  },
};
const models = { writer: { provider: 'openai', model: 'gpt-4.1-mini' } };

describe(RealCallGuard, () => {
  describe('in a test app', () => {
    it('fails a call that would reach a real adapter at once, with E0008 and both ways out', async () => {
      await expect(appWith({ openai: real }, { models }).reply('writer', { messages: 'x' })).rejects.toMatchObject({
        code: 'E0008',
        message:
          "E0008: Model 'writer' would call the real 'openai' provider, and test apps call no real AI. Fake it with app.fake('writer', answers), or allow it explicitly with app.allowRealCalls('openai').",
      });
    });

    it('lets a provider that is no real adapter through', async () => {
      expect((await appWith({ openai: inMemory }, { models }).reply('writer', { messages: 'x' })).text).toBe(
        'in memory',
      );
    });

    it('lets a real call through once the test allows its provider', async () => {
      const app = appWith({ openai: real }, { models });
      app.allowRealCalls('openai');
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('from the real service');
    });

    it('allows only the providers named', async () => {
      const app = appWith(
        { openai: real, anthropic: real },
        { models: { ...models, other: { provider: 'anthropic', model: 'c' } } },
      );
      app.allowRealCalls('anthropic');
      await expect(app.reply('writer', { messages: 'x' })).rejects.toMatchObject({ code: 'E0008' });
      expect((await app.reply('other', { messages: 'x' })).text).toBe('from the real service');
    });

    it('allows every provider when none is named', async () => {
      const app = appWith({ openai: real }, { models });
      app.allowRealCalls();
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('from the real service');
    });
  });

  describe('in a production app', () => {
    it('is not there: real adapters are what production calls', async () => {
      const app = createApp(
        { models },
        new ContainerModule(({ bind }) => void bind(Tokens.Provider).toConstantValue(real).whenNamed('openai')),
      );
      expect((await app.reply('writer', { messages: 'x' })).text).toBe('from the real service');
    });
  });
});

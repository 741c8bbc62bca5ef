import { Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { describe, expect, it } from 'vitest';
import { Tokens } from '../../src/index.js';
import { StandinModule } from '../../src/nest.js';

const config = { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } };

async function compile(module: ReturnType<typeof StandinModule.forRootAsync>) {
  @Module({ imports: [module] })
  class AppModule {}
  return Test.createTestingModule({ imports: [AppModule] }).compile();
}

describe(StandinModule, () => {
  describe('.forRootAsync', () => {
    it("accepts a factory that answers the config itself, Nest's convention", async () => {
      const moduleRef = await compile(StandinModule.forRootAsync({ useFactory: () => config }));
      expect(Object.keys(moduleRef.get(Tokens.Config).models)).toEqual(['writer']);
      await moduleRef.close();
    });

    it('accepts a factory that answers { config, ...settings }', async () => {
      const moduleRef = await compile(
        StandinModule.forRootAsync({ useFactory: async () => ({ config, scopeHeader: 'x-test-scope' }) }),
      );
      expect(Object.keys(moduleRef.get(Tokens.Config).models)).toEqual(['writer']);
      await moduleRef.close();
    });

    it('refuses a misspelled setting, with did-you-mean', async () => {
      const failure = compile(
        StandinModule.forRootAsync({ useFactory: () => ({ config, trustScopeHeaders: true }) as never }),
      );
      await expect(failure).rejects.toMatchObject({ code: 'E0051' });
      await expect(failure).rejects.toThrow(
        /settings\.trustScopeHeaders: unknown key 'trustScopeHeaders'\. Did you mean 'trustScopeHeader'\?/,
      );
    });

    it('refuses a key that is neither a setting nor a config key, with did-you-mean over both', async () => {
      const failure = compile(StandinModule.forRootAsync({ useFactory: () => ({ model: config.models }) as never }));
      await expect(failure).rejects.toThrow(/ {2}model: unknown key\. Did you mean 'models'\?/);
    });

    it('refuses config keys mixed with settings', async () => {
      const failure = compile(
        StandinModule.forRootAsync({ useFactory: () => ({ ...config, scopeHeader: 'x-scope' }) as never }),
      );
      await expect(failure).rejects.toThrow(/mixes config keys \(models\) with module settings \(scopeHeader\)/);
    });

    it('refuses an answer that is not an object, and a setting of the wrong type', async () => {
      await expect(compile(StandinModule.forRootAsync({ useFactory: () => undefined as never }))).rejects.toMatchObject(
        { code: 'E0051' },
      );
      await expect(
        compile(StandinModule.forRootAsync({ useFactory: () => ({ config, trustScopeHeader: 'yes' }) as never })),
      ).rejects.toThrow(/settings\.trustScopeHeader: expected true or false, got a string/);
    });

    it('fails with the config error when the factory answers a bad config', async () => {
      await expect(
        compile(
          StandinModule.forRootAsync({ useFactory: () => ({ models: { writer: { provider: 'openai' } } }) as never }),
        ),
      ).rejects.toMatchObject({ code: 'C0001' });
    });

    it('refuses options without a factory, or with a misspelled key, where the module is declared', () => {
      expect(() => StandinModule.forRootAsync({ useFactory: () => config, injects: [] } as never)).toThrow(
        /injects: unknown key\. Did you mean 'inject'\?/,
      );
      expect(() => StandinModule.forRootAsync({} as never)).toThrow(expect.objectContaining({ code: 'E0051' }));
    });
  });

  describe('.forRoot', () => {
    it('refuses a misspelled setting, with did-you-mean', () => {
      expect(() => StandinModule.forRoot(config, { trustScopeHeaders: true } as never)).toThrow(
        /Did you mean 'trustScopeHeader'\?/,
      );
    });

    it('refuses a config key among the settings, and an app maker that makes no app', async () => {
      expect(() => StandinModule.forRoot(config, { models: {} } as never)).toThrow(
        /belong in forRoot's first argument/,
      );
      await expect(compile(StandinModule.forRoot(config, { app: () => ({}) as never }))).rejects.toThrow(
        /app\(\) must answer an app/,
      );
    });
  });
});

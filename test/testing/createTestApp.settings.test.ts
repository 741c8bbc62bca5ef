import { ContainerModule } from 'inversify';
import { describe, expect, it } from 'vitest';
import { code, StandinError, Tokens } from '../../src/index.js';
import { createTestApp, createTestContainer, testModule } from '../../src/testing.js';
import { createContainer } from '../../src/index.js';

const config = {
  models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
  retry: { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000, jitter: 0.5 },
} as const;

/** The waits a failing call's retries slept, in a fresh app. */
async function slept(settings?: { seed?: number }): Promise<readonly number[]> {
  const app = settings === undefined ? createTestApp(config) : createTestApp(config, settings);
  app.fake('writer', [{ fail: 'server' }]);
  await app.reply('writer', { messages: 'x' }).catch(() => undefined);
  return app.clock.slept;
}

describe('createTestApp', () => {
  describe('jitter', () => {
    it('is seeded by default: two apps wait the same jittered delays', async () => {
      const first = await slept();
      expect(first).toHaveLength(2);
      expect(first[0]).not.toBe(500);
      expect(await slept()).toEqual(first);
    });

    it('follows settings.seed: another seed waits other delays, the same seed the same ones', async () => {
      const seven = await slept({ seed: 7 });
      expect(await slept({ seed: 7 })).toEqual(seven);
      expect(await slept({ seed: 8 })).not.toEqual(seven);
    });

    it('stays within the policy: each wait is in [d * (1 - jitter), d]', async () => {
      const [a, b] = await slept({ seed: 3 });
      expect(a).toBeGreaterThanOrEqual(250);
      expect(a).toBeLessThanOrEqual(500);
      expect(b).toBeGreaterThanOrEqual(500);
      expect(b).toBeLessThanOrEqual(1000);
    });

    it('is seeded in a container built with testModule() too', () => {
      const one = createContainer(config, testModule()).get(Tokens.Random);
      const two = createContainer(config, testModule()).get(Tokens.Random);
      expect([one(), one(), one()]).toEqual([two(), two(), two()]);
    });
  });

  describe('settings', () => {
    it('still takes modules after the config when no settings are given', () => {
      let loaded = false;
      createTestApp(config, new ContainerModule(() => void (loaded = true)));
      expect(loaded).toBe(true);
    });

    it('takes modules after the settings', () => {
      let loaded = false;
      createTestContainer(config, { seed: 2 }, new ContainerModule(() => void (loaded = true)));
      expect(loaded).toBe(true);
    });

    it('refuses a misspelled or mistyped setting with T0048, naming it', () => {
      const misspelled = (() => {
        try {
          createTestApp(config, { strictTool: false } as never);
        } catch (e) {
          return e;
        }
      })();
      expect(misspelled).toBeInstanceOf(StandinError);
      expect((misspelled as StandinError).code).toBe(code.T0048);
      expect((misspelled as StandinError).message).toContain("Did you mean 'strictTools'?");
      const mistyped = (() => {
        try {
          createTestApp(config, { seed: -1 });
        } catch (e) {
          return e;
        }
      })();
      expect((mistyped as StandinError).code).toBe(code.T0048);
      expect((mistyped as StandinError).message).toContain('settings.seed');
    });
  });
});

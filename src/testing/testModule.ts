import { ContainerModule } from 'inversify';
import { Tokens } from '../tokens/Tokens.js';
import { InstantClock } from '../fakes/clock/InstantClock.js';
import { RealCallGuard } from '../fakes/guard/RealCallGuard.js';
import type { BaseServices } from '../services/container/productionModule.js';
import { DEFAULT_SEED, seededRandom } from './seededRandom.js';
import type { TestAppSettingsParsed } from './TestAppSettings.js';

/** The services a test container has where a production one has others, for the given settings. */
export function testServicesWith(settings: TestAppSettingsParsed): BaseServices {
  return {
    clock: () => new InstantClock(),
    guard: () => new RealCallGuard(),
    random: () => seededRandom(settings.seed),
    strictTools: settings.strictTools,
  };
}

/** The services a test container has where a production one has others: the default settings. */
export const testServices: BaseServices = testServicesWith({ seed: DEFAULT_SEED, strictTools: true });

/**
 * The test bindings as a module, for a container built with `createContainer`: an instant clock,
 * so retries never wait, jitter drawn from a seeded source, so the waits are the same on every
 * run, and the real-call guard, so no test reaches a real provider by accident.
 * `createTestContainer` builds them in directly, and fails runs on tool errors as well.
 *
 * @example
 * ```ts
 * const container = createContainer(config, testModule());
 * ```
 */
export function testModule(): ContainerModule {
  return new ContainerModule(({ bind, rebind }) => {
    rebind(Tokens.Clock).toConstantValue(testServices.clock());
    rebind(Tokens.Random).toConstantValue(testServices.random!());
    bind(Tokens.RealCallGuard).toConstantValue(testServices.guard!());
  });
}

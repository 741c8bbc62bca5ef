import { ContainerModule } from 'inversify';
import { Tokens } from '../tokens/Tokens.js';
import { InstantClock } from '../services/clock/InstantClock.js';
import { RealCallGuard } from '../services/dispatch/RealCallGuard.js';
import type { BaseServices } from '../services/container/productionModule.js';

/** The services a test container has where a production one has others. */
export const testServices: BaseServices = {
  clock: () => new InstantClock(),
  guard: () => new RealCallGuard(),
};

/**
 * The test bindings as a module, for a container built with `createContainer`: an instant clock,
 * so retries never wait, and the real-call guard, so no test reaches a real provider by accident.
 * `createTestContainer` builds them in directly.
 *
 * @example
 * ```ts
 * const container = createContainer(config, testModule());
 * ```
 */
export function testModule(): ContainerModule {
  return new ContainerModule(({ bind, rebind }) => {
    rebind(Tokens.Clock).toConstantValue(testServices.clock());
    bind(Tokens.RealCallGuard).toConstantValue(testServices.guard!());
  });
}

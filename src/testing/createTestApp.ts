import type { ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../config/configSchema.js';
import { createTestContainer } from './createTestContainer.js';
import { TestApp } from './TestApp.js';
import type { TestAppSettings } from './TestAppSettings.js';

/**
 * An app on a test container: instant clock, seeded jitter, runs that fail on a tool error
 * (`R0004`), and a real-call guard that fails any call that would reach a real provider adapter
 * (code `E0008`) unless the test allows it. `settings` (before any modules) changes the seed and
 * strict tools.
 *
 * @throws {StandinError} `T0048` for malformed settings.
 * @example
 * ```ts
 * const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
 * const loose = createTestApp(config, { strictTools: false, seed: 7 });
 * ```
 */
export function createTestApp(config?: StandinConfigInput, ...modules: ContainerModule[]): TestApp;
export function createTestApp(
  config: StandinConfigInput,
  settings: TestAppSettings,
  ...modules: ContainerModule[]
): TestApp;
export function createTestApp(
  config: StandinConfigInput = {},
  ...rest: (TestAppSettings | ContainerModule)[]
): TestApp {
  return new TestApp(
    (
      createTestContainer as (
        config: StandinConfigInput,
        ...rest: (TestAppSettings | ContainerModule)[]
      ) => ReturnType<typeof createTestContainer>
    )(config, ...rest),
  );
}

import type { ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../config/configSchema.js';
import { createTestContainer } from './createTestContainer.js';
import { TestApp } from './TestApp.js';

/**
 * An app on a test container: instant clock, and a real-call guard that fails any call that
 * would reach a real provider adapter (code `E0008`) unless the test allows it.
 *
 * @example
 * ```ts
 * const app = createTestApp({ models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } } });
 * ```
 */
export function createTestApp(config: StandinConfigInput = {}, ...modules: ContainerModule[]): TestApp {
  return new TestApp(createTestContainer(config, ...modules));
}

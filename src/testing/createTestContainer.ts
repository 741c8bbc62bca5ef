import type { Container, ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../config/configSchema.js';
import { buildContainer } from '../services/container/createContainer.js';
import { testServices } from './testModule.js';

/**
 * Like `createContainer`, with the test bindings in place of the production ones: an instant
 * clock and the real-call guard. Then `modules`, so a test module can rebind anything.
 * Imports no test runner: it works in vitest, jest, node:test and a plain script.
 *
 * @example
 * ```ts
 * const container = createTestContainer({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
 * await container.get(Tokens.Clock).sleep(30_000); // returns at once
 * ```
 */
export function createTestContainer(config: StandinConfigInput = {}, ...modules: ContainerModule[]): Container {
  return buildContainer(config, testServices, modules);
}

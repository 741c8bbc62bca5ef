import type { Container, ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../config/configSchema.js';
import { buildContainer } from '../services/container/createContainer.js';
import { testServices } from './testModule.js';
import { bindSharedFakes } from '../fakes/shared/bindSharedFakes.js';

/**
 * Like `createContainer`, with the test bindings in place of the production ones: an instant
 * clock and the real-call guard. Then `modules`, so a test module can rebind anything.
 * Imports no test runner: it works in vitest, jest, node:test and a plain script. With a Redis
 * namespace in `config.cursors`, its models and classifier answer from the namespace's scripts.
 *
 * @example
 * ```ts
 * const container = createTestContainer({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
 * await container.get(Tokens.Clock).sleep(30_000); // returns at once
 * ```
 */
export function createTestContainer(config: StandinConfigInput = {}, ...modules: ContainerModule[]): Container {
  const container = buildContainer(config, testServices, modules);
  bindSharedFakes(container);
  return container;
}

import { ContainerModule, type Container } from 'inversify';
import type { StandinConfigInput } from '../config/configSchema.js';
import { buildContainer } from '../services/container/createContainer.js';
import { testServicesWith } from './testModule.js';
import { bindSharedFakes } from '../fakes/shared/bindSharedFakes.js';
import { DEFAULT_SEED } from './seededRandom.js';
import { parseTestAppSettings, unreadable, type TestAppSettings } from './TestAppSettings.js';

/**
 * Like `createContainer`, with the test bindings in place of the production ones: an instant
 * clock, jitter from a seeded source (`settings.seed`, default 1), the real-call guard, and runs
 * that fail on a tool error (`settings.strictTools`, default true). Then `modules`, so a test
 * module can rebind anything. Imports no test runner: it works in vitest, jest, node:test and a
 * plain script. With a Redis namespace in `config.cursors`, its models and classifier answer from
 * the namespace's scripts.
 *
 * @throws {StandinError} `T0048` for malformed settings.
 * @example
 * ```ts
 * const container = createTestContainer({ models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } });
 * await container.get(Tokens.Clock).sleep(30_000); // returns at once
 * ```
 */
export function createTestContainer(config?: StandinConfigInput, ...modules: ContainerModule[]): Container;
export function createTestContainer(
  config: StandinConfigInput,
  settings: TestAppSettings,
  ...modules: ContainerModule[]
): Container;
export function createTestContainer(
  config: StandinConfigInput = {},
  ...rest: (TestAppSettings | ContainerModule)[]
): Container {
  const { settings, modules } = splitSettings(rest);
  const container = buildContainer(config, testServicesWith(parseTestAppSettings(settings, DEFAULT_SEED)), modules);
  bindSharedFakes(container);
  return container;
}

/** The settings, when the first argument after the config is no module, and the modules. */
export function splitSettings(rest: readonly (TestAppSettings | ContainerModule)[]): {
  settings: TestAppSettings | undefined;
  modules: ContainerModule[];
} {
  const [first, ...others] = rest;
  let isModule: boolean;
  try {
    isModule = first instanceof ContainerModule;
  } catch (error) {
    // A proxy whose prototype trap throws: it is no module, and it cannot be read as settings either.
    throw unreadable(error);
  }
  if (isModule) return { settings: undefined, modules: rest as ContainerModule[] };
  if (first === undefined) return { settings: undefined, modules: others as ContainerModule[] };
  return { settings: first as TestAppSettings, modules: others as ContainerModule[] };
}

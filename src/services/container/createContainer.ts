import { Container, type ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../../config/configSchema.js';
import { parseConfig } from '../../config/parseConfig.js';
import { productionModule, type BaseServices } from './productionModule.js';

/**
 * Parses `config` and builds a fresh inversify `Container` with the production bindings, then
 * loads `modules` in order, so a module can `rebind` any token. Two containers share nothing.
 *
 * @throws {StandinError} `C0001`-`C0004` when the config is invalid; the message names each path and its fix.
 * @example
 * ```ts
 * const container = createContainer(
 *   { models: { writer: { provider: 'openai', model: 'gpt-4.1-mini' } } },
 *   new ContainerModule(({ rebind }) => { rebind(Tokens.Clock).toConstantValue(new InstantClock()); }),
 * );
 * ```
 */
export function createContainer(config: StandinConfigInput, ...modules: ContainerModule[]): Container {
  return buildContainer(config, undefined, modules);
}

/** Builds a container on the given base services (production ones when left out). */
export function buildContainer(
  config: StandinConfigInput,
  base: BaseServices | undefined,
  modules: readonly ContainerModule[],
): Container {
  const parsed = parseConfig(config);
  const container = new Container();
  container.load(productionModule(parsed, container, base), ...modules);
  return container;
}

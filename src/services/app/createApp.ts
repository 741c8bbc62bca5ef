import type { ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../../config/configSchema.js';
import { createContainer } from '../container/createContainer.js';
import { App } from './App.js';
import { checkProviderNames } from '../container/checkProviderNames.js';
import { Tokens } from '../../tokens/Tokens.js';

/**
 * Builds a container from `config` (then `modules`) and answers the app that calls through it.
 * A model whose provider nothing serves (no built-in adapter, no `providers` entry, no binding
 * from `modules`) is refused here with `C0008`, not at its first call.
 *
 * @example
 * ```ts
 * const app = createApp({
 *   models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5', fallback: ['backup'] },
 *             backup: { provider: 'openai', model: 'gpt-4.1-mini' } },
 * });
 * ```
 */
export function createApp(config: StandinConfigInput, ...modules: ContainerModule[]): App {
  const container = createContainer(config, ...modules);
  checkProviderNames(container.get(Tokens.Config), container);
  return new App(container);
}

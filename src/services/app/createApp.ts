import type { ContainerModule } from 'inversify';
import type { StandinConfigInput } from '../../config/configSchema.js';
import { createContainer } from '../container/createContainer.js';
import { App } from './App.js';

/**
 * Builds a container from `config` (then `modules`) and answers the app that calls through it.
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
  return new App(createContainer(config, ...modules));
}

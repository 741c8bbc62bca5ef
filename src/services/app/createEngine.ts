import type { StandinConfigInput } from '../../config/configSchema.js';
import { Tokens } from '../../tokens/Tokens.js';
import type { Clock } from '../clock/Clock.js';
import type { CursorStore } from '../cursors/CursorStore.js';
import type { Engine } from '../engine/Engine.js';
import type { Provider } from '../providers/Provider.js';
import { createContainer } from '../container/createContainer.js';
import { standIn } from '../container/standIn.js';

/** What `createEngine` takes: the config, and makers for the services a program hands in itself. */
export interface EngineSettings extends StandinConfigInput {
  /** Makers for the services the program hands in itself. */
  readonly makers?: EngineMakers | undefined;
}

/** The services `createEngine` takes from the program rather than binding its own. */
export interface EngineMakers {
  /** Providers by name. Each is bound under its name, over any real adapter of that name. */
  readonly providers?: (() => Readonly<Record<string, Provider>>) | undefined;
  /** The clock retries sleep on. */
  readonly clock?: (() => Clock) | undefined;
  /** Where scripted fakes keep cursors. */
  readonly cursorStore?: (() => CursorStore) | undefined;
}

/**
 * An engine for a program that holds its own: providers are handed in by name, so no real
 * adapter is needed.
 *
 * @example
 * ```ts
 * const engine = createEngine({
 *   models: { writer: { provider: 'anthropic', model: 'claude-sonnet-4-5' } },
 *   makers: { providers: () => ({ anthropic: fakeProvider([{ text: 'Hi' }]) }) },
 * });
 * await engine.reply('writer', { messages: 'Hello' });
 * ```
 */
export function createEngine(settings: EngineSettings): Engine {
  const { makers, ...config } = settings;
  const container = createContainer(config);
  if (makers?.clock) standIn(container, Tokens.Clock, makers.clock());
  if (makers?.cursorStore) standIn(container, Tokens.CursorStore, makers.cursorStore());
  for (const [name, provider] of Object.entries(makers?.providers?.() ?? {})) standIn(container, Tokens.Provider, provider, name);
  return container.get(Tokens.Engine);
}

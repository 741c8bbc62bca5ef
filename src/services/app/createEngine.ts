import type { StandinConfigInput } from '../../config/configSchema.js';
import { Tokens } from '../../tokens/Tokens.js';
import type { Clock } from '../clock/Clock.js';
import type { CursorStore } from '../cursors/CursorStore.js';
import type { Engine } from '../engine/Engine.js';
import type { Provider } from '../spec/Provider.js';
import { createContainer } from '../container/createContainer.js';
import { standIn } from '../container/standIn.js';
import { checkProviderNames } from '../container/checkProviderNames.js';
import { StandinError } from '../../errors/StandinError.js';
import { closest, describeType, formatPath } from '../../validation/formatPath.js';
import { notPlainObject } from '../../validation/plainCopy.js';

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
 * An engine for a program that holds its own: providers are handed in by name, so no real adapter is needed.
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
  const { makers, config } = splitSettings(settings);
  const container = createContainer(config);
  if (makers?.clock) standIn(container, Tokens.Clock, makers.clock());
  if (makers?.cursorStore) standIn(container, Tokens.CursorStore, makers.cursorStore());
  const providers = makers?.providers?.() ?? {};
  const kind = notPlainObject(providers);
  if (kind !== undefined)
    throw new StandinError(
      'C0001',
      `Invalid settings:\nsettings.makers.providers(): expected it to return an object of provider name -> provider, ` +
        `got ${kind}.`,
    );
  for (const [name, provider] of Object.entries(providers)) standIn(container, Tokens.Provider, provider, name);
  checkProviderNames(container.get(Tokens.Config), container);
  return container.get(Tokens.Engine);
}

const makerKeys = ['providers', 'clock', 'cursorStore'] as const;

/** Reads the settings once: C0005 for settings that are not a plain object, C0001 for makers that are not functions. */
function splitSettings(settings: EngineSettings): { makers: EngineMakers | undefined; config: StandinConfigInput } {
  const found = notPlainObject(settings);
  if (found !== undefined)
    throw new StandinError(
      'C0005',
      `Invalid settings:\nsettings: expected an object { models?, providers?, ..., makers? }, got ${found}.`,
    );
  let makers: unknown;
  let config: Record<string, unknown>;
  try {
    ({ makers, ...config } = settings as unknown as Record<string, unknown>);
  } catch (error) {
    throw new StandinError(
      'C0007',
      'Invalid settings:\nsettings threw when read. Pass plain values, not getters or proxies that can fail.',
      { cause: error },
    );
  }
  if (makers === undefined) return { makers: undefined, config };
  const kind = notPlainObject(makers);
  if (kind !== undefined)
    throw new StandinError(
      'C0001',
      `Invalid settings:\nsettings.makers: expected an object { providers?, clock?, cursorStore? } of functions, got ` +
        `${kind}.`,
    );
  const lines: string[] = [];
  for (const key of Object.keys(makers as object)) {
    const value = (makers as Record<string, unknown>)[key];
    if (!(makerKeys as readonly string[]).includes(key)) {
      const guess = closest(key, makerKeys);
      lines.push(
        `${formatPath('settings.makers', [key])}: unknown key '${key}'.${guess ? ` Did you mean '${guess}'?` : ''} ` +
          `Allowed keys here: ${makerKeys.join(', ')}.`,
      );
    } else if (value !== undefined && typeof value !== 'function') {
      lines.push(
        `${formatPath('settings.makers', [key])}: expected a function that makes it, got ${describeType(value)}.`,
      );
    }
  }
  if (lines.length > 0) throw new StandinError('C0001', `Invalid settings:\n${lines.join('\n')}`);
  return { makers: makers as EngineMakers, config };
}

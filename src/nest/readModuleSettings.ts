import { z } from 'zod';
import { configSchema, type StandinConfigInput } from '../config/configSchema.js';
import { parseConfig } from '../config/parseConfig.js';
import { StandinError } from '../errors/StandinError.js';
import { describeIssues } from '../validation/describeIssues.js';
import { closest, describeType } from '../validation/formatPath.js';
import { lazySchema } from '../validation/lazySchema.js';
import type { StandinModuleSettings } from './StandinModuleSettings.js';

/** The keys of the module's settings. */
export const settingKeys = ['config', 'app', 'trustScopeHeader', 'scopeHeader'] as const;

/** A header name as HTTP allows it: a token. */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

const settingsSchema = lazySchema(() =>
  z.strictObject({
    config: z.unknown().optional(),
    app: z.custom<() => unknown>((value) => typeof value === 'function').optional(),
    trustScopeHeader: z.boolean().optional(),
    scopeHeader: z.string().regex(headerName).optional(),
  }),
);

const expected = {
  app: 'a function that makes the app, such as () => createTestApp(config)',
  trustScopeHeader: 'true or false',
  scopeHeader: "a header name such as 'x-standin-scope'",
};

function configKeys(): string[] {
  return Object.keys(configSchema.shape);
}

/**
 * Checks the module's settings and answers them: `StandinModule.forRoot`'s second argument, or what `forRootAsync`'s
 * factory answered. A factory may answer the config itself, as Nest's convention has it (the factory answers what
 * `forRoot` takes), or `{ config, app?, trustScopeHeader?, scopeHeader? }`; a config is checked now, so a bad one fails
 * the module with its own C-code rather than booting with no models.
 *
 * @throws {StandinError} `E0051` for settings of the wrong shape (a misspelled key gets a did-you-mean);
 * `C0001`-`C0004` for a bad config.
 */
export function readModuleSettings(input: unknown, from: 'forRoot' | 'factory'): StandinModuleSettings {
  const where =
    from === 'forRoot'
      ? 'StandinModule.forRoot(config, settings): settings'
      : "StandinModule.forRootAsync: useFactory's answer";
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new StandinError(
      'E0051',
      `${where} must be an object, got ${describeType(input)}. ` +
        (from === 'factory'
          ? 'Answer the config (what forRoot takes), or { config, app?, trustScopeHeader?, scopeHeader? }.'
          : 'Pass { app?, trustScopeHeader?, scopeHeader? }, or leave it out.'),
    );
  }
  const keys = Object.keys(input);
  const settings = keys.filter((key) => (settingKeys as readonly string[]).includes(key));
  const config = configKeys().filter((key) => keys.includes(key));
  if (from === 'factory' && settings.length === 0) {
    const unknown = keys.filter((key) => !config.includes(key));
    if (unknown.length === 0) {
      // The conventional answer: the config itself.
      parseConfig(input as StandinConfigInput);
      return { config: input as StandinConfigInput };
    }
    throw unknownKeys(
      where,
      unknown,
      [...settingKeys, ...configKeys()],
      `module settings (${settingKeys.join(', ')}) or config keys (${configKeys().join(', ')})`,
    );
  }
  if (config.length > 0 && from === 'forRoot') {
    throw new StandinError(
      'E0051',
      `${where} holds config keys (${config.join(', ')}): they belong in forRoot's first argument, the config.`,
    );
  }
  if (config.length > 0) {
    throw new StandinError(
      'E0051',
      `${where} mixes config keys (${config.join(', ')}) with module settings (${settings.join(', ')}). Put the ` +
        `config under config: { config: { ${config.join(', ')} }, ${settings.join(', ')} }.`,
    );
  }
  if (from === 'forRoot' && settings.includes('config')) {
    throw new StandinError(
      'E0051',
      `${where}: config is forRoot's first argument, not a setting. Write StandinModule.forRoot(config, { ` +
        `...settings }).`,
    );
  }
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) {
    const known = from === 'forRoot' ? settingKeys.filter((key) => key !== 'config') : [...settingKeys];
    const lines = describeIssues('settings', input, parsed.error.issues, { expected, keys: { '': known } });
    throw new StandinError('E0051', `${where} is malformed:\n${lines.join('\n')}`);
  }
  const read = input as StandinModuleSettings;
  if (read.config !== undefined) parseConfig(read.config);
  return read;
}

function unknownKeys(where: string, unknown: readonly string[], known: readonly string[], what: string): StandinError {
  const lines = unknown.map((key) => {
    const guess = closest(key, known);
    return `  ${key}: unknown key.${guess !== undefined ? ` Did you mean '${guess}'?` : ''}`;
  });
  return new StandinError('E0051', `${where} has unknown keys; allowed: ${what}.\n${lines.join('\n')}`);
}

const asyncKeys = ['imports', 'inject', 'useFactory'];

/**
 * Checks what `StandinModule.forRootAsync` was given: an object with a `useFactory` function, and
 * optional `imports` and `inject` arrays.
 *
 * @throws {StandinError} `E0051` naming the key at fault (a misspelled one gets a did-you-mean).
 */
export function checkAsyncOptions(options: unknown): void {
  const where = 'StandinModule.forRootAsync(options)';
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new StandinError(
      'E0051',
      `${where}: options must be an object { useFactory, inject?, imports? }, got ${describeType(options)}.`,
    );
  }
  const unknown = Object.keys(options).filter((key) => !asyncKeys.includes(key));
  if (unknown.length > 0) throw unknownKeys(where, unknown, asyncKeys, asyncKeys.join(', '));
  const { useFactory, inject, imports } = options as Record<string, unknown>;
  if (typeof useFactory !== 'function') {
    throw new StandinError(
      'E0051',
      `${where}: useFactory must be a function that answers the config (or { config, ...settings }), got ` +
        `${describeType(useFactory)}.`,
    );
  }
  for (const [key, value] of [
    ['inject', inject],
    ['imports', imports],
  ] as const) {
    if (value !== undefined && !Array.isArray(value))
      throw new StandinError('E0051', `${where}: ${key} must be an array, got ${describeType(value)}.`);
  }
}

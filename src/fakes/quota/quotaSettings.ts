import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { closest, thrownName } from '../../validation/formatPath.js';
import { lazySchema } from '../../validation/lazySchema.js';
import { shownName } from '../../validation/readGuard.js';

/**
 * A provider's limits, as `app.quota(models, settings)` plays them on the app's clock. Each limit
 * left out is not enforced; at least one is given.
 *
 * @example
 * ```ts
 * const limits: QuotaSettings = { requestsPerMinute: 3, tokensPerMinute: 10_000, concurrent: 2 };
 * ```
 */
export interface QuotaSettings {
  /** How many calls may start in any 60 s on the clock. */
  readonly requestsPerMinute?: number | undefined;
  /**
   * How many tokens the calls started in any 60 s may use: a reply counts its request's estimated
   * input tokens when it starts, then the units it reported once it ends.
   */
  readonly tokensPerMinute?: number | undefined;
  /** How many calls may be in flight at once; a stream is in flight until it ends. */
  readonly concurrent?: number | undefined;
  /**
   * Whose calls share the limits: `'app'` (the default), every call of the app, as a provider's
   * quota is per API key; `'scope'`, each scope on its own (each test or request its own key).
   */
  readonly per?: 'app' | 'scope' | undefined;
}

/**
 * A quota's settings once read: every limit as given, `per` filled in.
 *
 * @example
 * ```ts
 * const { requestsPerMinute, per }: QuotaLimits = quota.limits;
 * ```
 */
export interface QuotaLimits {
  readonly requestsPerMinute: number | undefined;
  readonly tokensPerMinute: number | undefined;
  readonly concurrent: number | undefined;
  readonly per: 'app' | 'scope';
}

/** The most any limit takes: past it, a limit is no limit. */
export const MAX_LIMIT = 1_000_000_000;

const limit = () => z.number().int().min(1).max(MAX_LIMIT).optional();

const settingsSchema = lazySchema(() =>
  z.strictObject({
    requestsPerMinute: limit(),
    tokensPerMinute: limit(),
    concurrent: limit(),
    per: z.enum(['app', 'scope']).optional(),
  }),
);

const KEYS = ['requestsPerMinute', 'tokensPerMinute', 'concurrent', 'per'];

/**
 * Checks `app.quota`'s settings.
 *
 * @throws {StandinError} `T0100` for settings that are malformed or name no limit.
 */
export function readQuotaSettings(settings: unknown): QuotaLimits {
  const where = 'app.quota(models, settings)';
  let parsed: ReturnType<typeof settingsSchema.safeParse>;
  try {
    parsed = settingsSchema.safeParse(settings);
  } catch (error) {
    throw new StandinError(
      'T0100',
      `${where}: the settings threw when read (${thrownName(error)}). Pass a plain object ` +
        `{ requestsPerMinute?, tokensPerMinute?, concurrent?, per? }.`,
      { cause: error },
    );
  }
  if (!parsed.success) {
    const whole = `a whole number from 1 to ${MAX_LIMIT}`;
    const lines = describeIssues('settings', settings, parsed.error.issues, {
      expected: {
        '': 'an object { requestsPerMinute?, tokensPerMinute?, concurrent?, per? }',
        requestsPerMinute: whole,
        tokensPerMinute: whole,
        concurrent: whole,
        per: "'app' or 'scope'",
      },
      keys: { '': KEYS },
    });
    throw new StandinError('T0100', `${where}: the settings are malformed:\n${lines.join('\n')}`);
  }
  const { requestsPerMinute, tokensPerMinute, concurrent, per } = parsed.data;
  if (requestsPerMinute === undefined && tokensPerMinute === undefined && concurrent === undefined) {
    throw new StandinError(
      'T0100',
      `${where}: the settings name no limit. Give at least one of requestsPerMinute, tokensPerMinute and ` +
        `concurrent, such as { requestsPerMinute: 3 }.`,
    );
  }
  return { requestsPerMinute, tokensPerMinute, concurrent, per: per ?? 'app' };
}

/**
 * The models a quota covers: the one named, the ones listed, or every configured model when none is.
 *
 * @throws {StandinError} `T0101` for a model that is not configured, a list that is empty or names one twice, or
 * anything but a name or a list of names.
 */
export function readQuotaModels(models: unknown, configured: readonly string[]): readonly string[] {
  if (models === undefined) {
    if (configured.length > 0) return configured;
    throw new StandinError('T0101', `app.quota(undefined, settings): the app configures no model to put a quota on.`);
  }
  const list: unknown[] = typeof models === 'string' ? [models] : Array.isArray(models) ? [...models] : [];
  if (list.length === 0) {
    throw new StandinError(
      'T0101',
      `app.quota(models, settings): models must be a model's name, a non-empty list of names, or undefined for ` +
        `every model; got ${Array.isArray(models) ? 'an empty list' : shownName(models)}.`,
    );
  }
  const seen = new Set<string>();
  for (const model of list) {
    if (typeof model !== 'string' || !configured.includes(model)) {
      const guess = typeof model === 'string' ? closest(model, configured) : undefined;
      throw new StandinError(
        'T0101',
        `app.quota(models, settings): there is no model named ${shownName(model)} to put a quota on.` +
          `${guess ? ` Did you mean '${guess}'?` : ''} Configured models: ` +
          `${configured.length > 0 ? configured.join(', ') : 'none'}.`,
      );
    }
    if (seen.has(model)) {
      throw new StandinError('T0101', `app.quota(models, settings): the models list '${model}' twice. List it once.`);
    }
    seen.add(model);
  }
  return [...seen];
}

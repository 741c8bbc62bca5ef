import { thrownName } from '../../validation/formatPath.js';
import { z } from 'zod';
import { lazySchema } from '../../validation/lazySchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { RedactFunction } from './redactSecrets.js';
import type { ModelIds } from './modelIds.js';
import { MAX_PACE_FACTOR } from './recordedTiming.js';

/** The modes of a cassette. */
export const cassetteModes = ['replay', 'record', 'record-missing'] as const;

/**
 * How a cassette answers calls:
 * - `'replay'` (the default): from the file only; a call with no recording fails with `T0040`;
 * - `'record'`: through the real adapters, recording every exchange; the file's old entries are replaced;
 * - `'record-missing'`: replays what the file has, records what it lacks.
 *
 * @example
 * ```ts
 * const mode: CassetteMode = 'record-missing';
 * ```
 */
export type CassetteMode = (typeof cassetteModes)[number];

/**
 * The settings of `app.cassette(path, settings)`.
 *
 * @example
 * ```ts
 * app.cassette('test/cassettes/helpdesk.json', { mode: 'replay', redact: (text) => text.replaceAll(email, '[email]') });
 * ```
 */
export interface CassetteSettings {
  /** The mode, `'replay'` when left out. `STANDIN_CASSETTES` in the environment overrides it for a whole run. */
  readonly mode?: CassetteMode | undefined;
  /**
   * Rewrites every string before it is written or matched (requests on replay too, so a
   * redacted request still matches): for secrets standin cannot know, such as a customer's
   * e-mail address in a prompt. API keys, auth headers and URL credentials are masked anyway.
   */
  readonly redact?: RedactFunction | undefined;
  /**
   * How old, in days, a recorded entry may be when it is replayed (by the date it was recorded; an
   * entry without one, such as one written by hand, never ages). Past it, the call fails with
   * `V0011`, or warns once per entry with `stale: 'warn'`.
   */
  readonly maxAgeDays?: number | undefined;
  /** What replaying an entry older than `maxAgeDays` does: `'fail'` (the default) or `'warn'`. */
  readonly stale?: 'fail' | 'warn' | undefined;
  /**
   * How the provider's model ids of a call and a recording are compared: `'exact'` (the default),
   * `'base'` (a date or version suffix left out), or a function from an id to the id it matches as.
   */
  readonly modelIds?: ModelIds | undefined;
  /**
   * Whether a recorded image keeps its bytes (in base64), so a replay gives the very bytes back. Left out (false), an
   * image is recorded as its media type, byte count, SHA-256 and (for a PNG) size, and a replay gives a stand-in: a PNG
   * of that size (1×1 for any other format), drawn from the recorded SHA-256, with media type `image/png`.
   */
  readonly keepBytes?: boolean | undefined;
  /**
   * Whether the cassette keeps every tool run of a run too (app tools and MCP tools alike), beside
   * the reply that asked for it: replay answers each tool from the file without running it. Left
   * out (false), tools run as they are and the file holds model calls only.
   */
  readonly tools?: boolean | undefined;
  /**
   * Whether a recorded reply keeps how its stream arrived (the time to its first part, then between parts, in whole ms)
   * as its entry's `timing`, for `pace: 'recorded'`. Left out (false), nothing of time is kept, so recording the same
   * exchanges twice gives the same bytes.
   */
  readonly timing?: boolean | undefined;
  /**
   * How a replayed reply streams: `'instant'` (the default), all at once; `'recorded'`, at the pace its entry's
   * `timing` keeps, on the system clock even in a test app; `{ recorded: 0.5 }`, the same with every wait times the
   * factor (above 0, at most 100). An entry without timing replays at once either way.
   */
  readonly pace?: CassettePace | undefined;
}

/**
 * How a cassette's replayed replies stream: at once, or at their recorded pace, its waits times a factor.
 *
 * @example
 * ```ts
 * const pace: CassettePace = { recorded: 0.5 }; // twice as fast as recorded
 * ```
 */
export type CassettePace = 'instant' | 'recorded' | { readonly recorded: number };

/** The factor of the recorded waits a pace replays at; undefined for `'instant'` (or none). */
export function paceFactor(pace: CassettePace | undefined): number | undefined {
  if (pace === undefined || pace === 'instant') return undefined;
  return pace === 'recorded' ? 1 : pace.recorded;
}

/** The most days `maxAgeDays` takes: a hundred years. */
const MAX_AGE_DAYS = 36_500;

const settingsSchema = lazySchema(() =>
  z.strictObject({
    mode: z.enum(cassetteModes).optional(),
    redact: z.function().optional(),
    maxAgeDays: z.number().int().min(0).max(MAX_AGE_DAYS).optional(),
    stale: z.enum(['fail', 'warn']).optional(),
    modelIds: z.union([z.enum(['exact', 'base']), z.function()]).optional(),
    keepBytes: z.boolean().optional(),
    tools: z.boolean().optional(),
    timing: z.boolean().optional(),
    pace: z
      .union([z.enum(['instant', 'recorded']), z.strictObject({ recorded: z.number().gt(0).max(MAX_PACE_FACTOR) })])
      .optional(),
  }),
);

/** The environment variable that overrides every cassette's mode for a run. */
export const MODE_VARIABLE = 'STANDIN_CASSETTES';

/**
 * Checks `app.cassette`'s path and settings, and answers the mode in force: the environment's
 * `STANDIN_CASSETTES` when set, else the settings' mode, else `'replay'`.
 *
 * @throws {StandinError} `V0002` for a path that is not a string or URL, bad settings, or an unknown mode in the
 * environment.
 */
export function readSettings(
  path: unknown,
  settings: unknown,
  env: Readonly<Record<string, string | undefined>> = process.env,
): CassetteMode {
  if (!(typeof path === 'string' && path.length > 0) && !(path instanceof URL)) {
    throw new StandinError(
      'V0002',
      `app.cassette(path, settings): path must be a file path (a non-empty string) or a file: URL, got ` +
        `${typeof path}. Write app.cassette('test/cassettes/helpdesk.json').`,
    );
  }
  let parsed: ReturnType<typeof settingsSchema.safeParse>;
  try {
    parsed = settingsSchema.safeParse(settings ?? {});
  } catch (error) {
    throw new StandinError(
      'V0002',
      `app.cassette(path, settings): the settings threw when read ` +
        `(${thrownName(error)}). Pass a plain object { mode?, redact?, keepBytes?, tools?, timing?, pace?, ` +
        `maxAgeDays?, stale?, modelIds? }, not getters or proxies that can fail.`,
      { cause: error },
    );
  }
  if (!parsed.success) {
    const lines = describeIssues('settings', settings, parsed.error.issues, {
      expected: {
        mode: "'replay', 'record' or 'record-missing'",
        redact: 'a function (text) => text',
        maxAgeDays: `a whole number of days, 0 to ${MAX_AGE_DAYS}`,
        stale: "'fail' or 'warn'",
        modelIds: "'exact', 'base' or a function (id) => id",
        keepBytes: 'true or false',
        tools: 'true (keep every tool run on the tape) or false',
        timing: 'true (keep how each reply streamed) or false',
        pace: `'instant', 'recorded' or { recorded: <factor> }`,
        'pace.recorded': `the factor of the recorded waits, above 0 and at most ${MAX_PACE_FACTOR}`,
      },
      keys: {
        '': ['mode', 'redact', 'keepBytes', 'tools', 'timing', 'pace', 'maxAgeDays', 'stale', 'modelIds'],
        pace: ['recorded'],
      },
    });
    throw new StandinError('V0002', `app.cassette(path, settings): the settings are malformed:\n${lines.join('\n')}`);
  }
  const forced = env[MODE_VARIABLE];
  if (forced !== undefined && forced !== '') {
    if (!(cassetteModes as readonly string[]).includes(forced)) {
      throw new StandinError(
        'V0002',
        `${MODE_VARIABLE}=${JSON.stringify(forced)} is not a cassette mode. Set it to replay, record or ` +
          `record-missing, or unset it.`,
      );
    }
    return forced as CassetteMode;
  }
  return parsed.data.mode ?? 'replay';
}

import { thrownName } from '../validation/formatPath.js';
import { z } from 'zod';
import { StandinError } from '../errors/StandinError.js';
import { describeIssues } from '../validation/describeIssues.js';
import { lazySchema } from '../validation/lazySchema.js';

/**
 * How a test app behaves where it differs from a production app, given as `createTestApp`'s
 * second argument.
 *
 * @example
 * ```ts
 * const app = createTestApp(config, { seed: 42, strictTools: false });
 * ```
 */
export interface TestAppSettings {
  /** The seed of retry jitter: the same seed waits the same delays on every run. Default 1. */
  readonly seed?: number | undefined;
  /**
   * Whether a tool error (no such tool, input that does not fit, a `run` that throws) fails the
   * run with `R0004`. Default true; `false` hands it to the model as a production app does, for
   * tests that script a bad call on purpose. A run's own `strictTools` option wins.
   */
  readonly strictTools?: boolean | undefined;
}

/** The settings, every default filled in. */
export interface TestAppSettingsParsed {
  readonly seed: number;
  readonly strictTools: boolean;
}

const settingsSchema = lazySchema(() =>
  z.strictObject({
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    strictTools: z.boolean().optional(),
  }),
);

const expected: Readonly<Record<string, string>> = {
  '': 'an object { seed?, strictTools? }',
  seed: 'a whole number from 0 to 4294967295',
  strictTools: 'true or false',
};

/**
 * Checks a test app's settings and fills in the defaults.
 *
 * @throws {StandinError} `T0048` naming each setting that is wrong, or saying the settings threw when read.
 * @example
 * ```ts
 * parseTestAppSettings({ seed: 7 }); // { seed: 7, strictTools: true }
 * ```
 */
export function parseTestAppSettings(
  settings: TestAppSettings | undefined,
  defaultSeed: number,
): TestAppSettingsParsed {
  if (settings === undefined) return { seed: defaultSeed, strictTools: true };
  let parsed: ReturnType<typeof settingsSchema.safeParse>;
  try {
    parsed = settingsSchema.safeParse(settings);
  } catch (error) {
    throw unreadable(error);
  }
  if (!parsed.success) {
    const lines = describeIssues('settings', settings, parsed.error.issues, {
      expected,
      keys: { '': ['seed', 'strictTools'] },
    });
    throw new StandinError(
      'T0048',
      `createTestApp(config, settings): the settings are malformed:\n${lines.join('\n')}`,
    );
  }
  return { seed: parsed.data.seed ?? defaultSeed, strictTools: parsed.data.strictTools ?? true };
}

/** `T0048` for settings that threw when read: a getter or a proxy trap that failed. */
export function unreadable(error: unknown): StandinError {
  const name = thrownName(error);
  return new StandinError(
    'T0048',
    `createTestApp(config, settings): the settings threw when read (${name}). Pass a plain object { seed?, ` +
      `strictTools? }, not getters or proxies that can fail.`,
    { cause: error },
  );
}

import { StandinError } from '../../errors/StandinError.js';
import { RealCallGuard } from './RealCallGuard.js';

/** Where the process-wide switch lives: on globalThis under a registered symbol, so every copy of standin loaded in the process (ESM and a test runner's own) sees one switch. */
const SWITCH = Symbol.for('standin/refuseRealCalls');

/** The environment variable that turns the process-wide guard on: `STANDIN_REAL_CALLS=refuse`. */
export const REAL_CALLS_VARIABLE = 'STANDIN_REAL_CALLS';

const holder = globalThis as { [SWITCH]?: boolean };

/**
 * Turns the process-wide real-call guard on (or, with `false`, off again): from then on every
 * app in the process — `createApp`'s included, a Nest module's included — refuses calls that
 * would reach a real provider adapter (`E0008`) or a real classifier (`K0006`). Put it in a test
 * setup file, so a test that forgot `useStandin` or `app.fake` fails rather than calls the
 * provider with real keys. `STANDIN_REAL_CALLS=refuse` in the environment does the same, and
 * wins over `guardRealCalls(false)`. A test app's `allowRealCalls` and a cassette that records
 * still reach the providers they name: they are explicit.
 *
 * @example
 * ```ts
 * // vitest.setup.ts (setupFiles) or jest.setup.ts (setupFilesAfterEnv)
 * import { guardRealCalls } from 'standin/testing';
 * guardRealCalls();
 * ```
 */
export function guardRealCalls(on = true): void {
  if (typeof on !== 'boolean') throw new StandinError('E0052', `guardRealCalls(on): on must be true or false, got a ${typeof on}. Call guardRealCalls() to refuse real calls in this process.`);
  holder[SWITCH] = on;
}

/**
 * Whether real calls are refused in this process: `guardRealCalls()` was called, or
 * `STANDIN_REAL_CALLS` is `refuse`.
 *
 * @throws {StandinError} `E0052` when `STANDIN_REAL_CALLS` holds anything but `refuse` or `allow`.
 * @example
 * ```ts
 * realCallsRefused(); // true after guardRealCalls()
 * ```
 */
export function realCallsRefused(): boolean {
  const variable = process.env[REAL_CALLS_VARIABLE];
  if (variable === undefined || variable === '' || variable === 'allow') return holder[SWITCH] === true;
  if (variable === 'refuse') return true;
  // A misspelled value must not leave the guard silently off.
  throw new StandinError('E0052', `${REAL_CALLS_VARIABLE} is '${variable.slice(0, 40)}', which standin does not know. Set it to 'refuse' to refuse real calls in this process, or unset it.`);
}

const processWide = new RealCallGuard('process');

/**
 * The guard a call goes through: the app's own (a test app's, which honours `allowRealCalls`),
 * else the process-wide one when real calls are refused, else none.
 *
 * @example
 * ```ts
 * guardOf(this.#guard)?.check(provider, providerName, modelName);
 * ```
 */
export function guardOf(own: RealCallGuard | undefined): RealCallGuard | undefined {
  if (own !== undefined) return own;
  return realCallsRefused() ? processWide : undefined;
}

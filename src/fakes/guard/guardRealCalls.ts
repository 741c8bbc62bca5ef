import { StandinError } from '../../errors/StandinError.js';
import { setRealCallsRefused } from '../../services/dispatch/processGuard.js';

/**
 * Turns the process-wide real-call guard on (or, with `false`, off again): from then on every
 * app in the process — `createApp`'s included, a Nest module's included — refuses calls that
 * would reach a real provider adapter (`E0008`) or a real classifier (`K0006`). Put it in a test
 * setup file, so a test that forgot `useStandin` or `app.fake` fails rather than calls the
 * provider with real keys. `STANDIN_REAL_CALLS=refuse` in the environment when an app is made
 * does the same for that app, and wins over `guardRealCalls(false)`. A test app's
 * `allowRealCalls` and a cassette that records still reach the providers they name: they are
 * explicit.
 *
 * @example
 * ```ts
 * // vitest.setup.ts (setupFiles) or jest.setup.ts (setupFilesAfterEnv)
 * import { guardRealCalls } from 'standin/testing';
 * guardRealCalls();
 * ```
 */
export function guardRealCalls(on = true): void {
  if (typeof on !== 'boolean') {
    throw new StandinError(
      'E0052',
      `guardRealCalls(on): on must be true or false, got a ${typeof on}. Call guardRealCalls() to refuse real calls ` +
        `in this process.`,
    );
  }
  setRealCallsRefused(on);
}

import { StoreFailure } from './StoreFailure.js';

/** `D0010`: a store that wrote cursors finds its keys gone, and stops: going on would give a script's answers twice. */
export function stateLost(
  shown: string,
  space: string,
  ttl: string,
  scriptName: string,
  scope: string,
  script: string,
): StoreFailure {
  return new StoreFailure(
    'D0010',
    `The Redis cursor store at ${shown} (key space '${space}') lost its state: its keys are gone ` +
      `(FLUSHALL, a Redis restart without persistence, or every key expired after ttlSeconds ${ttl}) though ` +
      `it had written cursors. ` +
      `Going on would start script '${script}' in scope '${scope}' again from 0 and give its answers a second ` +
      `time, so ${scriptName} was not run. Find what removed the keys, then reset the app (app.reset()) or make a ` +
      `new one.`,
  );
}

/**
 * `D0011`: a cursor-moving command timed out and Redis may have run it after, so where the cursor stands is unknown.
 */
export function cursorInDoubt(what: string, scope: string, script: string, timeoutMs: number): StoreFailure {
  return new StoreFailure(
    'D0011',
    `Script '${script}' in scope '${scope}': ${what} timed out earlier (D0002, cursors.timeoutMs ` +
      `${timeoutMs} ms), and Redis may have run it after, moving the cursor with no call given its ` +
      `answer. ` +
      'The store will not guess where the cursor stands: find why Redis stalled (CLIENT PAUSE, a long script), ' +
      'then reset the cursor (app.reset()) and run the calls again.',
  );
}

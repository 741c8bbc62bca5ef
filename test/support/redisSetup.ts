/**
 * vitest global setup: finds or fetches Redis once per test run, before the workers start, so
 * parallel test files never race to download it (redisBinaries also locks, for runs side by side).
 * A failure does not stop the run: the tests that need Redis fail with its one line, the rest run.
 */
import { provideRedis, RedisUnavailable, unavailableVariable } from './redisBinaries.js';

export default function setup(): void {
  try {
    provideRedis();
  } catch (error) {
    if (!(error instanceof RedisUnavailable)) throw error;
    process.env[unavailableVariable] = error.message;
  }
}

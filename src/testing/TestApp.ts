import type { InstantClock } from '../services/clock/InstantClock.js';
import { App } from '../services/app/App.js';
import { Tokens } from '../tokens/Tokens.js';

/**
 * An app for tests, made by `createTestApp`: its clock is instant and it calls no real provider
 * unless told to.
 *
 * @example
 * ```ts
 * const app = createTestApp(config);
 * app.allowRealCalls('openai'); // only in a test that means to
 * ```
 */
export class TestApp extends App {
  /** The app's instant clock: read `clock.slept` to see the delays retries waited. */
  get clock(): InstantClock {
    return this.container.get(Tokens.Clock) as InstantClock;
  }

  /** Lets calls reach the real adapters of the named providers, or of every provider when none is named. */
  allowRealCalls(...providers: string[]): void {
    this.container.get(Tokens.RealCallGuard).allow(...providers);
  }
}

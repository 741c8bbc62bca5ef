import { FakeClassification } from '../fakes/classification/FakeClassification.js';
import type { ClassificationScriptEntry } from '../fakes/classification/scriptEntry.js';
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

  /**
   * Binds a scripted classifier in this app's container only, in place of any classifier bound
   * at `Tokens.Classifier`, and answers it. Its cursors live in the app's cursor store, per scope.
   * With no script (or `[]`) every question gets its default answer. `await fake.verify()` throws
   * when script entries were never used.
   *
   * @example
   * ```ts
   * const classifier = app.fakeClassifier([{ answers: { team: 'billing', refund: 0.9 } }]);
   * await app.classify(ticket, questions);
   * await classifier.verify();
   * ```
   */
  fakeClassifier(script?: readonly ClassificationScriptEntry[]): FakeClassification {
    const fake = new FakeClassification(script === undefined ? { store: this.container.get(Tokens.CursorStore) } : { script, store: this.container.get(Tokens.CursorStore) });
    this.container.rebind(Tokens.Classifier).toConstantValue(fake);
    return fake;
  }
}

import type { Answer, AnswerFunction, Answers, CallRecord } from '../fakes/model/Answer.js';
import { bindFake } from '../fakes/model/bindFake.js';
import type { FakeChecks } from '../fakes/model/FakeChecks.js';
import type { FakeModel } from '../fakes/model/FakeModel.js';
import { FakeClassification } from '../fakes/classification/FakeClassification.js';
import type { ClassificationScriptEntry } from '../schemas/scriptEntry.js';
import type { InstantClock } from '../services/clock/InstantClock.js';
import { App } from '../services/app/App.js';
import { standIn } from '../services/container/standIn.js';
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

  /**
   * Fakes one model of this app, so a test calls no AI: its provider is rebound, for that model
   * in this app only, to a {@link FakeModel} answering from a list of answers, a function of the
   * request, or a record of calls. Faking the model again replaces the earlier fake. `checks`
   * (an agent fits) lets answers that ask for a tool it lacks, or give a value that does not fit
   * its output, fail now rather than when the call comes.
   *
   * @throws {StandinError} `T0012` for a model that is not configured; `T0001`-`T0008` for bad answers.
   * @example
   * ```ts
   * const writer = app.fake('writer', [
   *   { calls: [{ tool: 'findInGuide', with: { words: 'reset a password' } }] },
   *   { text: 'Open Settings, then Password. (Help desk guide, page 2)' },
   * ]);
   * ```
   */
  fake(model: string, answers: readonly Answer[], checks?: FakeChecks): FakeModel;
  fake(model: string, answers: AnswerFunction, checks?: FakeChecks): FakeModel;
  fake(model: string, answers: CallRecord, checks?: FakeChecks): FakeModel;
  fake(model: string, answers: Answers, checks?: FakeChecks): FakeModel;
  fake(model: string, answers: Answers, checks?: FakeChecks): FakeModel {
    return bindFake(this.container, model, answers, checks);
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
    standIn(this.container, Tokens.Classifier, fake);
    return fake;
  }
}

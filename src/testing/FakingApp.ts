import type { Answer, AnswerFunction, Answers, CallRecord } from '../fakes/model/Answer.js';
import { bindFake } from '../fakes/model/bindFake.js';
import type { FakeChecks } from '../fakes/model/FakeChecks.js';
import type { FakeModel } from '../fakes/model/FakeModel.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import type { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import type { FunctionClassifier, ClassifierFunction } from '../fakes/classification/FunctionClassifier.js';
import type { Fitting } from '../fakes/fitting/fitting.js';
import { App } from '../services/app/App.js';
import { assertAlive } from '../services/app/disposed.js';
import { readGuard } from '../validation/readGuard.js';
import { fakeClassifierIn } from './fakeClassifierIn.js';
import * as fakeTools from './fakeToolIn.js';
import { ScopeFakes } from './ScopeFakes.js';

/**
 * The faking half of a test app (see `TestApp`): puts scripted fakes of models, the classifier,
 * tools and MCP servers on the app's slots, for every scope or, through `scope(id)`, for one.
 *
 * @example
 * ```ts
 * const app = createTestApp(config); // a TestApp, which is a FakingApp
 * app.fake('writer', [{ text: 'Hi' }]);
 * ```
 */
export class FakingApp extends App {
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
    assertAlive(this.container, 'app.fake(...)');
    return readGuard('app.fake(model, answers)', () => bindFake(this.container, model, answers, checks));
  }

  /**
   * With a function, runs it in cursor scope `id` (see `App.scope`). With the id alone, answers
   * the fakes of that scope: scripts only calls made in scope `id` get — a request sending
   * `x-standin-scope: id`, or code run in `app.scope(id, fn)` — while other scopes keep the
   * scripts `app.fake` and `app.fakeClassifier` gave every scope.
   *
   * @example
   * ```ts
   * app.scope('req-1').fake('writer', [{ text: 'Hello, Ann' }]);
   * app.scope('req-2').fakeClassifier((request) => ({ answers: { team: 'billing' } }));
   * ```
   */
  override scope(id: string): ScopeFakes;
  override scope<T>(id: string, fn: () => T): T;
  override scope<T>(id: string, fn?: () => T): T | ScopeFakes {
    if (fn === undefined) return new ScopeFakes(this.container, id);
    return super.scope(id, fn);
  }

  /**
   * Binds a scripted classifier in this app's container only, in place of any classifier bound
   * at `Tokens.Classifier`, and answers it. Its cursors live in the app's cursor store, per scope.
   * In a Redis namespace the script is published (data only, `D0006`) and every container of the
   * namespace takes its entries, one per call across processes.
   * With no script (or `[]`) every question gets its default answer. `await fake.verify()` throws
   * when script entries were never used. Given a function of the request instead, each call asks
   * it for `{ answers }` or `{ error }` (not in a Redis namespace: `D0006`). Given `fitting()`, every
   * question gets its fitting answer: yes, the top level of a score, the first option as listed.
   *
   * @example
   * ```ts
   * const classifier = app.fakeClassifier([{ answers: { team: 'billing', refund: 0.9 } }]);
   * await app.classify(ticket, questions);
   * await classifier.verify();
   * ```
   */
  fakeClassifier(script?: readonly ClassificationScriptEntry[] | Fitting): FakeClassifier;
  fakeClassifier(answer: ClassifierFunction): FunctionClassifier;
  fakeClassifier(
    script?: readonly ClassificationScriptEntry[] | ClassifierFunction | Fitting,
  ): FakeClassifier | FunctionClassifier {
    assertAlive(this.container, 'app.fakeClassifier(...)');
    return readGuard('app.fakeClassifier(script)', () => fakeClassifierIn(this.container, script));
  }

  /**
   * Stands in for tool `name`'s `run` in every scope — an app's tool or an MCP tool, by the name the
   * model calls it — with scripted answers: a list of `{ output }` and `{ fail }` taken one per call,
   * per scope, or a function of the input. The tool's own `run` is never called.
   *
   * @throws {StandinError} `T0122` for bad answers, `T0127` for a bad name.
   * @example
   * ```ts
   * const guide = app.fakeTool('findInGuide', [{ output: { pages: [2] } }, { fail: 'The guide is down.' }]);
   * ```
   */
  fakeTool(name: string, answers: fakeTools.ToolAnswers): fakeTools.FakeTool {
    return fakeTools.fakeToolIn(this.container, name, answers);
  }

  /**
   * Stands in for the whole MCP server `server` in every scope: the tools it lists (names,
   * descriptions, input shapes) and each tool's scripted answers. `app.mcpTools(server)` then lists
   * and calls the fake, and no real server is started.
   *
   * @throws {StandinError} `M0040` for bad options, `T0122` for bad answers.
   * @example
   * ```ts
   * app.fakeMcp('tickets', { tools: { open: { input: z.object({ subject: z.string() }), answers: [{ output: { id: 7 } }] } } });
   * ```
   */
  fakeMcp(server: string, options: fakeTools.FakeMcpOptions): fakeTools.FakeMcp {
    return fakeTools.fakeMcpIn(this.container, server, options);
  }
}

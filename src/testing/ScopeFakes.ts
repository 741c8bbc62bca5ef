import type { Container } from 'inversify';
import { StandinError } from '../errors/StandinError.js';
import type { Answer, AnswerFunction, Answers, CallRecord } from '../fakes/model/Answer.js';
import type { FakeChecks } from '../fakes/model/FakeChecks.js';
import { FakeModel } from '../fakes/model/FakeModel.js';
import { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import { FunctionClassifier, type ClassifierFunction } from '../fakes/classification/FunctionClassifier.js';
import { sharedScriptsOf } from '../fakes/shared/bindSharedFakes.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import { assertAlive } from '../services/app/disposed.js';
import { scriptedLayer } from '../fakes/slot/layers.js';
import { shownGate } from '../fakes/gates/Gates.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { Tokens } from '../tokens/Tokens.js';
import { isFitting, type Fitting } from '../fakes/fitting/fitting.js';
import { closest } from '../validation/formatPath.js';
import {
  fakeMcpIn,
  fakeToolIn,
  type FakeMcp,
  type FakeMcpOptions,
  type FakeTool,
  type ToolAnswers,
} from './fakeToolIn.js';

/**
 * The fakes of one scope, from `app.scope(id)`: scripts that only calls made in that scope get
 * (a request that sends `x-standin-scope: id`, or code run in `app.scope(id, fn)`), while every
 * other scope keeps the scripts `app.fake` and `app.fakeClassifier` gave all scopes. A scope's
 * fake replaces the scope's earlier one. A model or classifier faked for some scopes only fails a
 * call in any other scope (`T0041`, `T0042`) rather than reach the real provider.
 *
 * Per-scope scripts live in this process: in a Redis namespace they are refused (`T0044`).
 *
 * @example
 * ```ts
 * app.scope('req-1').fake('writer', [{ text: 'Hello, Ann' }]);
 * app.scope('req-2').fake('writer', [{ text: 'Hello, Bob' }]);
 * app.scope('req-2').fakeClassifier([{ answers: { team: 'billing' } }]);
 * ```
 */
export class ScopeFakes {
  /** The scope these fakes answer in. */
  readonly scope: string;
  readonly #container: Container;

  constructor(container: Container, scope: string) {
    if (typeof scope !== 'string' || scope.length === 0 || scope.startsWith('\u0000')) {
      throw new StandinError(
        'S0002',
        `app.scope(id): a scope id must be a non-empty string, got ` +
          `${typeof scope !== 'string' ? `a ${typeof scope}` : scope.length === 0 ? 'an empty string' : 'a reserved name'}. ` +
          `Name the scope after the test or the request, e.g. app.scope('req-1').`,
      );
    }
    this.#container = container;
    this.scope = scope;
  }

  /**
   * Fakes `model` in this scope only, with `app.fake`'s answer forms (a list, a function of the
   * request, a record of calls) and checks. `pending()` and `verify()` of the fake read this scope.
   *
   * @throws {StandinError} `T0012` for a model that is not configured; `T0001`-`T0008` for bad answers; `T0044` in a
   * Redis namespace.
   */
  fake(model: string, answers: readonly Answer[], checks?: FakeChecks): FakeModel;
  fake(model: string, answers: AnswerFunction, checks?: FakeChecks): FakeModel;
  fake(model: string, answers: CallRecord, checks?: FakeChecks): FakeModel;
  fake(model: string, answers: Answers, checks?: FakeChecks): FakeModel;
  fake(model: string, answers: Answers, checks?: FakeChecks): FakeModel {
    const container = this.#container;
    assertAlive(container, `app.scope('${this.scope}').fake(...)`);
    this.#local(`fake('${String(model)}', answers)`);
    const models = Object.keys(container.get(Tokens.Config).models);
    if (typeof model !== 'string' || !models.includes(model)) {
      const guess = typeof model === 'string' ? closest(model, models) : undefined;
      const name = typeof model === 'string' ? `'${model}'` : `a ${typeof model}`;
      throw new StandinError(
        'T0012',
        `app.scope('${this.scope}').fake(${name}, answers): there is no model named ${name} to ` +
          `fake.${guess ? ` Did you mean '${guess}'?` : ''} Configured models: ` +
          `${models.length > 0 ? models.join(', ') : 'none'}.`,
      );
    }
    const fake = new FakeModel(answers, {
      model,
      store: container.get(Tokens.CursorStore),
      scopes: container.get(Tokens.Scopes),
      clock: container.get(Tokens.Clock),
      gates: slotsOf(container).gates,
      scope: this.scope,
      ...(checks === undefined ? {} : { checks }),
    });
    const label = `app.scope('${this.scope}').fake('${model}', answers)`;
    slotsOf(container)
      .model(model)
      .put(scriptedLayer('fake', fake, label, this.scope));
    return fake;
  }

  /**
   * Fakes the classifier in this scope only: with a script (as `app.fakeClassifier(script)`), a
   * function of the request answering `{ answers }` or `{ error }` for each call, or `fitting()`.
   *
   * @throws {StandinError} `K0010` for a bad script; `T0043` for a value that is not a function; `T0044` in a Redis
   * namespace.
   */
  fakeClassifier(script?: readonly ClassificationScriptEntry[] | Fitting): FakeClassifier;
  fakeClassifier(answer: ClassifierFunction): FunctionClassifier;
  fakeClassifier(
    script?: readonly ClassificationScriptEntry[] | ClassifierFunction | Fitting,
  ): FakeClassifier | FunctionClassifier {
    const container = this.#container;
    assertAlive(container, `app.scope('${this.scope}').fakeClassifier(...)`);
    this.#local('fakeClassifier(script)');
    const store = container.get(Tokens.CursorStore);
    const fake =
      typeof script === 'function'
        ? new FunctionClassifier(script)
        : isFitting(script)
          ? new FakeClassifier({ store, fitting: true })
          : new FakeClassifier({ script: script ?? [], store });
    const label = `app.scope('${this.scope}').fakeClassifier(script)`;
    slotsOf(container)
      .classifierSlot()
      .put(scriptedLayer('fake', fake, label, this.scope));
    return fake;
  }

  /**
   * Fakes tool `name`'s run in this scope only, with `app.fakeTool`'s answers (a list of `{ output }` /
   * `{ fail }`, or a function of the input). `pending()` and `verify()` of the fake read this scope.
   *
   * @throws {StandinError} `T0127` for a bad name; `T0122` for bad answers; `T0044` in a Redis namespace.
   * @example
   * ```ts
   * app.scope('req-1').fakeTool('findInGuide', [{ output: { pages: [2] } }]);
   * ```
   */
  fakeTool(name: string, answers: ToolAnswers): FakeTool {
    this.#local(`fakeTool('${String(name)}', answers)`);
    return fakeToolIn(this.#container, name, answers, this.scope);
  }

  /**
   * Fakes MCP server `server` in this scope only, with `app.fakeMcp`'s options.
   *
   * @throws {StandinError} `M0040` for bad options; `T0122` for bad answers; `T0044` in a Redis namespace.
   * @example
   * ```ts
   * app.scope('req-1').fakeMcp('tickets', { tools: { open: { answers: [{ output: { id: 7 } }] } } });
   * ```
   */
  fakeMcp(server: string, options: FakeMcpOptions): FakeMcp {
    this.#local(`fakeMcp('${String(server)}', { tools })`);
    return fakeMcpIn(this.#container, server, options, this.scope);
  }

  /**
   * Lets one stream held at gate `gate` in this scope on (the one that waited longest), or keeps the
   * release for the next stream of this scope to reach it. See `app.release`.
   *
   * @throws {StandinError} `T0070` for a gate no answer of the app names; `T0073` for a name that is not a gate name.
   * @example
   * ```ts
   * app.scope('req-1').release('mid');
   * ```
   */
  release(gate: string): void {
    assertAlive(this.#container, `app.scope('${this.scope}').release(...)`);
    slotsOf(this.#container).gates.release(gate, this.scope, `app.scope('${this.scope}').release(${shownGate(gate)})`);
  }

  /**
   * Closes the scope, which is done: what the app keeps of it is let go — its cursors (only how
   * far each script went is kept, so `verify()` and `pending()` still count what it took), what
   * every fake was sent in it and how those calls ended, a cassette's counts for it — so a process
   * that opens scope after scope holds no more than it did. The test author's errors its calls
   * raised stay, for `verify()`, and so do the scope's own fakes, until `app.reset()`. The same id
   * used again starts afresh.
   *
   * @example
   * ```ts
   * await app.scope('req-1', () => app.run(agent, 'Hello'));
   * await app.scope('req-1').close();
   * ```
   */
  async close(): Promise<void> {
    assertAlive(this.#container, `app.scope('${this.scope}').close()`);
    const store = this.#container.get(Tokens.CursorStore);
    await (store.release !== undefined ? store.release(this.scope) : store.reset(this.scope));
    this.#container.get(Tokens.StandIns).standIns?.release(this.scope, true);
  }

  #local(what: string): void {
    if (sharedScriptsOf(this.#container) === undefined) return;
    throw new StandinError(
      'T0044',
      `app.scope('${this.scope}').${what}: this app shares its scripts through a Redis namespace, and a script for ` +
        `one scope cannot cross processes. Fake for every scope (app.fake, app.fakeClassifier): each scope already ` +
        `walks the shared script from its start.`,
    );
  }
}

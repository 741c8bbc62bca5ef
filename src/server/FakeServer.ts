import type { Server } from 'node:http';
import { StandinError } from '../errors/StandinError.js';
import type { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import type { Answers } from '../fakes/model/Answer.js';
import type { FakeModel } from '../fakes/model/FakeModel.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { summarizeAnswer } from '../fakes/model/summarizeAnswer.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import { SystemClock } from '../services/clock/SystemClock.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../services/cursors/MemoryCursorStore.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { TestApp } from '../testing/TestApp.js';
import { Tokens } from '../tokens/Tokens.js';
import { appModel, appModels, appPending } from './appModels.js';
import { ClassifierBook } from './ClassifierBook.js';
import type { FakeServerSettings } from './FakeServerSettings.js';
import { loadScripts } from './loadScripts.js';
import { modelNotFound } from './modelNotFound.js';
import { ownApp } from './ownApp.js';
import { DEFAULT_BODY_LIMIT } from './readBody.js';
import { DEFAULT_WRITE_TIMEOUT_MS } from './respond.js';
import type { Scripts } from './scriptsSchema.js';
import { ScriptBook } from './ScriptBook.js';
import type { SentEntry } from './SentEntry.js';
import type { WireErrorNote } from './ScopeLedger.js';
import { DEFAULT_SENT_LIMIT, SentLog } from './SentLog.js';
import { ServedApp } from './ServedApp.js';
import { WireHandler } from './WireHandler.js';

/**
 * Scripted fakes over the providers' own HTTP protocols: OpenAI chat completions, responses,
 * embeddings and audio, Anthropic messages, and the TypeSafe and Decisions classifier APIs.
 * Point an official SDK client's base URL at `url` (`${url}/v1` for OpenAI clients). Made by
 * `createFakeServer`.
 *
 * @example
 * ```ts
 * const server = await createFakeServer();
 * server.fake('gpt-4.1-mini', [{ text: 'Hello!' }]);
 * const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'test' });
 * await openai.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Hi' }] });
 * await server.verify();
 * await server.close();
 * ```
 */
export class FakeServer {
  /** The base URL, such as `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The token the control API needs. */
  readonly token: string;
  readonly #server: Server;
  readonly #given: TestApp | undefined;
  readonly #store: CursorStore;
  readonly #book: ScriptBook | undefined;
  readonly #classifiers: ClassifierBook | undefined;
  readonly #appFakes = new Map<string, FakeModel>();
  readonly #sent: SentLog;
  readonly #served: ServedApp;
  readonly #handler: WireHandler;
  #closed = false;

  /** @internal Use `createFakeServer`. */
  constructor(server: Server, url: string, token: string, settings: FakeServerSettings) {
    this.#server = server;
    this.url = url;
    this.token = token;
    this.#given = settings.app;
    this.#sent = new SentLog(settings.sentLimit, settings.sentBytes);
    if (this.#given === undefined) {
      const store = new MemoryCursorStore();
      const clock = new SystemClock();
      const book = new ScriptBook(store, clock, settings.sentLimit ?? DEFAULT_SENT_LIMIT);
      const classifiers = new ClassifierBook(store);
      this.#store = store;
      this.#book = book;
      this.#classifiers = classifiers;
      this.#served = new ServedApp({ book, make: (models) => ownApp(book, store, clock, models, classifiers.adapter) });
    } else {
      this.#store = this.#given.container.get(Tokens.CursorStore);
      this.#served = new ServedApp({ given: this.#given });
    }
    this.#handler = new WireHandler({
      url,
      token,
      bodyLimit: settings.bodyLimit ?? DEFAULT_BODY_LIMIT,
      writeTimeoutMs: settings.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS,
      served: this.#served,
      sent: this.#sent,
      book: this.#book,
      given: this.#given,
      target: this,
    });
    server.on('request', (request, response) => void this.#handler.handle(request, response));
    if (settings.scripts !== undefined) this.load(settings.scripts);
  }

  /**
   * What clients asked, in order, across scopes: `{ scope, path, model, call, input }`. Never an
   * API key or any other header. The oldest entries past `sentLimit` requests, or past
   * `sentBytes` bytes of request bodies, are dropped (see {@link sentDropped}).
   */
  get sent(): readonly SentEntry[] {
    return this.#sent.entries();
  }

  /**
   * How many requests `sent` dropped to keep within `sentLimit` and `sentBytes`, since the last `reset()` of every
   * scope.
   */
  get sentDropped(): number {
    return this.#sent.dropped;
  }

  /**
   * Scripts the model clients call by `model` (the id they send, `gpt-4.1-mini`) for every scope,
   * or for one `scope`, in `app.fake`'s answer format; answers are checked now. Scripting a
   * model again replaces its script there. A server serving an app fakes the app's model whose
   * name or model id is `model`.
   *
   * @throws {StandinError} `T0001`-`T0005` for bad answers; `W0013` for a scope on a server serving an app.
   */
  fake(model: string, answers: Answers, scope?: string): FakeModel {
    this.#open();
    if (this.#book !== undefined) return this.#book.fake(model, answers, scope);
    if (scope !== undefined) {
      throw new StandinError(
        'W0013',
        `a server serving an app's fakes scripts them for every scope; it cannot script model '${model}' for scope ` +
          `'${scope}' alone. Leave the scope out, or make the server without app.`,
      );
    }
    const app = this.#given!;
    const name = appModel(app, model);
    if (name === undefined) throw modelNotFound('openai', model, appModels(app));
    const fake = app.fake(name, answers);
    this.#appFakes.set(model, fake);
    return fake;
  }

  /**
   * Scripts the classifier the typesafe (`POST /v1/systemone`) and decisions (`POST /v1/decisions`)
   * endpoints answer from, in `fakeClassifier`'s form: for every scope, or for one `scope`.
   *
   * @throws {StandinError} `K0010` for a malformed script; `W0013` for a scope on a server serving an app.
   */
  fakeClassifier(script?: readonly ClassificationScriptEntry[], scope?: string): FakeClassifier {
    this.#open();
    if (this.#classifiers !== undefined) return this.#classifiers.fake(script, scope);
    if (scope !== undefined) {
      throw new StandinError(
        'W0013',
        `a server serving an app's fakes scripts its classifier for every scope; it cannot script it for scope ` +
          `'${scope}' alone. Leave the scope out, or make the server without app.`,
      );
    }
    return this.#given!.fakeClassifier(script);
  }

  /**
   * Loads a scripts document (the scripts file's shape) for every scope (the defaults each scope
   * starts from), or for one `scope`. Each model it names replaces that model's script there;
   * with `replace`, it replaces every script there (models it does not name, and the classifier
   * when it names none, are dropped), as `PUT /__standin/scripts` does; a server serving an app
   * never drops the app's other fakes, so there each model named replaces its fake and the rest
   * stay (`replaced: false`). A document refused changes nothing (on a server serving an app,
   * the models loaded before the one refused stay).
   *
   * @throws {WireError} `W0008` naming the path of the problem and the fix; `W0016` for a malformed classifier `fail`
   * entry.
   */
  load(scripts: Scripts, scope?: string, options: { readonly replace?: boolean } = {}): { readonly replaced: boolean } {
    this.#open();
    const book = this.#book;
    const classifiers = this.#classifiers;
    if (book === undefined || classifiers === undefined) {
      // The app's other stand-ins are its owner's, not the server's to drop: each model named replaces its fake, the
      // rest stay.
      loadScripts(this, scripts, scope);
      return { replaced: false };
    }
    // Checked whole on throwaway books first, so a document refused halfway leaves the scripts as they were.
    const scratch = new MemoryCursorStore();
    const books = { models: new ScriptBook(scratch, new SystemClock(), 0), classifiers: new ClassifierBook(scratch) };
    loadScripts(
      {
        fake: (model, answers) => books.models.fake(model, answers),
        fakeClassifier: (script) => books.classifiers.fake(script),
      },
      scripts,
      scope,
    );
    if (options.replace === true) {
      if (scope === undefined) {
        book.forgetDefaults();
        classifiers.forgetDefault();
      } else {
        book.forget(scope);
        classifiers.forget(scope);
      }
    }
    loadScripts(this, scripts, scope);
    return { replaced: options.replace === true };
  }

  /**
   * The answers not given yet, per scope and model id: in `scope` when one is named, else in every
   * scope a request ran in or a script was loaded for (the default scope is `''`). Scopes and
   * models with nothing left are left out. A scope counts the models scripted for it alone and
   * the models its requests called, never a default script it did not use; without a scope named,
   * a default script no scope used is listed under the default scope.
   */
  async pending(scope?: string): Promise<Record<string, Record<string, readonly PendingAnswer[]>>> {
    const ledger = this.#handler.ledger;
    const scopes =
      scope !== undefined ? [scope] : [...new Set([...ledger.scopes, ...(this.#book?.scopes ?? [])])].sort();
    const found: Record<string, Record<string, readonly PendingAnswer[]>> = {};
    for (const name of scopes) {
      const counted = new Set([...ledger.models(name), ...(this.#book?.own(name) ?? [])]);
      const unused =
        this.#book !== undefined
          ? await this.#book.pending(name, counted)
          : await appPending(this.#appFakes, name, (model) => counted.has(model));
      if (Object.keys(unused).length > 0) found[name] = unused;
    }
    if (scope === undefined) {
      // A default script no request in any scope called: every answer of it is unused.
      const given = this.#given;
      const never = (model: string): boolean =>
        !ledger.usedAnywhere(model) && (given === undefined || !ledger.usedAnywhere(appModel(given, model) ?? model));
      const defaults =
        this.#book !== undefined
          ? await this.#book.pending(DEFAULT_SCOPE, this.#book.defaults.filter(never))
          : await appPending(this.#appFakes, DEFAULT_SCOPE, never);
      if (Object.keys(defaults).length > 0) found[DEFAULT_SCOPE] = { ...found[DEFAULT_SCOPE], ...defaults };
    }
    return found;
  }

  /**
   * The requests answered with a test author's error, per scope: a call past the end of a script
   * (`T0013`), an answer that does not fit (`T0008`), an unfaked scope (`T0041`, `T0042`), a
   * classifier script's error (`K0008`, `K0011`, `K0013`). In `scope`, or in every scope.
   */
  errors(scope?: string): Record<string, { readonly count: number; readonly errors: readonly WireErrorNote[] }> {
    const ledger = this.#handler.ledger;
    const found: Record<string, { count: number; errors: readonly WireErrorNote[] }> = {};
    for (const name of scope !== undefined ? [scope] : ledger.scopes) {
      const { kept, count } = ledger.errors(name);
      if (count > 0) found[name] = { count, errors: [...kept] };
    }
    return found;
  }

  /**
   * Throws when a request was answered a test author's error (`W0018`, listing them per scope), or
   * when answers are left (`W0014`, listing per scope and model the answers never asked for): in
   * `scope`, or in every scope (see {@link pending}). Made for `afterEach`.
   */
  async verify(scope?: string): Promise<void> {
    const errors = this.errors(scope);
    if (Object.keys(errors).length > 0) {
      const lines: string[] = [];
      for (const [name, { count, errors: kept }] of Object.entries(errors)) {
        lines.push(
          `In ${where(name)}, ${count} request${count === 1 ? ' was' : 's were'} answered a test author's error:`,
        );
        for (const error of kept) lines.push(`  ${error.path}: ${error.code} ${error.message}`);
        if (count > kept.length) lines.push(`  ... and ${count - kept.length} more`);
      }
      throw new StandinError(
        'W0018',
        `requests were answered with a test author's error, even if the client went on.\n${lines.join('\n')}\nFix ` +
          `each: the error's own message says what to write.`,
      );
    }
    const unused = await this.pending(scope);
    const lines: string[] = [];
    for (const [name, models] of Object.entries(unused)) {
      for (const [model, answers] of Object.entries(models)) {
        lines.push(
          `In ${where(name)}, model '${model}' has ${answers.length} answer${answers.length === 1 ? '' : 's'} never ` +
            `asked for:`,
        );
        for (const { index, answer } of answers) lines.push(`  [${index}] ${summarizeAnswer(answer)}`);
      }
    }
    if (lines.length > 0) {
      throw new StandinError(
        'W0014',
        `answers were never asked for.\n${lines.join('\n')}\nRemove them, or find why the client asked fewer times ` +
          `than the test expects.`,
      );
    }
  }

  /**
   * Forgets, in `scope` or in every scope: cursors, the requests remembered for retries, `sent`,
   * the models used and errors answered (verify's), and the scripts loaded for that scope alone.
   * The defaults (scripts for every scope) stay, unless `defaults` is true and no scope is named.
   * On a server serving an app, the app's cursors in that scope are forgotten too.
   */
  async reset(scope?: string, options: { readonly defaults?: boolean } = {}): Promise<void> {
    await this.#store.reset(scope);
    this.#handler.steps.forget(scope);
    this.#book?.forget(scope);
    this.#classifiers?.forget(scope);
    this.#sent.forget(scope);
    this.#handler.ledger.forget(scope);
    if (scope === undefined && options.defaults === true) {
      this.#book?.forgetDefaults();
      this.#classifiers?.forgetDefault();
    }
  }

  /** Stops listening, closes open connections and disposes the apps the server made (never one it was given). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#handler.close();
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    await this.#served.close();
  }

  #open(): void {
    if (this.#closed)
      throw new StandinError('W0011', 'W0011: this wire server was closed. Make a new one with createFakeServer().');
  }
}

function where(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`;
}

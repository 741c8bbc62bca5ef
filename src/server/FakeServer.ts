import { StandinError } from '../errors/StandinError.js';
import type { FakeClassifier } from '../fakes/classification/FakeClassifier.js';
import type { Answers } from '../fakes/model/Answer.js';
import type { FakeModel } from '../fakes/model/FakeModel.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import type { ClassificationScriptEntry } from '../fakes/script/scriptEntry.js';
import type { Fitting } from '../fakes/fitting/fitting.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import type { TestApp } from '../testing/TestApp.js';
import { Tokens } from '../tokens/Tokens.js';
import { appModel, appModels } from './appModels.js';
import { checkScripts } from './checkScripts.js';
import type { Chaos, ChaosSettings, FakeServerSettings } from './FakeServerSettings.js';
import { loadScripts } from './loadScripts.js';
import { modelNotFound } from './modelNotFound.js';
import { fallbackDialect } from './dialects/registry.js';
import { DEFAULT_BODY_LIMIT } from './readBody.js';
import { DEFAULT_WRITE_TIMEOUT_MS } from './respond.js';
import type { Scripts } from './scriptsSchema.js';
import type { ScriptBook } from './ScriptBook.js';
import type { ClassifierBook } from './ClassifierBook.js';
import { pendingAnswers, scopeErrors } from './scopeReports.js';
import type { SentEntry } from './SentEntry.js';
import type { WireErrorNote } from './ScopeLedger.js';
import { SentLog } from './SentLog.js';
import { ServedApp, type Serving } from './ServedApp.js';
import { RecordingApps } from './RecordingApps.js';
import type { CassetteMode } from '../fakes/cassettes/cassetteSettings.js';
import { throwOnErrors, throwOnUnreplayed, throwOnUnused } from './verifyReport.js';
import { WireHandler } from './WireHandler.js';
import { scopeRefused } from './scopeRefused.js';
import { ownServing } from './ownServing.js';
import { Gates, shownGate } from '../fakes/gates/Gates.js';
import { slotsOf } from '../fakes/slot/Slots.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import { transcriptSteps, type TranscriptSource } from '../fakes/transcript/transcriptSteps.js';
import { transcriptText } from '../fakes/transcript/transcriptText.js';
import { appSources, transcriptScrub } from '../testing/appTranscript.js';
import { inspection, type Inspection } from './inspection.js';
import type { WireListener } from './WireListener.js';

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
  readonly #listener: WireListener;
  readonly #given: TestApp | undefined;
  readonly #store: CursorStore;
  readonly #book: ScriptBook | undefined;
  readonly #classifiers: ClassifierBook | undefined;
  readonly #appFakes = new Map<string, FakeModel>();
  readonly #sent: SentLog;
  readonly #served: Serving;
  /** The apps of a recording server (`record`), which answers from its providers and its cassette. */
  readonly #recording: RecordingApps | undefined;
  readonly #handler: WireHandler;
  /** Where streams hold: the given app's gates, or the server's own. */
  readonly #gates: Gates;
  #closed = false;

  /** @internal Use `createFakeServer`. */
  constructor(listener: WireListener, url: string, token: string, settings: FakeServerSettings) {
    this.#listener = listener;
    this.url = url;
    this.token = token;
    this.#given = settings.app;
    const record = settings.record;
    this.#recording =
      record === undefined
        ? undefined
        : new RecordingApps(settings.config!, typeof record === 'string' ? { path: record } : record);
    this.#sent = new SentLog(settings.sentLimit, settings.sentBytes);
    this.#gates = this.#given === undefined ? new Gates() : slotsOf(this.#given.container).gates;
    const own =
      this.#given === undefined && this.#recording === undefined ? ownServing(settings, this.#gates) : undefined;
    this.#store = own?.store ?? this.#app!.container.get(Tokens.CursorStore);
    this.#book = own?.book;
    this.#classifiers = own?.classifiers;
    this.#served = own?.served ?? this.#recording ?? new ServedApp({ given: this.#given! });
    this.#handler = new WireHandler({
      url,
      token,
      bodyLimit: settings.bodyLimit ?? DEFAULT_BODY_LIMIT,
      writeTimeoutMs: settings.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS,
      served: this.#served,
      sent: this.#sent,
      book: this.#book,
      given: this.#given,
      recording: this.#recording,
      target: this,
      chaos: settings.chaos,
      mcp: { sessions: settings.mcpSessions, idleMs: settings.mcpIdleMs },
    });
    listener.handle((request, response) => void this.#handler.handle(request, response));
    if (settings.scripts !== undefined) this.load(settings.scripts);
  }

  /** Where a recording server records, and the mode in force (`STANDIN_CASSETTES`'s when set); else undefined. */
  get recordsTo(): { readonly path: string; readonly mode: CassetteMode } | undefined {
    const cassette = this.#recording?.cassette;
    return cassette === undefined ? undefined : { path: cassette.path, mode: cassette.mode };
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
    this.#scriptable('server.fake(...)');
    if (this.#book !== undefined) return this.#book.fake(model, answers, scope);
    if (scope !== undefined) throw scopeRefused(`model '${model}'`, scope);
    const app = this.#given!;
    const name = appModel(app, model);
    if (name === undefined) throw modelNotFound(fallbackDialect, model, appModels(app));
    const fake = app.fake(name, answers);
    this.#appFakes.set(model, fake);
    return fake;
  }

  /**
   * Scripts the classifier the typesafe (`POST /v1/systemone`) and decisions (`POST /v1/decisions`)
   * endpoints answer from, in `fakeClassifier`'s form (`fitting()` included): for every scope, or for one `scope`.
   *
   * @throws {StandinError} `K0010` for a malformed script; `W0013` for a scope on a server serving an app.
   */
  fakeClassifier(script?: readonly ClassificationScriptEntry[] | Fitting, scope?: string): FakeClassifier {
    this.#open();
    this.#scriptable('server.fakeClassifier(...)');
    if (this.#classifiers !== undefined) return this.#classifiers.fake(script, scope);
    if (scope !== undefined) throw scopeRefused('its classifier', scope);
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
    this.#scriptable('loading scripts');
    const book = this.#book;
    const classifiers = this.#classifiers;
    if (book === undefined || classifiers === undefined) {
      // The app's other stand-ins are its owner's, not the server's to drop: each model named replaces its fake, the
      // rest stay.
      loadScripts(this, scripts, scope, { mcp: this.#handler.mcp });
      return { replaced: false };
    }
    // Checked whole on throwaway books first, so a document refused halfway leaves the scripts as they were.
    checkScripts(scripts, scope);
    if (options.replace === true) {
      if (scope === undefined) {
        book.forgetDefaults();
        classifiers.forgetDefault();
      } else {
        book.forget(scope);
        classifiers.forget(scope);
      }
    }
    loadScripts(this, scripts, scope, { mcp: this.#handler.mcp, replace: options.replace === true });
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
    return pendingAnswers(
      { ledger: this.#handler.ledger, book: this.#book, appFakes: this.#appFakes, given: this.#given },
      scope,
    );
  }

  /**
   * The requests answered with a test author's error, per scope: a call past the end of a script
   * (`T0013`), an answer that does not fit (`T0008`), an unfaked scope (`T0041`, `T0042`), a
   * classifier script's error (`K0008`, `K0011`, `K0013`). In `scope`, or in every scope.
   */
  errors(scope?: string): Record<string, { readonly count: number; readonly errors: readonly WireErrorNote[] }> {
    return scopeErrors(this.#handler.ledger, scope);
  }

  /**
   * Throws when a request was answered a test author's error (`W0018`, listing them per scope), or
   * when answers are left (`W0014`, listing per scope and model the answers never asked for): in
   * `scope`, or in every scope (see {@link pending}). Made for `afterEach`.
   */
  async verify(scope?: string): Promise<void> {
    throwOnErrors(this.errors(scope));
    throwOnUnused(await this.pending(scope), this.#handler.mcp.book.pending(scope));
    throwOnUnreplayed(await this.unreplayed(scope));
  }

  /**
   * The served cassette's entries (or tool runs) never replayed, one line each: what a whole-server verify fails on
   * besides the answers left (`V0005`). A cassette's entries belong to no one scope, so with a `scope` there are none.
   */
  async unreplayed(scope?: string): Promise<readonly string[]> {
    const app = this.#app;
    if (scope !== undefined || app === undefined) return [];
    const findings = await app.pending();
    return findings.filter((finding) => finding.code === 'V0005' || finding.code === 'V0022').map(({ line }) => line);
  }

  /**
   * Lets one stream held at gate `gate` in `scope` (the default scope, of requests that name none,
   * when left out) on, or keeps the release for the next stream there, as `POST
   * /__standin/release?gate=<name>[&scope=<id>]` does. See `app.release`.
   *
   * @throws {StandinError} `T0070` for a gate no script names; `T0073` for a name that is not a gate name.
   */
  release(gate: string, scope?: string): void {
    this.#open();
    this.#gates.release(gate, scope ?? DEFAULT_SCOPE, `release(${shownGate(gate)})`);
  }

  /**
   * Every step the server's fakes took, as stable text for a snapshot (see `app.transcript`): in
   * `scope`, or per scope in every scope, by the model id clients sent (a served app's model names).
   */
  transcript(scope?: string): string {
    return transcriptText(transcriptSteps(this.#sources(), scope, [], transcriptScrub(this.#app?.container)));
  }

  /** What the inspector page shows: each scope's steps, its pending answers and what verify would say. */
  async inspection(): Promise<Inspection> {
    const steps = transcriptSteps(this.#sources(), undefined, [], transcriptScrub(this.#app?.container));
    return inspection('standin wire server', steps, await this.pending(), this.errors());
  }

  #sources(): TranscriptSource[] {
    return this.#book?.sources ?? appSources(this.#app!.container);
  }

  /** The app served: the one given, or a recording server's latest. */
  get #app(): TestApp | undefined {
    return this.#given ?? this.#recording?.app;
  }

  /** `W0072` on a recording server, which takes no scripts. */
  #scriptable(what: string): void {
    if (this.#recording === undefined) return;
    throw new StandinError(
      'W0072',
      `This wire server records to ${this.#recording.cassette.path}: it answers from its providers and its ` +
        `cassette, and takes no scripts (${what}). Script a server made without record.`,
    );
  }

  /**
   * Forgets, in `scope` or in every scope: cursors, the requests remembered for retries, `sent`, the models
   * used and errors answered (verify's), and the scripts loaded for that scope alone; the streams held there
   * end (`T0072`).
   * The defaults (scripts for every scope) stay, unless `defaults` is true and no scope is named.
   * On a server serving an app, the app's cursors in that scope are forgotten too.
   */
  async reset(scope?: string, options: { readonly defaults?: boolean } = {}): Promise<void> {
    this.#gates.end(`the wire server's ${scope === undefined ? 'scopes were' : `scope '${scope}' was`} reset`, {
      keepNames: true,
      ...(scope === undefined ? {} : { scope }),
    });
    await this.#store.reset(scope);
    this.#handler.forget(scope);
    this.#book?.forget(scope);
    this.#classifiers?.forget(scope);
    this.#handler.mcp.book.reset(scope, scope === undefined && options.defaults === true);
    if (scope === undefined && options.defaults === true) {
      this.#book?.forgetDefaults();
      this.#classifiers?.forgetDefault();
    }
  }

  /** Lays seeded chaos over the served models (see `app.chaos`), in place of any before, as `POST /__standin/chaos`. */
  chaos(settings: ChaosSettings | undefined): Chaos | undefined {
    return this.#handler.chaos.set(settings);
  }

  /** Stops listening, closes open connections and disposes the apps the server made (never one it was given). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#given === undefined) this.#gates.end('the wire server was closed', { closed: true });
    await this.#handler.close();
    await this.#listener.close();
    await this.#served.close();
  }

  #open(): void {
    if (this.#closed)
      throw new StandinError('W0011', 'W0011: this wire server was closed. Make a new one with createFakeServer().');
  }
}

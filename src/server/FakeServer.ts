// Over 300 lines for now: the server's lifecycle, scripting, control and verification share one
// class's state. Its protocols, scopes, step keys and failures already live in files of their own.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { CallFailed } from '../errors/CallFailed.js';
import { ProviderFailure } from '../errors/ProviderFailure.js';
import { StandinError } from '../errors/StandinError.js';
import type { Answers } from '../fakes/model/Answer.js';
import { FakeClassification } from '../fakes/classification/FakeClassification.js';
import type { ClassificationScriptEntry } from '../schemas/scriptEntry.js';
import type { FakeModel } from '../fakes/model/FakeModel.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { summarizeAnswer } from '../fakes/model/summarizeAnswer.js';
import type { App } from '../services/app/App.js';
import { SystemClock } from '../services/clock/SystemClock.js';
import { lazySchema } from '../validation/lazySchema.js';
import type { CursorStore } from '../services/cursors/CursorStore.js';
import { MemoryCursorStore } from '../services/cursors/MemoryCursorStore.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { TestApp } from '../testing/TestApp.js';
import { Tokens } from '../tokens/Tokens.js';
import { describeIssues } from '../validation/describeIssues.js';
import { CONTROL_PREFIX, control } from './control.js';
import { errorBody, type Dialect } from './dialect.js';
import { wireFailure } from './failures.js';
import { modelNotFound } from './modelNotFound.js';
import { ownApp } from './ownApp.js';
import { DEFAULT_BODY_LIMIT, readBody } from './readBody.js';
import { resolveScope } from './resolveScope.js';
import { sendJson } from './respond.js';
import { routes } from './routes.js';
import { SchemaCache } from './schemaCache.js';
import { ScriptBook } from './ScriptBook.js';
import { answersOf, classifierOf, scriptsExpected, scriptsSchema, type Scripts } from './scriptsSchema.js';
import type { SentEntry } from './SentEntry.js';
import { StepKeys } from './StepKeys.js';
import type { WireContext } from './WireContext.js';
import { WireError } from './WireError.js';

/** How many requests `sent` keeps when the settings name no other: the oldest go first. */
export const DEFAULT_SENT_LIMIT = 10_000;
/** The environment variable a control token may be given in. */
export const TOKEN_VARIABLE = 'STANDIN_TOKEN';

const settingsSchema = lazySchema(() => z.strictObject({
  app: z.custom<TestApp>((value) => typeof value === 'object' && value !== null && typeof (value as TestApp).fake === 'function', { message: 'a test app from createTestApp' }).optional(),
  scripts: z.unknown().optional(),
  host: z.string().min(1).optional(),
  port: z.number().int().min(0).max(65_535).optional(),
  token: z.string().min(16).max(200).optional(),
  bodyLimit: z.number().int().min(1024).optional(),
  sentLimit: z.number().int().min(0).optional(),
}));

/**
 * How a wire server is made: what it serves, where it listens, its limits.
 *
 * @example
 * ```ts
 * const settings: FakeServerSettings = { scripts: { models: { 'gpt-4.1-mini': [{ text: 'Hello!' }] } } };
 * ```
 */
export interface FakeServerSettings {
  /** Serve this test app's fakes (`app.fake(...)`), by the model ids its config names. Left out, the server scripts its own app. */
  readonly app?: TestApp | undefined;
  /** Scripts to start with: answers per model id, and a classifier script. */
  readonly scripts?: Scripts | undefined;
  /** The address to listen on: `127.0.0.1` unless another is asked for. */
  readonly host?: string | undefined;
  /** The port: 0 (the default) takes a free one. */
  readonly port?: number | undefined;
  /** The control API's token (16 to 200 characters): else `STANDIN_TOKEN`, else a random one. */
  readonly token?: string | undefined;
  /** The largest request body read, in bytes: 25 MiB by default. */
  readonly bodyLimit?: number | undefined;
  /** How many requests `sent` keeps, the oldest dropped first: 10,000 by default. */
  readonly sentLimit?: number | undefined;
}

/**
 * Scripted fakes over the providers' own HTTP protocols: OpenAI chat completions, responses,
 * embeddings and audio, and Anthropic messages. Point an
 * official SDK client's base URL at `url` (`${url}/v1` for OpenAI clients). Made by
 * {@link createFakeServer}.
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
  readonly #clock = new SystemClock();
  readonly #appFakes = new Map<string, FakeModel>();
  readonly #steps = new StepKeys();
  readonly #schemas = new SchemaCache();
  readonly #sent: SentEntry[] = [];
  readonly #scopes = new Set<string>();
  readonly #bodyLimit: number;
  readonly #sentLimit: number;
  #classifier: FakeClassification | undefined;
  #own: { readonly app: TestApp; readonly models: string } | undefined;
  #responses = 0;
  #closed = false;

  /** @internal Use {@link createFakeServer}. */
  constructor(server: Server, url: string, token: string, settings: FakeServerSettings) {
    this.#server = server;
    this.url = url;
    this.token = token;
    this.#given = settings.app;
    this.#bodyLimit = settings.bodyLimit ?? DEFAULT_BODY_LIMIT;
    this.#sentLimit = settings.sentLimit ?? DEFAULT_SENT_LIMIT;
    if (this.#given === undefined) {
      this.#store = new MemoryCursorStore();
      this.#book = new ScriptBook(this.#store, this.#clock, this.#sentLimit);
      this.#classifier = new FakeClassification({ store: this.#store });
    } else {
      this.#store = this.#given.container.get(Tokens.CursorStore);
    }
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void this.#handle(request, response));
    if (settings.scripts !== undefined) this.load(settings.scripts);
  }

  /**
   * What clients asked, in order, across scopes: `{ scope, path, model, call, input }`. Never an
   * API key or any other header. The oldest entries past `sentLimit` are dropped.
   */
  get sent(): readonly SentEntry[] {
    return this.#sent;
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
      throw new StandinError('W0013', `a server serving an app's fakes scripts them for every scope; it cannot script model '${model}' for scope '${scope}' alone. Leave the scope out, or make the server without app.`);
    }
    const app = this.#given!;
    const name = appModel(app, model);
    if (name === undefined) throw modelNotFound('openai', model, appModels(app));
    const fake = app.fake(name, answers);
    this.#appFakes.set(model, fake);
    return fake;
  }

  /** Scripts the classifier of the app the server answers with (no HTTP classifier endpoint serves it yet), in `fakeClassifier`'s form. */
  fakeClassifier(script?: readonly ClassificationScriptEntry[]): FakeClassification {
    this.#open();
    if (this.#given !== undefined) return this.#given.fakeClassifier(script);
    const fake = new FakeClassification(script === undefined ? { store: this.#store } : { script, store: this.#store });
    this.#classifier = fake;
    this.#own?.app.container.rebind(Tokens.Classifier).toConstantValue(fake);
    return fake;
  }

  /**
   * Loads a scripts document (the scripts file's shape) for every scope, or for one `scope`.
   *
   * @throws {WireError} `W0008` naming the path of the problem and the fix.
   */
  load(scripts: Scripts, scope?: string): void {
    const models = (scripts as { models?: unknown } | null | undefined)?.models;
    // A JSON body can hold the key, and a parsed record would drop it without a word.
    if (typeof models === 'object' && models !== null && Object.hasOwn(models, '__proto__')) {
      throw new WireError('W0008', 400, "The scripts are malformed:\nscripts.models.__proto__: '__proto__' cannot be a model name. Script a model the app configures.", { type: 'invalid_request_error', retry: false });
    }
    const parsed = scriptsSchema.safeParse(scripts);
    if (!parsed.success) {
      const lines = describeIssues('scripts', scripts, parsed.error.issues, {
        expected: scriptsExpected,
        pattern: scriptsPattern,
        keys: { '': ['models', 'classifier'], 'models.*': ['reply', 'embed', 'hear', 'speak', 'rank'] },
      });
      throw new WireError('W0008', 400, `The scripts are malformed:\n${lines.join('\n')}`, { type: 'invalid_request_error', retry: false });
    }
    for (const [model, script] of Object.entries(parsed.data.models)) {
      try {
        this.fake(model, answersOf(script), scope);
      } catch (error) {
        if (!(error instanceof StandinError) || error instanceof WireError) throw error;
        throw new WireError('W0008', 400, `scripts.models['${model}']: ${error.message}`, { type: 'invalid_request_error', retry: false });
      }
    }
    const classifier = classifierOf(parsed.data);
    if (classifier === undefined) return;
    if (scope !== undefined) {
      throw new WireError('W0013', 400, `scripts.classifier: the classifier is scripted for every scope; it cannot be loaded for scope '${scope}' alone. Load it without ?scope.`, { type: 'invalid_request_error', retry: false });
    }
    try {
      this.fakeClassifier(classifier);
    } catch (error) {
      if (!(error instanceof StandinError)) throw error;
      throw new WireError('W0008', 400, `scripts.classifier: ${error.message}`, { type: 'invalid_request_error', retry: false });
    }
  }

  /**
   * The answers not given yet, per scope and model id: in `scope` when one is named, else in every
   * scope a request ran in or a script was loaded for (the default scope is `''`). Scopes and
   * models with nothing left are left out.
   */
  async pending(scope?: string): Promise<Record<string, Record<string, readonly PendingAnswer[]>>> {
    const scopes = scope !== undefined ? [scope] : [...new Set([...this.#scopes, ...(this.#book?.scopes ?? [])])].sort();
    if (scopes.length === 0) scopes.push(DEFAULT_SCOPE);
    const found: Record<string, Record<string, readonly PendingAnswer[]>> = {};
    for (const name of scopes) {
      const unused = this.#book !== undefined ? await this.#book.pending(name) : await appPending(this.#appFakes, name);
      if (Object.keys(unused).length > 0) found[name] = unused;
    }
    return found;
  }

  /**
   * Throws `W0014`, listing per scope and model the answers never asked for, when any is left: in
   * `scope`, or in every scope (see {@link pending}). Made for `afterEach`.
   */
  async verify(scope?: string): Promise<void> {
    const unused = await this.pending(scope);
    const lines: string[] = [];
    for (const [name, models] of Object.entries(unused)) {
      for (const [model, answers] of Object.entries(models)) {
        lines.push(`In ${name === DEFAULT_SCOPE ? 'the default scope' : `scope '${name}'`}, model '${model}' has ${answers.length} answer${answers.length === 1 ? '' : 's'} never asked for:`);
        for (const { index, answer } of answers) lines.push(`  [${index}] ${summarizeAnswer(answer)}`);
      }
    }
    if (lines.length > 0) {
      throw new StandinError('W0014', `answers were never asked for.\n${lines.join('\n')}\nRemove them, or find why the client asked fewer times than the test expects.`);
    }
  }

  /**
   * Forgets, in `scope` or in every scope: cursors, the requests remembered for retries, `sent`,
   * and the scripts loaded for that scope alone (scripts for every scope stay). On a server
   * serving an app, the app's cursors in that scope are forgotten too.
   */
  async reset(scope?: string): Promise<void> {
    await this.#store.reset(scope);
    this.#steps.forget(scope);
    this.#book?.forget(scope);
    const kept = scope === undefined ? [] : this.#sent.filter((entry) => entry.scope !== scope);
    this.#sent.splice(0, this.#sent.length, ...kept);
    if (scope === undefined) this.#scopes.clear();
    else this.#scopes.delete(scope);
  }

  /** Stops listening, closes open connections and releases the app the server made (never one it was given). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
    await this.#own?.app.dispose();
  }

  #open(): void {
    if (this.#closed) throw new StandinError('W0011', 'W0011: this wire server was closed. Make a new one with createFakeServer().');
  }

  /** The app that answers: the given one, or the server's own, made again when the scripted models change. */
  #app(): App {
    if (this.#given !== undefined) return this.#given;
    const models = this.#book!.models();
    const key = models.join('\u0000');
    if (this.#own?.models !== key) {
      const previous = this.#own?.app;
      this.#own = { app: ownApp(this.#book!, this.#store, this.#clock, models, this.#classifier!), models: key };
      // Calls still running on the previous app hold its engine; its container is dropped, not disposed under them.
      void previous;
    }
    return this.#own.app;
  }

  #model(scope: string, id: unknown, dialect: Dialect): string {
    if (typeof id !== 'string' || id.length === 0) {
      throw new WireError('W0002', 400, 'model must be the model id as a non-empty string.', { type: 'invalid_request_error', param: 'model', retry: false });
    }
    if (this.#book !== undefined) {
      if (this.#book.find(scope, id) === undefined) throw modelNotFound(dialect, id, this.#book.models(scope));
      return id;
    }
    const name = appModel(this.#given!, id);
    if (name === undefined) throw modelNotFound(dialect, id, appModels(this.#given!));
    return name;
  }

  #record(entry: SentEntry): void {
    if (this.#sentLimit === 0) return;
    this.#sent.push(entry);
    if (this.#sent.length > this.#sentLimit) this.#sent.splice(0, this.#sent.length - this.#sentLimit);
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://standin');
    const path = url.pathname;
    const route = routes.get(path);
    const dialect: Dialect = route?.dialect ?? 'openai';
    const responseId = `req_${++this.#responses}`;
    try {
      if (this.#closed) throw new WireError('W0011', 503, 'The wire server is closing.', { type: 'server_error', retry: false });
      if (path.startsWith(CONTROL_PREFIX)) return await control(request, response, url, this, this.token, this.#bodyLimit);
      if (route === undefined) {
        throw new WireError('W0005', 404, `There is no endpoint ${request.method} ${path} on the wire server. Point the client's base URL at ${this.url}/v1 (OpenAI clients, the AI SDK) or ${this.url} (the Anthropic client).`, { type: 'invalid_request_error', code: 'unknown_url', retry: false });
      }
      if (request.method !== route.method) {
        throw new WireError('W0015', 405, `${path} takes ${route.method}, not ${request.method}.`, { type: 'invalid_request_error', code: 'method_not_allowed', retry: false });
      }
      const body = route.method === 'GET' ? Buffer.alloc(0) : await readBody(request, this.#bodyLimit);
      const scope = resolveScope(request.headers);
      const scopeName = scope ?? DEFAULT_SCOPE;
      if (this.#scopes.size < MAX_SCOPES) this.#scopes.add(scopeName);
      const aborted = new AbortController();
      response.once('close', () => {
        if (!response.writableFinished) aborted.abort();
      });
      const app = this.#app();
      const context: WireContext = {
        path,
        headers: request.headers,
        body,
        response,
        dialect,
        scope,
        app,
        options: { requestId: this.#steps.requestId(scopeName, path, request.headers, body), signal: aborted.signal, retry: false },
        responseId,
        schemas: this.#schemas,
        model: (id) => this.#model(scopeName, id, dialect),
        run: (fn) => (scope === undefined ? fn() : app.scope(scope, fn)),
        record: (entry) => this.#record({ scope: scopeName, path, ...entry }),
        models: () => (this.#book !== undefined ? this.#book.models(scopeName) : appModels(this.#given!)),
      };
      await route.handle(context);
    } catch (error) {
      refuse(response, dialect, responseId, error);
    }
  }
}

/** The most scopes `pending` and `verify` look at without a scope named; `reset` clears them. */
export const MAX_SCOPES = 100_000;

/** Answers a request that failed: the provider's failure for a scripted `fail`, else the error in the dialect's body. */
function refuse(response: ServerResponse, dialect: Dialect, responseId: string, error: unknown): void {
  const failure = error instanceof CallFailed && error.cause instanceof ProviderFailure ? error.cause : error instanceof ProviderFailure ? error : undefined;
  if (response.headersSent || response.destroyed) {
    // Parts were already sent: the connection breaks mid-reply, as a provider's does, once the parts sent are on their way.
    const cut = setTimeout(() => response.destroy(), 1000);
    response.write('', () => {
      clearTimeout(cut);
      response.destroy();
    });
    return;
  }
  let status: number;
  let message: string;
  let details: WireError['details'];
  if (failure !== undefined) {
    const wire = wireFailure(failure.kind, failure.retryAfterMs, dialect);
    if (wire === 'drop') {
      response.socket?.destroy();
      response.destroy();
      return;
    }
    ({ status, message, details } = wire);
  } else if (error instanceof WireError) {
    ({ status, details } = error);
    message = error.message;
  } else if (error instanceof StandinError && error.code === 'E0003') {
    status = 400;
    message = error.message;
    details = { type: 'invalid_request_error', retry: false };
  } else if (error instanceof StandinError) {
    // A script's mistake (T-, K-codes): the test author reads it, and no client retries it.
    status = 500;
    message = error.message;
    details = { type: dialect === 'anthropic' ? 'api_error' : 'server_error', retry: false };
  } else {
    status = 500;
    message = `The wire server failed: ${error instanceof Error ? error.message : String(error)}`;
    details = { type: dialect === 'anthropic' ? 'api_error' : 'server_error', retry: false };
  }
  const headers: Record<string, string> = { 'x-request-id': responseId, 'request-id': responseId, ...details.headers };
  if (details.retry === false) headers['x-should-retry'] = 'false';
  sendJson(response, status, errorBody(dialect, message, details, responseId), headers);
}

/** The app's model name for a model id: a model named so, else the first whose `model` is the id. */
function appModel(app: TestApp, id: string): string | undefined {
  const models = app.container.get(Tokens.Config).models;
  if (Object.hasOwn(models, id)) return id;
  return Object.keys(models).find((name) => models[name]!.model === id);
}

function appModels(app: TestApp): string[] {
  const models = app.container.get(Tokens.Config).models;
  return [...new Set(Object.entries(models).flatMap(([name, config]) => [name, config.model]))].sort();
}

async function appPending(fakes: ReadonlyMap<string, FakeModel>, scope: string): Promise<Record<string, readonly PendingAnswer[]>> {
  const found: Record<string, readonly PendingAnswer[]> = {};
  for (const [model, fake] of fakes) {
    const unused = await fake.pending(scope);
    if (unused.length > 0) found[model] = unused;
  }
  return found;
}

function scriptsPattern(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' || (i === 1 && path[0] === 'models') ? '*' : String(key))).join('.');
}

/**
 * Starts a wire server: scripted fakes served over the providers' own HTTP protocols, for the
 * official SDK clients and for clients in any language. It listens on 127.0.0.1 (another host
 * only when asked) on a free port unless one is named.
 *
 * @throws {StandinError} `W0010` for malformed settings; `W0008` for malformed scripts.
 * @example
 * ```ts
 * import { createFakeServer } from 'standin/server';
 *
 * const server = await createFakeServer({ scripts: { models: { 'gpt-4.1-mini': [{ text: 'Hello!' }] } } });
 * const openai = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'scope:test-1' });
 * ```
 */
export async function createFakeServer(settings: FakeServerSettings = {}): Promise<FakeServer> {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const lines = describeIssues('settings', settings, parsed.error.issues, {
      keys: { '': Object.keys(settingsSchema.shape) },
      expected: { token: 'a string of 16 to 200 characters', bodyLimit: 'a whole number of bytes, 1024 or more', port: 'a port from 0 to 65535', host: 'an address such as 127.0.0.1' },
    });
    throw new StandinError('W0010', `createFakeServer settings are malformed:\n${lines.join('\n')}`);
  }
  const host = settings.host ?? '127.0.0.1';
  const token = settings.token ?? process.env[TOKEN_VARIABLE] ?? randomBytes(24).toString('base64url');
  const server = createServer({ keepAliveTimeout: 5000 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  try {
    return new FakeServer(server, url, token, settings);
  } catch (error) {
    // Scripts that fail to load leave no server listening behind.
    server.close();
    throw error;
  }
}

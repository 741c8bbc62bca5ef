import { outputSpec, toolSpecs, type ReplyInput } from '../services/requests/prepareReply.js';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { CallOptions } from '../services/engine/Engine.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { TestApp } from '../testing/TestApp.js';
import { appModel, appModels } from './appModels.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';
import { modelNotFound } from './modelNotFound.js';
import type { SchemaCache } from './schemaCache.js';
import type { ScopeLedger } from './ScopeLedger.js';
import type { ScriptBook } from './ScriptBook.js';
import type { SentEntry, WireRecord, WireReplyInput } from './SentEntry.js';
import type { SentLog } from './SentLog.js';
import type { WireContext } from './WireContext.js';
import type { RecordingApps } from './RecordingApps.js';
import { WireError } from './WireError.js';

/** What a request's context reads of its server. */
export interface RequestServices {
  readonly schemas: SchemaCache;
  readonly sent: SentLog;
  /** The script book of a server that owns its app; undefined when it serves a given app. */
  readonly book: ScriptBook | undefined;
  /** The app a server was given. */
  readonly given: TestApp | undefined;
  /** The apps of a recording server, which adds a model for an id its config does not name. */
  readonly recording?: RecordingApps | undefined;
  /** What each scope did, for verify. */
  readonly ledger: ScopeLedger;
}

/**
 * One request's {@link WireContext}; methods on the class, so a request allocates one object, not a closure per method.
 */
export class RequestContext implements WireContext {
  readonly #services: RequestServices;
  readonly #scopeName: string;
  #app: TestApp;
  readonly schemas: SchemaCache;

  constructor(
    services: RequestServices,
    readonly path: string,
    readonly headers: IncomingHttpHeaders,
    readonly body: Buffer,
    readonly response: ServerResponse,
    readonly dialect: DialectAnswers,
    readonly scope: string | undefined,
    app: TestApp,
    readonly options: CallOptions,
    readonly responseId: string,
    readonly params: Readonly<Record<string, string>> = {},
    readonly query = '',
  ) {
    this.#services = services;
    this.#scopeName = scope ?? DEFAULT_SCOPE;
    this.#app = app;
    this.schemas = services.schemas;
  }

  /** The app whose engine answers: on a recording server, the one that has the model the request named. */
  get app(): TestApp {
    return this.#app;
  }

  model(id: unknown): string {
    if (typeof id !== 'string' || id.length === 0) {
      throw new WireError('W0002', 400, 'model must be the model id as a non-empty string.', {
        type: 'invalid_request_error',
        param: 'model',
        retry: false,
      });
    }
    const { book, given, ledger, recording } = this.#services;
    if (recording !== undefined) {
      const { app, name } = recording.model(this.dialect, id);
      this.#app = app;
      ledger.used(this.#scopeName, id);
      ledger.used(this.#scopeName, name);
      return name;
    }
    if (book !== undefined) {
      if (book.find(this.#scopeName, id) === undefined) {
        const scriptedIn = book.scopesScripting(id);
        const error = modelNotFound(this.dialect, id, book.models(this.#scopeName), {
          scope: this.#scopeName,
          scriptedIn,
        });
        // Scripted for other scopes only: this scope was not scripted, the test author's error, which verify reports.
        if (scriptedIn.length > 0) ledger.note(this.#scopeName, this.path, error);
        throw error;
      }
      ledger.used(this.#scopeName, id);
      return id;
    }
    const name = appModel(given!, id);
    if (name === undefined) throw modelNotFound(this.dialect, id, appModels(given!));
    ledger.used(this.#scopeName, id);
    ledger.used(this.#scopeName, name);
    return name;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.scope === undefined ? fn() : this.app.scope(this.scope, fn);
  }

  models(): string[] {
    const { book, given, recording } = this.#services;
    if (recording !== undefined) return recording.models();
    return book !== undefined ? book.models(this.#scopeName) : appModels(given!);
  }

  raised(error: unknown): void {
    this.#services.ledger.raised(this.#scopeName, this.path, error);
  }

  record(entry: WireRecord): void {
    // Written out rather than spread: spreading two objects into one costs more than the rest of the bookkeeping.
    const sent = {
      scope: this.#scopeName,
      path: this.path,
      model: entry.model,
      call: entry.call,
      input: entry.call === 'reply' ? sentInput(entry.input) : entry.input,
    } as SentEntry;
    this.#services.sent.add(sent, this.body.length, this.options.requestId);
  }
}

/** A reply input as `sent` lists it: tools and shape as JSON Schema, not zod. */
function sentInput(input: ReplyInput): WireReplyInput {
  if (input.tools === undefined && input.output === undefined) return input as WireReplyInput;
  const { tools, output, ...rest } = input;
  return {
    ...rest,
    ...(tools === undefined ? {} : { tools: toolSpecs(tools) }),
    ...(output === undefined ? {} : { output: outputSpec(output) }),
  };
}

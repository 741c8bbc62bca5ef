import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { CallOptions } from '../services/engine/Engine.js';
import type { App } from '../services/app/App.js';
import type { DialectAnswers } from './dialects/DialectAnswers.js';
import type { SchemaCache } from './schemaCache.js';
import type { WireRecord } from './SentEntry.js';

/** One HTTP request as a handler sees it. */
export interface WireContext {
  readonly path: string;
  /** The query string after `?` (`''` when there is none), for the endpoints that read one (Azure's `api-version`). */
  readonly query: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly response: ServerResponse;
  /** The dialect errors are answered in. */
  readonly dialect: DialectAnswers;
  /** The scope of the conversation; undefined for the default scope. */
  readonly scope: string | undefined;
  /** The app whose engine answers. */
  readonly app: App;
  /**
   * The request id (a client's retry gets the same step) and abort on disconnect, with no engine retries: the client
   * retries.
   */
  readonly options: CallOptions;
  /** The response id, for `x-request-id` and ids in bodies. */
  readonly responseId: string;
  /** The values the endpoint's path carries, by name (the model of `/v1beta/models/{model}:generateContent`). */
  readonly params: Readonly<Record<string, string>>;
  /** The server's JSON Schema reader. */
  readonly schemas: SchemaCache;
  /**
   * The app's model name for a model id the client sends; `W0003` (404, the provider's body) when no script serves it.
   */
  model(id: unknown): string;
  /** Runs `fn` in the request's scope. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** The model ids scripted in the request's scope. */
  models(): string[];
  /** Notes an error answered to this request, when it is a test author's, so verify fails on it. */
  raised(error: unknown): void;
  /** Records what the client asked for, in `sent`. */
  record(entry: WireRecord): void;
}

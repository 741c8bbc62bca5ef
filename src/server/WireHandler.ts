import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { TestApp } from '../testing/TestApp.js';
import { CONTROL_PREFIX, control, type ControlTarget } from './control.js';
import { readBody } from './readBody.js';
import { refuse } from './refuse.js';
import { isHttp2, setWriteTimeout } from './respond.js';
import { resolveScope } from './resolveScope.js';
import { fallbackDialect, findRoute } from './dialects/registry.js';
import { SchemaCache } from './schemaCache.js';
import type { ScriptBook } from './ScriptBook.js';
import type { SentLog } from './SentLog.js';
import type { Serving } from './ServedApp.js';
import type { RecordingApps } from './RecordingApps.js';
import { inScripts } from './scriptPaths.js';
import { ScopeLedger } from './ScopeLedger.js';
import { StepKeys, type StepKey } from './StepKeys.js';
import { CallFailed } from '../errors/CallFailed.js';
import { StepFailure } from '../fakes/model/StepFailure.js';
import { explain } from './explain.js';
import { RequestContext, type RequestServices } from './RequestContext.js';
import { WireError } from './WireError.js';
import type { ChaosSettings } from '../fakes/chaos/chaosSettings.js';
import { WireChaos } from './WireChaos.js';
import { MCP_PREFIX } from './mcp/McpCalls.js';
import { McpWire } from './mcp/McpWire.js';

/** What the request path reads of its server. */
export interface WireHandlerSettings {
  readonly url: string;
  readonly token: string;
  readonly bodyLimit: number;
  /** How long a response waits for its client to take what was written, in ms. */
  readonly writeTimeoutMs: number;
  readonly served: Serving;
  readonly sent: SentLog;
  /** The script book of a server that owns its app; undefined when it serves a given app. */
  readonly book: ScriptBook | undefined;
  /** The app a server was given. */
  readonly given: TestApp | undefined;
  /** The apps of a recording server. */
  readonly recording?: RecordingApps | undefined;
  readonly target: ControlTarget;
  /** The chaos to lay from the start (`createFakeServer({ chaos })`, `--chaos`). */
  readonly chaos?: ChaosSettings | undefined;
  /** The MCP servers' session bounds: how many may live, and how long one may sit unused (ms). */
  readonly mcp?: { readonly sessions?: number | undefined; readonly idleMs?: number | undefined } | undefined;
}

const empty = Buffer.alloc(0);
const GET_BODY: Promise<Buffer> = Promise.resolve(empty);

/**
 * The request path of a wire server: routes a request to its endpoint or to the control API,
 * reads its body and scope, keys its step, runs the endpoint on the app that answers, and
 * answers any failure in the endpoint's dialect. It keeps the scopes requests ran in and the
 * requests remembered for retries.
 *
 * @example
 * ```ts
 * const handler = new WireHandler(settings);
 * server.on('request', (request, response) => void handler.handle(request, response));
 * ```
 */
export class WireHandler {
  readonly #settings: WireHandlerSettings;
  readonly steps = new StepKeys();
  /** What each scope did: the models its requests called and the test author's errors they were answered. */
  readonly ledger: ScopeLedger;
  /** The chaos laid over the served models. */
  readonly chaos: WireChaos;
  /** The scripted MCP servers, at `/mcp/<name>`. */
  readonly mcp: McpWire;
  readonly #services: RequestServices;
  #responses = 0;
  #closed = false;

  constructor(settings: WireHandlerSettings) {
    this.#settings = settings;
    // Errors of the server's own scripts name the scripts document's paths, in verify as in the 500s.
    this.ledger = new ScopeLedger(settings.book !== undefined ? inScripts : undefined);
    this.chaos = new WireChaos(settings.sent);
    if (settings.chaos !== undefined) this.chaos.set(settings.chaos, 'createFakeServer settings.chaos');
    this.mcp = new McpWire({
      sent: settings.sent,
      ledger: this.ledger,
      bodyLimit: settings.bodyLimit,
      ...settings.mcp,
    });
    this.#services = {
      schemas: new SchemaCache(),
      sent: settings.sent,
      book: settings.book,
      given: settings.given,
      recording: settings.recording,
      ledger: this.ledger,
    };
  }

  /** Forgets, of `scope` or of every scope: the requests remembered for retries, `sent`, verify's record, what chaos disturbed. */
  forget(scope?: string): void {
    this.steps.forget(scope);
    this.#settings.sent.forget(scope);
    this.ledger.forget(scope);
    this.chaos.forget(scope);
  }

  /** Refuses every request from now on with 503 (`W0011`), and closes the MCP sessions. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.mcp.close();
  }

  /** Answers one request; never rejects. */
  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const settings = this.#settings;
    const raw = request.url ?? '/';
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    const found = findRoute(path);
    const route = found?.route;
    const dialect = found?.dialect ?? fallbackDialect;
    const responseId = `req_${++this.#responses}`;
    setWriteTimeout(response, settings.writeTimeoutMs);
    let scopeName: string | undefined;
    let step: StepKey | undefined;
    try {
      if (this.#closed)
        throw new WireError('W0011', 503, 'The wire server is closing.', { type: 'server_error', retry: false });
      if (path.startsWith(CONTROL_PREFIX)) {
        return await control(
          request,
          response,
          new URL(raw, 'http://standin'),
          settings.target,
          settings.token,
          settings.bodyLimit,
          this.chaos,
          this.mcp,
        );
      }
      if (path.startsWith(MCP_PREFIX)) return await this.mcp.handle(request, response, path);
      if (route === undefined) {
        throw new WireError(
          'W0005',
          404,
          `There is no endpoint ${request.method} ${path} on the wire server. Point the client's base URL at ` +
            `${settings.url}/v1 (OpenAI clients, the AI SDK), ${settings.url} (the Anthropic, Gemini, Bedrock and ` +
            `Azure OpenAI clients: /v1beta/models/{model}:generateContent, /model/{modelId}/converse, ` +
            `/openai/deployments/{deployment}/chat/completions; ${settings.url}/openai/v1 for Azure's v1 paths; ` +
            `the Ollama, Cohere and Vertex AI clients: ${settings.url}; OpenRouter's: ${settings.url}/api/v1). A ` +
            `scripted MCP server is at ` +
            `${settings.url}${MCP_PREFIX}<name>.`,
          { type: 'invalid_request_error', code: 'unknown_url', retry: false },
        );
      }
      if (request.method !== route.method) {
        throw new WireError('W0015', 405, `${path} takes ${route.method}, not ${request.method}.`, {
          type: 'invalid_request_error',
          code: 'method_not_allowed',
          retry: false,
        });
      }
      const body = await (route.method === 'GET' ? GET_BODY : readBody(request, settings.bodyLimit));
      const scope = resolveScope(request.headers);
      scopeName = scope ?? DEFAULT_SCOPE;
      this.ledger.ran(scopeName);
      step = this.steps.step(scopeName, path, request.headers, body);
      const requestId = step.id;
      // A client's retry has its request's id, and so its step: the faked model replays the step's answer.
      const options = { requestId, stepKey: `call:${requestId}`, signal: closing(response), retry: false as const };
      await settings.served.use((app) => {
        this.chaos.ready(app);
        return route.handle(
          new RequestContext(
            this.#services,
            path,
            request.headers,
            body,
            response,
            dialect,
            scope,
            app,
            options,
            responseId,
            found!.params,
            query === -1 ? '' : raw.slice(query + 1),
          ),
        );
      });
      this.steps.answered(step);
    } catch (error) {
      // A try its script fails before the step answers: the same request again is that step's retry.
      if (step !== undefined && stepFailure(error)) this.steps.failed(step);
      // A test author's error answered over the wire fails the scope's verify, even if the client swallows the 400.
      const authors = scopeName !== undefined && this.ledger.raised(scopeName, path, error);
      refuse(
        response,
        dialect,
        responseId,
        authors
          ? explain(error, {
              scope: scopeName!,
              headers: request.headers,
              unmarkedRepeat: step?.unmarkedRepeat === true,
              ownScripts: settings.book !== undefined,
            })
          : error,
      );
    }
  }
}

/** Whether `error` is a scripted failure of a try whose step answers a later one (`{ fail, times }`). */
function stepFailure(error: unknown): boolean {
  return (error instanceof CallFailed ? error.cause : error) instanceof StepFailure;
}

/** Each connection's abort, fired when it closes: a request on it that is still running is given up. */
const closings = new WeakMap<object, AbortSignal>();

/**
 * The signal that aborts a request's engine call when its client goes away. Over HTTP/1.1, one per connection
 * rather than per request: requests on a keep-alive connection run one after another, and a
 * connection that closes takes whatever runs on it along. Over HTTP/2, one per stream, which its client may reset
 * while the connection carries on.
 */
function closing(response: ServerResponse): AbortSignal {
  const owner = isHttp2(response) ? (response as unknown as { stream: EventEmitter }).stream : response.socket;
  if (owner === null) return AbortSignal.abort();
  let signal = closings.get(owner);
  if (signal === undefined) {
    const controller = new AbortController();
    signal = controller.signal;
    closings.set(owner, signal);
    owner.once('close', () => controller.abort());
  }
  return signal;
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StandinError, bareMessage } from '../../errors/StandinError.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { readBody, readJsonDocument } from '../readBody.js';
import { sendJson } from '../respond.js';
import { resolveScope } from '../resolveScope.js';
import type { ScopeLedger } from '../ScopeLedger.js';
import type { SentLog } from '../SentLog.js';
import { WireError } from '../WireError.js';
import { McpBook } from './McpBook.js';
import { MCP_PREFIX, McpCalls } from './McpCalls.js';
import { loadMcpSdk, type McpSdk } from './loadMcpSdk.js';
import { MCP_SERVER_NAME, type McpServerScript } from './mcpScriptSchema.js';
import { McpSessions } from './McpSessions.js';

/** What a wire server's MCP servers read of it. */
export interface McpWireSettings {
  readonly sent: SentLog;
  readonly ledger: ScopeLedger;
  readonly bodyLimit: number;
  /** The most live sessions. */
  readonly sessions?: number | undefined;
  /** How long a session may sit unused before it is closed, in ms. */
  readonly idleMs?: number | undefined;
}

/**
 * Scripted MCP servers over streamable HTTP at `/mcp/<name>`, on the official SDK loaded with the first script. A
 * session keeps the scope its `initialize` named; sessions are bounded and closed when idle.
 */
export class McpWire {
  readonly book = new McpBook();
  readonly #settings: McpWireSettings;
  readonly #calls: McpCalls;
  readonly #sessions: McpSessions;
  #sdk: Promise<McpSdk> | undefined;
  #closed = false;
  /** Sessions being started: they count against the cap before the SDK names them. */
  #starting = 0;

  constructor(settings: McpWireSettings) {
    this.#settings = settings;
    this.#calls = new McpCalls(this.book, settings.sent, settings.ledger);
    this.#sessions = new McpSessions(settings.sessions, settings.idleMs);
  }

  /** Loads a document's MCP servers (see `McpBook.load`), and starts loading the SDK once there are any. */
  load(servers: Readonly<Record<string, McpServerScript>>, scope?: string, replace = false): void {
    this.book.load(servers, scope, replace);
    if (this.book.scripted) void this.sdk().catch(() => undefined);
  }

  /** The SDK, loaded once; `W0051` when it cannot be. */
  sdk(): Promise<McpSdk> {
    return (this.#sdk ??= loadMcpSdk());
  }

  /** How many sessions live. */
  get sessions(): number {
    return this.#sessions.size;
  }

  /** Answers one request under `/mcp/`; never rejects. */
  async handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    try {
      await this.#handle(request, response, path);
    } catch (error) {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const status = error instanceof WireError ? error.status : 500;
      const message = error instanceof StandinError ? `${error.code}: ${bareMessage(error)}` : String(error);
      sendJson(
        response,
        status,
        { jsonrpc: '2.0', error: { code: status === 404 ? -32001 : -32000, message }, id: null },
        status === 405 ? { allow: 'POST, DELETE' } : {},
      );
    }
  }

  async #handle(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const name = serverName(path);
    if (this.#closed) throw new WireError('W0011', 503, 'The wire server is closing.', { type: 'server_error' });
    if (request.method !== 'POST' && request.method !== 'DELETE') {
      throw new WireError(
        'W0015',
        405,
        `${path} takes POST (and DELETE to end a session), not ${request.method}: the scripted MCP servers send no ` +
          `messages of their own, so there is no stream to GET.`,
        { type: 'invalid_request_error' },
      );
    }
    const id = request.headers['mcp-session-id'];
    const body =
      request.method === 'POST' ? readJsonDocument((await readBody(request, this.#settings.bodyLimit)).toString()) : {};
    if (typeof id === 'string') {
      const session = this.#sessions.get(id);
      if (session === undefined || session.server !== name) {
        throw new WireError(
          'W0056',
          404,
          `There is no live MCP session '${id.slice(0, 100)}' at ${path}: it ended, expired after sitting unused, or ` +
            `belongs to another server. Connect again (a new initialize).`,
          { type: 'not_found_error' },
        );
      }
      return await session.handle(request, response, body);
    }
    await this.#start(request, response, name, body);
  }

  /** A new session: its scope is the initialize request's, kept for every later request of the session. */
  async #start(request: IncomingMessage, response: ServerResponse, name: string, body: unknown): Promise<void> {
    if (request.method !== 'POST' || (body as { method?: unknown } | null)?.method !== 'initialize') {
      throw new WireError(
        'W0056',
        400,
        `A request to ${MCP_PREFIX}${name} without an mcp-session-id header must be an initialize request. ` +
          `Connect with an MCP client, which starts its session so.`,
        { type: 'invalid_request_error' },
      );
    }
    const scope = resolveScope(request.headers) ?? DEFAULT_SCOPE;
    if (this.book.find(scope, name) === undefined) throw this.#unknown(name, scope);
    if (this.#sessions.size + this.#starting >= this.#sessions.cap) {
      throw new WireError(
        'W0055',
        503,
        `The wire server keeps at most ${this.#sessions.cap} live MCP sessions, and that many are live. End the ` +
          `sessions of clients that are done (transport.terminateSession() before client.close()), let idle ones ` +
          `expire (mcpIdleMs), or start the server with a larger mcpSessions.`,
        { type: 'server_error' },
      );
    }
    this.#starting++;
    try {
      await this.#open(request, response, name, scope, body);
    } finally {
      this.#starting--;
    }
  }

  async #open(request: IncomingMessage, response: ServerResponse, name: string, scope: string, body: unknown) {
    const sdk = await this.sdk();
    const server = this.#calls.server(sdk, name, scope);
    const transport: InstanceType<McpSdk['StreamableHTTPServerTransport']> = new sdk.StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      enableJsonResponse: true,
      // A server closed meanwhile keeps no session: the request's end closes it below.
      onsessioninitialized: (id) => {
        if (this.#closed) return;
        this.#sessions.add(id, {
          server: name,
          scope,
          handle: (request, response, body) => transport.handleRequest(request, response, body),
          close: () => server.close(),
        });
      },
      onsessionclosed: (id) => this.#sessions.delete(id),
    });
    // The SDK's own transport, typed without exactOptionalPropertyTypes.
    await server.connect(transport as unknown as Parameters<typeof server.connect>[0]);
    try {
      await transport.handleRequest(request, response, body);
    } finally {
      // An initialize the SDK refused started no session: nothing of it stays.
      if (transport.sessionId === undefined || this.#sessions.get(transport.sessionId) === undefined)
        await server.close();
    }
  }

  #unknown(name: string, scope: string): WireError {
    const elsewhere = this.book.scopesScripting(name);
    const error = new WireError(
      'W0052',
      404,
      `There is no MCP server '${name}' scripted in ${scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`}` +
        ` (scripted here: ${this.book.servers(scope).join(', ') || 'none'}` +
        `${elsewhere.length > 0 ? `; '${name}' is scripted for scopes ${elsewhere.slice(0, 5).join(', ')}` : ''}). ` +
        `Script it under mcp in the scripts, or send the x-standin-scope header of the scope it is scripted for.`,
      { type: 'not_found_error' },
    );
    // Scripted for other scopes only: this scope was not scripted, the test author's error, which verify reports.
    if (elsewhere.length > 0) this.#settings.ledger.note(scope, `${MCP_PREFIX}${name}`, error);
    return error;
  }

  /** Closes every session and refuses requests from now on. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#sessions.close();
  }
}

function serverName(path: string): string {
  let name: string;
  try {
    name = decodeURIComponent(path.slice(MCP_PREFIX.length));
  } catch {
    name = '';
  }
  if (!MCP_SERVER_NAME.test(name)) {
    throw new WireError(
      'W0052',
      404,
      `There is no MCP server at ${path.slice(0, 200)}: a scripted MCP server is served at ${MCP_PREFIX}<name>, its ` +
        `name 1 to 64 letters, digits, '_', '-' or '.'.`,
      { type: 'not_found_error' },
    );
  }
  return name;
}

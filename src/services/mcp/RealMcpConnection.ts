import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from '../../config/mcpConfigSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../clock/Clock.js';
import { disposedError } from '../app/disposed.js';
import { untilAborted } from '../dispatch/untilAborted.js';
import type { McpCallResult, McpConnection, McpToolInfo } from './McpConnection.js';
import { mcpLimits, type McpLimits } from './mcpBounds.js';
import { mcpFailure, type McpStage } from './mcpFailure.js';
import { McpSecrets } from './McpSecrets.js';
import { loadMcpSdk } from './loadMcpSdk.js';
import { bytesOf, checkListing } from './mcpListing.js';
import { maskListing, maskResult } from './mcpMasking.js';
import { LinearSchemaValidator } from './LinearSchemaValidator.js';
import { endAtOnce } from './endAtOnce.js';
import { boundedFetch } from './boundedFetch.js';

/** The most characters of a server process's stderr kept, to quote when it fails. */
const MAX_STDERR_CHARS = 2_000;
/** The most pages of a tool listing read: a server that pages forever is cut off. */
const MAX_PAGES = 100;
/** The JSON-RPC code of the error a cut answer is handed to the client as (an internal error). */
const CUT_CODE = -32603;
/** The stdio read buffer the SDK allows by default; a larger `maxResultBytes` raises it. */
const SDK_BUFFER_BYTES = 10 * 1024 * 1024;

/**
 * The client of one configured MCP server (`mcp.servers.<name>`), made on the first use of the server and connected
 * then — over streamable HTTP for `url`, by starting the process for `command` — with the SDK loaded at that moment.
 * Every wait is bounded (`connectTimeoutMs`, `timeoutMs`), every answer sized (`maxTools`, `maxSchemaBytes`,
 * `maxResultBytes`), and no listing, result or error it answers names a header or env value, even one the server echoes
 * back. A connection that fails leaves no process running; one that closes is made again on the next use; `close()`
 * ends it for good (the process exits).
 */
export class RealMcpConnection implements McpConnection {
  readonly real = true;
  readonly #name: string;
  readonly #config: McpServerConfig;
  readonly #limits: McpLimits;
  readonly #secrets: McpSecrets;
  /** Reads each listed tool's output schema, its patterns matched in linear time. */
  readonly #outputs = new LinearSchemaValidator('structuredContent');
  #client: Promise<Client> | undefined;
  /** The client connected now, to know whether a closing client is the current one. */
  #current: Client | undefined;
  #stderr = '';
  #closed = false;
  /** Aborted by close(): ends a connection still being made, rather than wait out connectTimeoutMs. */
  readonly #stop = new AbortController();

  constructor(name: string, config: McpServerConfig) {
    this.#name = name;
    this.#config = config;
    this.#limits = mcpLimits(config);
    this.#secrets = new McpSecrets(config);
  }

  async listTools(signal: AbortSignal): Promise<readonly McpToolInfo[]> {
    const client = await this.#connected(signal);
    const tools: McpToolInfo[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const listed = await this.#wait({ stage: 'list' }, signal, (options) =>
        client.listTools(cursor === undefined ? {} : { cursor }, options),
      );
      for (const tool of listed.tools) this.#checkOutput(tool);
      tools.push(...maskListing(checkListing(this.#name, listed.tools, tools.length, this.#limits), this.#secrets));
      cursor = listed.nextCursor;
      if (cursor === undefined) return tools;
    }
    throw new StandinError(
      'M0006',
      `MCP server '${this.#name}' lists its tools over more than ${MAX_PAGES} pages; standin reads at most that many. ` +
        `Have the server list its tools in fewer pages.`,
    );
  }

  async callTool(name: string, input: unknown, signal: AbortSignal): Promise<McpCallResult> {
    const client = await this.#connected(signal);
    const result = await this.#wait({ stage: 'call', tool: name }, signal, (options) =>
      client.callTool({ name, arguments: input as Record<string, unknown> }, undefined, options),
    );
    const size = bytesOf(result);
    if (size > this.#limits.maxResultBytes) {
      throw new StandinError(
        'M0007',
        `MCP server '${this.#name}', tool '${name}': the result has ${size} bytes, over maxResultBytes ` +
          `(${this.#limits.maxResultBytes}). Have the tool answer less, or raise maxResultBytes under ` +
          `mcp.servers.${this.#name}.`,
      );
    }
    const answer: { -readonly [K in keyof McpCallResult]: McpCallResult[K] } = {
      content: Array.isArray(result.content) ? (result.content as McpCallResult['content']) : [],
    };
    const structured = result.structuredContent;
    if (typeof structured === 'object' && structured !== null)
      answer.structuredContent = structured as Record<string, unknown>;
    if (result.isError === true) answer.isError = true;
    // A server may echo a header or env value back: none reaches the model, a run, a transcript or a cassette.
    return maskResult(answer, this.#secrets);
  }

  /** `M0008` for a listed tool whose output schema cannot be read: the SDK would check each result against it. */
  #checkOutput(tool: { readonly name: string; readonly outputSchema?: object | undefined }): void {
    const problem = tool.outputSchema === undefined ? undefined : this.#outputs.problem(tool.outputSchema);
    if (problem === undefined) return;
    throw new StandinError(
      'M0008',
      `MCP server '${this.#name}', tool '${this.#secrets.hide(tool.name)}': its output schema cannot be read: ` +
        `${this.#secrets.hide(problem)}. Fix the tool's outputSchema on the server.`,
    );
  }

  /** Ends the connection: the process exits, the HTTP session ends. A later use is refused. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stop.abort(disposedError(`MCP server '${this.#name}'`));
    const client = this.#client;
    this.#client = undefined;
    this.#current = undefined;
    await client?.then(
      (connected) => connected.close(),
      () => undefined,
    );
  }

  #connected(signal: AbortSignal): Promise<Client> {
    if (this.#closed) {
      return Promise.reject(disposedError(`MCP server '${this.#name}'`));
    }
    if (this.#client === undefined) {
      // Connecting is shared by every caller that waits for it, so no one caller's signal may end it: each waits on
      // its own signal, and the connection is bounded by connectTimeoutMs and ended by close() alone.
      const connecting = this.#connect(this.#stop.signal);
      this.#client = connecting;
      // A failed connection is forgotten, so the next use tries again.
      connecting.catch(() => {
        if (this.#client === connecting) this.#client = undefined;
      });
    }
    return untilAborted(this.#client, signal);
  }

  async #connect(signal: AbortSignal): Promise<Client> {
    const sdk = await loadMcpSdk();
    // The SDK checks each result against its tool's output schema: on the linear reader, not its own validator.
    const client = new sdk.Client(
      { name: 'standin', version: '1' },
      { capabilities: {}, jsonSchemaValidator: this.#outputs as never },
    );
    const config = this.#config;
    let transport: Transport;
    /** The stdio server's process, once started: the SDK forgets it as a failed connection closes. */
    let pid: number | undefined;
    if ('url' in config) {
      const headers = config.headers === undefined ? {} : { requestInit: { headers: { ...config.headers } } };
      // An answer cut as it streamed fails the request it answers at once: its error is handed to the client as
      // that request's answer, carried in an MCP error's data (see mcpFailure).
      const cut = (id: string | number, error: StandinError) =>
        transport.onmessage?.({ jsonrpc: '2.0', id, error: { code: CUT_CODE, message: error.message, data: error } });
      const fetch = boundedFetch(this.#name, this.#limits, cut);
      transport = new sdk.StreamableHTTPClientTransport(new URL(config.url), { ...headers, fetch }) as Transport;
    } else {
      const stdio = new sdk.StdioClientTransport({
        command: config.command,
        ...(config.args === undefined ? {} : { args: [...config.args] }),
        ...(config.env === undefined ? {} : { env: { ...config.env } }),
        ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
        stderr: 'pipe',
        maxBufferSize: Math.max(SDK_BUFFER_BYTES, 2 * this.#limits.maxResultBytes),
      });
      this.#stderr = '';
      stdio.stderr?.on('data', (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString()).slice(-MAX_STDERR_CHARS);
      });
      const start = stdio.start.bind(stdio);
      stdio.start = async () => {
        await start();
        pid = stdio.pid ?? undefined;
      };
      transport = stdio;
    }
    client.onclose = () => {
      // A server that went away is connected again on the next use.
      if (this.#current !== client) return;
      this.#current = undefined;
      this.#client = undefined;
    };
    try {
      await this.#wait({ stage: 'connect' }, signal, (options) => client.connect(transport, options));
    } catch (error) {
      // Nothing of a failed connection is left running: the next use starts afresh.
      endAtOnce(transport, pid);
      throw error;
    }
    if (this.#closed) {
      endAtOnce(transport, pid);
      throw disposedError(`MCP server '${this.#name}'`);
    }
    this.#current = client;
    return client;
  }

  /** Runs one SDK request within its bound and the caller's signal, its failure typed and its secrets hidden. */
  async #wait<T>(
    stage: McpStage,
    signal: AbortSignal,
    request: (options: { signal: AbortSignal; timeout: number }) => Promise<T>,
  ): Promise<T> {
    if (signal.aborted) throw abortReason(signal);
    // A controller per request: the SDK never removes its listener from the signal it is handed.
    const own = new AbortController();
    const follow = () => own.abort(abortReason(signal));
    signal.addEventListener('abort', follow, { once: true });
    const timeoutMs = stage.stage === 'connect' ? this.#limits.connectTimeoutMs : this.#limits.timeoutMs;
    try {
      return await request({ signal: own.signal, timeout: timeoutMs });
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      const stderr = 'command' in this.#config ? this.#stderr : undefined;
      throw mcpFailure(this.#name, stage, error, this.#secrets, { timeoutMs, stderr });
    } finally {
      signal.removeEventListener('abort', follow);
    }
  }
}

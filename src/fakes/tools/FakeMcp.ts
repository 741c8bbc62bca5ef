import { randomUUID } from 'node:crypto';
import { StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../../services/clock/Clock.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import type { McpCallResult, McpConnection, McpToolInfo } from '../../services/mcp/McpConnection.js';
import { ToolError } from '../../services/runs/ToolRun.js';
import type { Scopes } from '../../services/scopes/Scopes.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { Finding } from '../script/Finding.js';
import type { ReadMcpTool } from './fakeMcpOptions.js';
import { failedResult, mcpResult } from './mcpResult.js';
import { ToolBook, type RaisedRecord, type ToolSent } from './ToolBook.js';
import { ToolScript, type PendingToolAnswer } from './ToolScript.js';

/** How a {@link FakeMcp} is made. */
export interface FakeMcpSettings {
  /** The server's name under `mcp.servers`. */
  readonly server: string;
  /** What the test wrote, for messages: `app.fakeMcp('tickets', { tools })`. */
  readonly owner: string;
  /** The tools it lists, read from the options. */
  readonly tools: readonly ReadMcpTool[];
  readonly store: CursorStore;
  readonly scopes: Scopes;
  /** The one scope the fake answers in, when it was made for one. */
  readonly scope?: string | undefined;
  /**
   * In a Redis namespace: each tool's published cursor identity, and where every process records the errors calls
   * raised, so its `verify()` counts every process's calls.
   */
  readonly shared?: { readonly id: (tool: string) => string; readonly raised: RaisedRecord } | undefined;
}

/**
 * A faked MCP server, from `app.fakeMcp(server, { tools })`: an {@link McpConnection} that no server stands behind.
 * `listTools` answers the scripted tools (names, descriptions, input shapes); `callTool` answers each tool's scripted
 * answers, in order per scope, as MCP results (`{ fail }` as `isError: true`). An input that does not fit a zod shape
 * is answered with an error result, as a server answers it; a tool it does not list is the test author's error
 * (`M0041`). In a Redis namespace its listing and lists are published: every process's app lists and calls them, one
 * answer per call per scope (`SharedMcpFollower`).
 *
 * @example
 * ```ts
 * const tickets = app.fakeMcp('tickets', { tools: { open: { answers: [{ output: { id: 7 } }] } } });
 * await app.run(agent, 'Open a ticket.');
 * tickets.sent[0]?.tool; // 'open'
 * ```
 */
export class FakeMcp implements McpConnection {
  readonly real = false;
  /** The server it stands in for. */
  readonly server: string;
  readonly #infos: readonly McpToolInfo[];
  readonly #tools = new Map<string, { readonly tool: ReadMcpTool; readonly script: ToolScript }>();
  readonly #book: ToolBook;
  readonly #scopes: Scopes;
  readonly #scope: string | undefined;

  constructor(settings: FakeMcpSettings) {
    const { owner, store } = settings;
    this.server = settings.server;
    const id = `fake-mcp:${randomUUID()}`;
    for (const tool of settings.tools) {
      const name = tool.info.name;
      const root = `tools.${name}.answers`;
      const scriptId = settings.shared?.id(name) ?? `${id}:${name}`;
      const script = new ToolScript({ owner, tool: name, root, read: tool.read, store, id: scriptId });
      this.#tools.set(name, { tool, script });
    }
    this.#infos = Object.freeze(settings.tools.map((tool) => tool.info));
    const scripts = () => [...this.#tools.values()].map((entry) => entry.script);
    this.#book = new ToolBook(owner, scripts, settings.scope, settings.shared?.raised);
    this.#scopes = settings.scopes;
    this.#scope = settings.scope;
  }

  listTools(signal: AbortSignal): Promise<readonly McpToolInfo[]> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return Promise.resolve(this.#infos);
  }

  async callTool(name: string, input: unknown, signal: AbortSignal): Promise<McpCallResult> {
    if (signal.aborted) throw abortReason(signal);
    const scope = this.#scope ?? this.#scopes.current();
    const sent: ToolSent = { tool: name, input, scope };
    this.#book.sent.push(sent);
    try {
      const found = this.#tools.get(name);
      if (found === undefined) throw this.#unlisted(name);
      const parsed = found.tool.check?.safeParse(input);
      if (parsed !== undefined && !parsed.success) {
        const lines = describeIssues('input', input, parsed.error.issues);
        return failedResult(`Input validation error: the input does not fit tool '${name}': ${lines.join(' ')}`);
      }
      const answer = await found.script.take(parsed === undefined ? input : parsed.data, { scope, signal });
      return mcpResult(answer, `${this.#book.owner} (tool '${name}')`);
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      await this.#book.raised(error, sent);
      if (error instanceof StandinError) throw error;
      // A server answers its tool's throw as an error result: a function answer's throw reads the same.
      if (error instanceof ToolError || error instanceof Error) return failedResult(error.message);
      return failedResult(String(error));
    }
  }

  /** Each call the fake server was sent, oldest first (the latest 10,000): the tool, its input, the scope. Frozen. */
  get sent(): readonly ToolSent[] {
    return this.#book.sent.calls;
  }

  /** The answers no call took, of every tool: in `scope` when named, else in every scope a tool was called in. */
  pending(scope?: string): Promise<readonly PendingToolAnswer[]> {
    return this.#book.pending(scope);
  }

  /** Everything `verify(scope)` would report, one finding per line, without throwing. */
  findings(scope?: string): Promise<readonly Finding[]> {
    return this.#book.findings(scope);
  }

  /**
   * Throws `T0125` when a call raised a test author's error (a tool it does not list, `M0041`; a call
   * past a tool's last answer, `T0123`), even one the app caught; then `T0124` for answers never used.
   */
  verify(scope?: string): Promise<void> {
    return this.#book.verify(scope);
  }

  /** Forgets the calls sent and the errors kept, as `app.reset()` does. */
  forget(): void {
    this.#book.forget();
  }

  /** With `calls`, forgets the calls sent in `scope`, closed (`app.scope(id).close()`); its errors stay for `verify`. */
  close(scope: string, calls: boolean): void {
    if (calls) this.#book.close(scope);
  }

  #unlisted(name: string): StandinError {
    const names = [...this.#tools.keys()];
    return new StandinError(
      'M0041',
      `${this.#book.owner}: tool '${String(name).slice(0, 100)}' was called, and the fake server lists ` +
        `${names.length === 0 ? 'no tools' : `only ${names.map((tool) => `'${tool}'`).join(', ')}`}. Add it to ` +
        `tools, or find why the app calls a tool the server does not list.`,
    );
  }
}

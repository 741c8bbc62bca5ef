import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { MAX_SCOPES } from '../ScopeLedger.js';
import { ownRecord } from '../ownRecord.js';
import type { McpServerScript, McpToolAnswer } from './mcpScriptSchema.js';

/** One scripted tool of one loaded server script: its listing and its answers. */
export interface McpTool {
  readonly name: string;
  readonly description: string | undefined;
  readonly input: Readonly<Record<string, unknown>>;
  readonly answers: readonly McpToolAnswer[];
}

/** One server's script as loaded: a new one each load, so its cursors start at the first answer in every scope. */
export interface McpServerEntry {
  readonly server: string;
  readonly tools: ReadonlyMap<string, McpTool>;
}

/** An answer of an MCP tool not given yet: its place in the list and the answer. */
export interface PendingToolAnswer {
  readonly index: number;
  readonly answer: McpToolAnswer;
}

/** The answers not given yet, per scope, server and tool. */
export type PendingTools = Record<string, Record<string, Record<string, readonly PendingToolAnswer[]>>>;

/** What one call takes: the answer, or `past` with how many calls the tool had in the scope. */
export type Taken =
  { readonly answer: McpToolAnswer; readonly index: number } | { readonly past: number; readonly calls: number };

/**
 * A wire server's scripted MCP servers. A scope starts its own cursor on a default script, so parallel tests never
 * share one.
 */
export class McpBook {
  readonly #defaults = new Map<string, McpServerEntry>();
  readonly #scoped = new Map<string, Map<string, McpServerEntry>>();
  /** Per scope, each tool's answers given (a tool loaded again starts over), and the servers called. */
  readonly #taken = new Map<string, { readonly tools: Map<McpTool, number>; readonly servers: Set<string> }>();

  /** Whether any script was ever loaded: the SDK is loaded for the first. */
  get scripted(): boolean {
    return this.#defaults.size > 0 || this.#scoped.size > 0;
  }

  /** Loads servers for every scope, or for one `scope`; `replace` drops the servers there the document does not name. */
  load(servers: Readonly<Record<string, McpServerScript>>, scope?: string, replace = false): void {
    const there = this.#there(scope);
    if (replace) there.clear();
    for (const [server, script] of Object.entries(servers)) there.set(server, entry(server, script));
    if (scope !== undefined && there.size === 0) this.#scoped.delete(scope);
  }

  /** Scripts one server for every scope or one; with `merge`, only the tools it names are replaced. */
  script(server: string, script: McpServerScript, scope?: string, merge = false): void {
    const there = this.#there(scope);
    const made = entry(server, script);
    const before = merge ? there.get(server) : undefined;
    there.set(server, before === undefined ? made : { server, tools: new Map([...before.tools, ...made.tools]) });
  }

  #there(scope: string | undefined): Map<string, McpServerEntry> {
    if (scope === undefined) return this.#defaults;
    let there = this.#scoped.get(scope);
    if (there === undefined) this.#scoped.set(scope, (there = new Map()));
    return there;
  }

  /** The script that serves `server` in `scope`: the scope's own, else the default. */
  find(scope: string, server: string): McpServerEntry | undefined {
    return this.#scoped.get(scope)?.get(server) ?? this.#defaults.get(server);
  }

  /** The servers scripted in `scope` (its own and the defaults), sorted. */
  servers(scope: string): string[] {
    return [...new Set([...this.#defaults.keys(), ...(this.#scoped.get(scope)?.keys() ?? [])])].sort();
  }

  /** The scopes whose own scripts serve `server`, sorted. */
  scopesScripting(server: string): string[] {
    return [...this.#scoped]
      .filter(([, servers]) => servers.has(server))
      .map(([scope]) => scope)
      .sort();
  }

  /** The next answer of `tool` in `scope`; undefined when the book holds all the scopes it can (a reset frees them). */
  take(scope: string, script: McpServerEntry, tool: McpTool): Taken | undefined {
    let taken = this.#taken.get(scope);
    if (taken === undefined) {
      if (this.#taken.size >= MAX_SCOPES) return undefined;
      this.#taken.set(scope, (taken = { tools: new Map(), servers: new Set() }));
    }
    taken.servers.add(script.server);
    const index = taken.tools.get(tool) ?? 0;
    // Counted past the list too, so each call past it names its own count.
    taken.tools.set(tool, index + 1);
    if (index >= tool.answers.length) return { past: tool.answers.length, calls: index + 1 };
    return { answer: tool.answers[index]!, index };
  }

  /** The answers not given yet, per scope, server and tool; a default server no scope called is under `''`. */
  pending(scope?: string): PendingTools {
    const found: PendingTools = ownRecord();
    const scopes = scope !== undefined ? [scope] : [...new Set([...this.#taken.keys(), ...this.#scoped.keys()])].sort();
    for (const name of scopes) {
      const taken = this.#taken.get(name);
      const servers = new Set([...(taken?.servers ?? []), ...(this.#scoped.get(name)?.keys() ?? [])]);
      for (const server of [...servers].sort()) {
        const script = this.find(name, server);
        if (script !== undefined) left(found, name, script, taken?.tools);
      }
    }
    if (scope === undefined) {
      // A default server no scope called: every answer of it is unused.
      const called = (server: string): boolean => [...this.#taken.values()].some((taken) => taken.servers.has(server));
      for (const script of this.#defaults.values()) if (!called(script.server)) left(found, DEFAULT_SCOPE, script);
    }
    return found;
  }

  /** Forgets, in `scope` or every scope, the answers taken and the scope's own scripts; `defaults` drops those too. */
  reset(scope?: string, defaults = false): void {
    if (scope === undefined) {
      this.#taken.clear();
      this.#scoped.clear();
      if (defaults) this.#defaults.clear();
    } else {
      this.#taken.delete(scope);
      this.#scoped.delete(scope);
    }
  }
}

function entry(server: string, script: McpServerScript): McpServerEntry {
  const tools = new Map<string, McpTool>();
  for (const [name, tool] of Object.entries(script.tools)) {
    tools.set(name, {
      name,
      description: tool.description,
      input: tool.input ?? { type: 'object' },
      answers: tool.answers as readonly McpToolAnswer[],
    });
  }
  return { server, tools };
}

/** Adds the answers of `script` not taken yet (per tool, `taken` of them were) under `scope` and its server. */
function left(found: PendingTools, scope: string, script: McpServerEntry, taken?: ReadonlyMap<McpTool, number>): void {
  for (const [name, tool] of script.tools) {
    const from = taken?.get(tool) ?? 0;
    if (from >= tool.answers.length) continue;
    const unused = tool.answers.slice(from).map((answer, i) => ({ index: from + i, answer }));
    ((found[scope] ??= ownRecord())[script.server] ??= ownRecord())[name] = unused;
  }
}

import type { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import type { McpCallResult, McpConnection, McpToolInfo } from '../../services/mcp/McpConnection.js';
import type { Scopes } from '../../services/scopes/Scopes.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { readJsonSchema } from '../../validation/jsonSchema/readJsonSchema.js';
import type { Finding } from '../script/Finding.js';
import { failedResult, mcpResult } from '../tools/mcpResult.js';
import { ToolBook, type ToolSent } from '../tools/ToolBook.js';
import { ToolScript } from '../tools/ToolScript.js';
import { mcpListingKey, mcpToolKey, type SharedTools } from './SharedTools.js';

/**
 * A namespace's stand-in for one MCP server: while some process fakes it, it lists the published tools and answers with
 * the next published answer, the cursor shared by every process; otherwise it hands on below. `T0123` and `M0041` are
 * recorded in the namespace, for the publisher's `verify()`.
 */
export class SharedMcpFollower implements McpConnection {
  readonly real = false;
  readonly #tools: SharedTools;
  readonly #scopes: Scopes;
  readonly #server: string;
  readonly #below: () => McpConnection | undefined;
  readonly #book: ToolBook;
  /** Each listed tool's input check, made once per published listing. */
  #checks: { readonly gen: string; readonly byName: Map<string, z.ZodType | undefined> } | undefined;

  constructor(
    tools: SharedTools,
    scopes: Scopes,
    server: string,
    owner: string,
    below: () => McpConnection | undefined,
  ) {
    this.#tools = tools;
    this.#scopes = scopes;
    this.#server = server;
    this.#below = below;
    this.#book = new ToolBook(owner, () => [], undefined);
  }

  async listTools(signal: AbortSignal): Promise<readonly McpToolInfo[]> {
    const listing = await this.#tools.listing(this.#server);
    return listing === undefined ? this.#reach().listTools(signal) : listing.tools;
  }

  async callTool(name: string, input: unknown, signal: AbortSignal): Promise<McpCallResult> {
    const listing = await this.#tools.listing(this.#server);
    if (listing === undefined) return this.#reach().callTool(name, input, signal);
    const scope = this.#scopes.current();
    const sent: ToolSent = { tool: name, input, scope };
    this.#book.sent.push(sent);
    const owner = `${this.#book.owner} (tool '${String(name).slice(0, 100)}')`;
    const published = await this.#tools.published(mcpToolKey(this.#server, name));
    try {
      if (published === undefined || !listing.tools.some((tool) => tool.name === name))
        throw this.#unlisted(name, listing);
      const check = this.#check(listing, name);
      const parsed = check?.safeParse(input);
      if (parsed !== undefined && !parsed.success) {
        const lines = describeIssues('input', input, parsed.error.issues);
        return failedResult(`Input validation error: the input does not fit tool '${name}': ${lines.join(' ')}`);
      }
      const key = mcpToolKey(this.#server, name);
      const script = new ToolScript({
        owner,
        tool: name,
        root: `tools.${name}.answers`,
        read: { kind: 'list', answers: published.answers },
        store: this.#tools.store,
        id: this.#tools.scriptOf(key, published.gen),
      });
      return mcpResult(await script.take(input, { scope, signal }), owner);
    } catch (error) {
      const noted = await this.#book.raised(error, sent);
      if (noted !== undefined)
        await this.#tools.raised(mcpListingKey(this.#server), listing.gen).record(noted, listing.gen);
      throw error;
    }
  }

  /** The calls this container's stand-in answered from the namespace, oldest first. */
  get sent(): readonly ToolSent[] {
    return this.#book.sent.calls;
  }

  /** The test author's errors this container's calls raised (`T0125`). */
  findings(): Promise<readonly Finding[]> {
    return this.#book.findings();
  }

  forget(): void {
    this.#book.forget();
  }

  /** The zod check of tool `name`'s published input schema; undefined when it cannot be read (the tool checks none). */
  #check(
    listing: { readonly gen: string; readonly tools: readonly McpToolInfo[] },
    name: string,
  ): z.ZodType | undefined {
    if (this.#checks?.gen !== listing.gen) this.#checks = { gen: listing.gen, byName: new Map() };
    const byName = this.#checks.byName;
    if (!byName.has(name)) {
      const schema = listing.tools.find((tool) => tool.name === name)?.inputSchema;
      let check: z.ZodType | undefined;
      try {
        check = schema === undefined ? undefined : readJsonSchema(schema);
      } catch {
        check = undefined;
      }
      byName.set(name, check);
    }
    return byName.get(name);
  }

  #reach(): McpConnection {
    const below = this.#below();
    if (below !== undefined) return below;
    throw new StandinError(
      'M0002',
      `No process of the namespace fakes the MCP server '${this.#server}' now, and it is not configured for this ` +
        `app to reach. Fake it (app.fakeMcp('${this.#server}', { tools })) and await app.ready() before the call.`,
    );
  }

  #unlisted(name: string, listing: { readonly tools: readonly McpToolInfo[] }): StandinError {
    const names = listing.tools.map((tool) => `'${tool.name}'`);
    return new StandinError(
      'M0041',
      `${this.#book.owner}: tool '${String(name).slice(0, 100)}' was called, and the fake server the namespace ` +
        `published lists ${names.length === 0 ? 'no tools' : `only ${names.join(', ')}`}. Add it to tools, or find ` +
        `why the app calls a tool the server does not list.`,
    );
  }
}

import { randomUUID } from 'node:crypto';
import type { ServiceIdentifier } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';
import type { ToolAnswer } from '../tools/toolAnswers.js';
import type { McpToolInfo } from '../../services/mcp/McpConnection.js';
import { PUBLICATION_BYTES } from './publishable.js';
import { SharedRaised } from './SharedRaised.js';
import type { SharedScripts } from './SharedScripts.js';
import { unexpected } from './unexpectedReply.js';

/** The shared fake tools of a test container in a namespace. */
export const SharedToolsToken = Symbol.for('standin/internal/SharedTools') as ServiceIdentifier<SharedTools>;

/** A tool's answers as a namespace published them last. */
export interface PublishedTool {
  readonly gen: string;
  readonly answers: readonly ToolAnswer[];
}

/** A fake MCP server's tool listing as a namespace published it last. */
export interface PublishedListing {
  readonly gen: string;
  readonly tools: readonly McpToolInfo[];
}

/** The name a fake MCP server's tool is published under: never a name a model calls a tool (no `:` nor `/` there). */
export const mcpToolKey = (server: string, tool: string): string => `mcp:${server}/${tool}`;
/** The name a fake MCP server's listing, and the errors its calls raised, are kept under. */
export const mcpListingKey = (server: string): string => `mcp:${server}`;

/**
 * The fake tools a namespace shares: each `app.fakeTool` publishes a generation, answered one per call per scope with
 * the cursor in the namespace's store, so the publisher's `verify()` counts every process's calls.
 */
export class SharedTools {
  readonly #shared: SharedScripts;
  /** The answers of the generation each tool was last read at: a call of the same generation parses nothing. */
  readonly #known = new Map<string, PublishedTool>();
  readonly #listings = new Map<string, PublishedListing>();

  constructor(shared: SharedScripts) {
    this.#shared = shared;
  }

  /** The store the cursors live in: the namespace's. */
  get store(): SharedScripts['store'] {
    return this.#shared.store;
  }

  /**
   * Publishes `answers` as tool `tool`'s new generation, after every earlier publication of the
   * container (`app.ready()` waits for it), and answers the generation.
   *
   * @throws {StandinError} `D0009` for answers past the bytes one publication takes.
   */
  publish(tool: string, answers: readonly ToolAnswer[], owner: string): string {
    const json = JSON.stringify(answers);
    const bytes = Buffer.byteLength(json);
    if (bytes > PUBLICATION_BYTES) {
      throw new StandinError(
        'D0009',
        `${owner}: the answers are ${bytes} bytes of JSON, and a namespace takes at most ${PUBLICATION_BYTES} in one ` +
          `publication. Publish fewer or smaller answers.`,
      );
    }
    const gen = randomUUID();
    const head = this.#head(tool);
    const store = this.store;
    this.#known.set(tool, { gen, answers });
    this.#shared.publishWith(async () => {
      await store.link.command(head, ['HSET', head, 'gen', gen, 'answers', json]);
      await store.link.command(head, ['EXPIRE', head, store.ttl]);
    });
    return gen;
  }

  /** What the namespace published last for tool `tool`; undefined when no process faked it. */
  async published(tool: string): Promise<PublishedTool | undefined> {
    const head = this.#head(tool);
    const reply = await this.store.link.command(head, ['HMGET', head, 'gen', 'answers']);
    if (!Array.isArray(reply)) throw unexpected('HMGET of a shared tool');
    const [gen, json] = reply as [unknown, unknown];
    if (gen === null || gen === undefined) return undefined;
    const known = this.#known.get(tool);
    if (known?.gen === String(gen)) return known;
    const found = { gen: String(gen), answers: JSON.parse(String(json)) as ToolAnswer[] };
    this.#known.set(tool, found);
    return found;
  }

  /**
   * Publishes the tool listing of a fake MCP server (`app.fakeMcp`) as its new generation, each tool's
   * answers published as a tool of its own ({@link mcpToolKey}), and answers the generation.
   *
   * @throws {StandinError} `D0009` for a listing past the bytes one publication takes.
   */
  publishListing(server: string, tools: readonly McpToolInfo[], owner: string): string {
    const json = JSON.stringify(tools);
    const bytes = Buffer.byteLength(json);
    if (bytes > PUBLICATION_BYTES) {
      throw new StandinError(
        'D0009',
        `${owner}: the tool listing is ${bytes} bytes of JSON, and a namespace takes at most ${PUBLICATION_BYTES} in ` +
          `one publication. List fewer tools, or smaller input shapes.`,
      );
    }
    const gen = randomUUID();
    const head = this.#head(mcpListingKey(server));
    const store = this.store;
    this.#listings.set(server, { gen, tools });
    this.#shared.publishWith(async () => {
      await store.link.command(head, ['HSET', head, 'gen', gen, 'answers', json]);
      await store.link.command(head, ['EXPIRE', head, store.ttl]);
    });
    return gen;
  }

  /** The tool listing the namespace published last for MCP server `server`; undefined when no process faked it. */
  async listing(server: string): Promise<PublishedListing | undefined> {
    const head = this.#head(mcpListingKey(server));
    const reply = await this.store.link.command(head, ['HMGET', head, 'gen', 'answers']);
    if (!Array.isArray(reply)) throw unexpected('HMGET of a shared MCP listing');
    const [gen, json] = reply as [unknown, unknown];
    if (gen === null || gen === undefined) return undefined;
    const known = this.#listings.get(server);
    if (known?.gen === String(gen)) return known;
    const found = { gen: String(gen), tools: JSON.parse(String(json)) as McpToolInfo[] };
    this.#listings.set(server, found);
    return found;
  }

  /** The cursor identity of a generation of tool `tool`, the same in every process. */
  scriptOf(tool: string, gen: string): string {
    return `fake-tool:shared:${this.store.keys.scope(tool)}:${gen}`;
  }

  /** The test author's errors calls of tool `tool` raised, as the namespace records them, for generation `gen`. */
  raised(tool: string, gen: string | undefined): SharedRaised {
    const keys = this.store.keys;
    const source = { head: this.#head(tool), key: `${keys.prefix}raised:tool:${keys.scope(tool)}:` };
    return new SharedRaised(this.store, source, gen, () => undefined);
  }

  #head(tool: string): string {
    return `${this.store.keys.prefix}tool:${this.store.keys.scope(tool)}`;
  }
}

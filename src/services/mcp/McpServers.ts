import type { McpConfig } from '../../config/mcpConfigSchema.js';
import { StandinError } from '../../errors/StandinError.js';
import type { McpConnection } from './McpConnection.js';
import { McpOnFirstUse } from './McpOnFirstUse.js';

/**
 * The MCP servers of a container's config (`mcp.servers`), bound at `Tokens.Mcp`: one
 * real connection per server name, made on its first use and loaded and connected on its first
 * listing or call, and closed with the app (`app.dispose()`).
 */
export class McpServers {
  readonly #config: McpConfig | undefined;
  readonly #connections = new Map<string, McpOnFirstUse>();
  #closed = false;

  constructor(config: McpConfig | undefined) {
    this.#config = config;
  }

  /** The names of the configured servers. */
  get names(): readonly string[] {
    return Object.keys(this.#config?.servers ?? {});
  }

  /** The client of server `name`, or undefined when the config has no such server. Nothing connects yet. */
  connection(name: string): McpConnection | undefined {
    const servers = this.#config?.servers;
    if (servers === undefined || !Object.hasOwn(servers, name)) return undefined;
    let connection = this.#connections.get(name);
    if (connection === undefined) {
      connection = new McpOnFirstUse(name, servers[name]!);
      if (this.#closed) void connection.close();
      this.#connections.set(name, connection);
    }
    return connection;
  }

  /** Closes every connection made: each server's process exits, each HTTP session ends. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#connections.values()].map((connection) => connection.close()));
  }
}

/** The error for an MCP server the config does not have: `M0002`, listing the ones it has. */
export function unknownMcpServer(name: string, names: readonly string[]): StandinError {
  return new StandinError(
    'M0002',
    `There is no MCP server named '${name}': the config's mcp.servers has ` +
      `${names.length > 0 ? names.map((known) => `'${known}'`).join(', ') : 'none'}. Add it under mcp.servers ` +
      `({ url } or { command }), or use one of those names.`,
  );
}

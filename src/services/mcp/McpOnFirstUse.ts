import type { McpServerConfig } from '../../config/mcpConfigSchema.js';
import type { McpCallResult, McpConnection, McpToolInfo } from './McpConnection.js';
import type { RealMcpConnection } from './RealMcpConnection.js';

/**
 * A configured MCP server's connection whose client side (the SDK loader, bounds, masking, schema checks) is
 * evaluated on its first listing or call, so an app that names MCP servers and never uses them pays nothing to import
 * them. Closed before that, it loads nothing; the connection it then makes is closed at once and refuses as closed.
 */
export class McpOnFirstUse implements McpConnection {
  readonly real = true;
  readonly #name: string;
  readonly #config: McpServerConfig;
  #made: Promise<RealMcpConnection> | undefined;
  #closed = false;

  constructor(name: string, config: McpServerConfig) {
    this.#name = name;
    this.#config = config;
  }

  async listTools(signal: AbortSignal): Promise<readonly McpToolInfo[]> {
    return (await this.#connection()).listTools(signal);
  }

  async callTool(name: string, input: unknown, signal: AbortSignal): Promise<McpCallResult> {
    return (await this.#connection()).callTool(name, input, signal);
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#made !== undefined) await (await this.#made).close();
  }

  #connection(): Promise<RealMcpConnection> {
    this.#made ??= import('./RealMcpConnection.js').then(({ RealMcpConnection }) => {
      const connection = new RealMcpConnection(this.#name, this.#config);
      if (this.#closed) void connection.close();
      return connection;
    });
    return this.#made;
  }
}

import { StandinError } from '../../errors/StandinError.js';
import type { McpCallResult, McpConnection, McpToolInfo } from '../../services/mcp/McpConnection.js';
import type { CassetteTape } from './CassetteTape.js';

/**
 * An MCP server behind a cassette with `tools: true`: its listing comes from the tape in `replay` (and `record-missing`
 * when the file has one), so `app.mcpTools` lists without the server. Tool calls go below: the tool tape answers a
 * replayed call before it gets here.
 */
export class CassetteMcp implements McpConnection {
  readonly real = false;
  readonly #tape: CassetteTape;
  readonly #server: string;
  readonly #below: () => McpConnection | undefined;

  constructor(tape: CassetteTape, server: string, below: () => McpConnection | undefined) {
    this.#tape = tape;
    this.#server = server;
    this.#below = below;
  }

  async listTools(signal: AbortSignal): Promise<readonly McpToolInfo[]> {
    const kept = this.#tape.mode === 'record' ? undefined : this.#tape.listing(this.#server);
    if (kept !== undefined) return kept;
    if (this.#tape.mode === 'replay') {
      throw new StandinError(
        'V0023',
        `The cassette ${this.#tape.path} holds no tool listing of the MCP server '${this.#server}', which ` +
          `app.mcpTools('${this.#server}') asked for in replay. Record the cassette again with the server running ` +
          `(mode: 'record', or 'record-missing' to add the listing and keep the rest).`,
      );
    }
    const listed = await this.#reach().listTools(signal);
    this.#tape.recordListing(
      this.#server,
      listed.map((tool) => ({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.inputSchema,
      })),
    );
    return listed;
  }

  callTool(name: string, input: unknown, signal: AbortSignal): Promise<McpCallResult> {
    return this.#reach().callTool(name, input, signal);
  }

  #reach(): McpConnection {
    const below = this.#below();
    if (below !== undefined) return below;
    throw new StandinError(
      'M0002',
      `The MCP server '${this.#server}' is not configured, and the cassette ${this.#tape.path} cannot reach it. Add ` +
        `it under mcp.servers in the config.`,
    );
  }
}

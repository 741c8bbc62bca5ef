import type * as ServerModule from '@modelcontextprotocol/sdk/server/index.js';
import type * as TransportModule from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js';
import { StandinError } from '../../errors/StandinError.js';

/** The parts of `@modelcontextprotocol/sdk` the wire server's MCP servers are made of. */
export interface McpSdk {
  readonly Server: typeof ServerModule.Server;
  readonly StreamableHTTPServerTransport: typeof TransportModule.StreamableHTTPServerTransport;
  readonly ListToolsRequestSchema: typeof TypesModule.ListToolsRequestSchema;
  readonly CallToolRequestSchema: typeof TypesModule.CallToolRequestSchema;
  readonly CallToolRequestParamsSchema: typeof TypesModule.CallToolRequestParamsSchema;
  readonly McpError: typeof TypesModule.McpError;
  readonly ErrorCode: typeof TypesModule.ErrorCode;
}

/**
 * Loads the optional MCP SDK with a server's first MCP script; `load` is apart so a test can stand a missing package
 * in.
 *
 * @throws {StandinError} `W0051` naming the package to install, when it cannot be loaded.
 */
export async function loadMcpSdk(load: () => Promise<McpSdk> = importSdk): Promise<McpSdk> {
  try {
    return await load();
  } catch (error) {
    throw new StandinError(
      'W0051',
      `The wire server serves scripted MCP servers with the package '@modelcontextprotocol/sdk', and it cannot be ` +
        `loaded (${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}). Install it beside ` +
        `standin: npm install --save-dev @modelcontextprotocol/sdk. It is an optional peer, needed only for MCP.`,
      { cause: error },
    );
  }
}

async function importSdk(): Promise<McpSdk> {
  const [server, transport, types] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  return {
    Server: server.Server,
    StreamableHTTPServerTransport: transport.StreamableHTTPServerTransport,
    ListToolsRequestSchema: types.ListToolsRequestSchema,
    CallToolRequestSchema: types.CallToolRequestSchema,
    CallToolRequestParamsSchema: types.CallToolRequestParamsSchema,
    McpError: types.McpError,
    ErrorCode: types.ErrorCode,
  };
}

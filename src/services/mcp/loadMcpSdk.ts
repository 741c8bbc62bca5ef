import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js';
import type * as HttpModule from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type * as StdioModule from '@modelcontextprotocol/sdk/client/stdio.js';
import { StandinError } from '../../errors/StandinError.js';

/** The parts of `@modelcontextprotocol/sdk` the MCP client uses. */
export interface McpSdk {
  readonly Client: typeof ClientModule.Client;
  readonly StreamableHTTPClientTransport: typeof HttpModule.StreamableHTTPClientTransport;
  readonly StdioClientTransport: typeof StdioModule.StdioClientTransport;
}

const PACKAGE = '@modelcontextprotocol/sdk';
let loaded: Promise<McpSdk> | undefined;

/**
 * Loads `@modelcontextprotocol/sdk` on the first use of an MCP server, once per process: an app
 * without `mcp` never loads it. Rejects with `M0001` naming the package when it is not installed.
 *
 * @throws {StandinError} `M0001` when the package cannot be loaded.
 */
export function loadMcpSdk(): Promise<McpSdk> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function load(): Promise<McpSdk> {
  try {
    const [client, http, stdio] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
    ]);
    return {
      Client: client.Client,
      StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
      StdioClientTransport: stdio.StdioClientTransport,
    };
  } catch (error) {
    throw new StandinError(
      'M0001',
      `An MCP server was used, and its client needs the package '${PACKAGE}', which cannot be loaded. Install it ` +
        `beside standin: npm install ${PACKAGE}. It is an optional peer, needed only by apps that use MCP servers.`,
      { cause: error },
    );
  }
}

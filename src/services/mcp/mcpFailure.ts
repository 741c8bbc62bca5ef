import { StandinError } from '../../errors/StandinError.js';
import type { McpSecrets } from './McpSecrets.js';

/** The JSON-RPC codes the SDK gives its own failures. */
const CONNECTION_CLOSED = -32000;
const REQUEST_TIMEOUT = -32001;

/** What was waiting when an MCP failure happened: connecting, listing the tools, or calling tool `tool`. */
export type McpStage =
  { readonly stage: 'connect' } | { readonly stage: 'list' } | { readonly stage: 'call'; readonly tool: string };

/** Where an MCP failure happened, for messages: `MCP server 'x'` or `MCP server 'x', tool 'y'`. */
export function mcpWhere(server: string, stage: McpStage): string {
  return stage.stage === 'call' ? `MCP server '${server}', tool '${stage.tool}'` : `MCP server '${server}'`;
}

/** The waiting a stage does, as a message says it. */
function waiting(stage: McpStage): string {
  if (stage.stage === 'connect') return 'connecting (starting it and the MCP handshake)';
  return stage.stage === 'list' ? 'listing its tools' : 'the tool call';
}

/** Whether `error` is fetch's failure to reach the server or to read its answer: the HTTP server went away. */
function isLostSocket(error: unknown): boolean {
  return error instanceof TypeError && error.message === 'fetch failed';
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  // The SDK's HTTP errors carry the status as their code and leave it out of their message.
  const status =
    typeof code === 'number' && code > 0 && error.message.startsWith('Streamable HTTP') ? ` (HTTP ${code})` : '';
  return `${error.message}${typeof code === 'string' ? ` [${code}]` : status}${cause}`;
}

/**
 * The typed error for what an MCP call threw, secrets hidden and no raw cause kept: `M0004` a wait past its bound,
 * `M0005` closed mid-call, `M0003` cannot connect, `M0011` the server's error. A `StandinError` passes as it is.
 */
export function mcpFailure(
  server: string,
  stage: McpStage,
  error: unknown,
  secrets: McpSecrets,
  bound: { readonly timeoutMs: number; readonly stderr?: string | undefined },
): StandinError {
  if (error instanceof StandinError) return error;
  // An answer cut as it streamed reaches the waiting call as an MCP error carrying the typed error as its data.
  const carried = (error as { data?: unknown } | null)?.data;
  if (carried instanceof StandinError) return carried;
  const where = mcpWhere(server, stage);
  const code = (error as { code?: unknown } | null)?.code;
  const said = secrets.hide(describe(error));
  const stderr = bound.stderr ? ` The end of its stderr: ${secrets.hide(bound.stderr.trim())}` : '';
  if (code === REQUEST_TIMEOUT) {
    const field = stage.stage === 'connect' ? 'connectTimeoutMs' : 'timeoutMs';
    return new StandinError(
      'M0004',
      `${where}: ${waiting(stage)} did not finish within ${bound.timeoutMs} ms, so it was given up. Make the server ` +
        `answer sooner, or raise ${field} under mcp.servers.${server}.`,
    );
  }
  if (stage.stage === 'connect') {
    return new StandinError(
      'M0003',
      `${where} could not be reached or started: ${said}.${stderr} Check its url, or its command, args and cwd, ` +
        `under mcp.servers.${server}.`,
    );
  }
  if (code === CONNECTION_CLOSED || isLostSocket(error)) {
    return new StandinError(
      'M0005',
      `${where}: the server closed the connection during ${waiting(stage)} (${said}).${stderr} The next use ` +
        `connects again; look at why the server stopped.`,
    );
  }
  return new StandinError('M0011', `${where}: ${waiting(stage)} failed: ${said}.${stderr}`);
}

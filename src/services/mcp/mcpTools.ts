import type { Container } from 'inversify';
import { StandinError } from '../../errors/StandinError.js';
import { Tokens } from '../../tokens/Tokens.js';
import { assertAlive } from '../app/disposed.js';
import { MAX_TIMER_MS } from '../providers/http/limits.js';
import { tool, type Tool } from '../runs/tool.js';
import type { McpConnection, McpToolInfo } from './McpConnection.js';
import { mcpLimits } from './mcpBounds.js';
import { unknownMcpServer } from './McpServers.js';
import { mcpToolInput } from './mcpToolInput.js';
import { mcpToolOutput } from './mcpToolOutput.js';

/** Which of an MCP server's tools `app.mcpTools` hands out, and under which names. */
export interface McpToolsOptions {
  /** The server's tools to hand out, by the server's names; every tool it lists when left out. */
  readonly tools?: readonly string[] | undefined;
  /** Put before each tool's name, as the model calls it (`'tickets_'` makes `find` `tickets_find`). */
  readonly prefix?: string | undefined;
  /** Aborts the listing. */
  readonly signal?: AbortSignal | undefined;
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** The most tool names an error lists. */
const MAX_NAMES_SHOWN = 50;

/**
 * The MCP server `server` as a call made now reaches it: what stands in for it in the caller's
 * scope (`app.fakeMcp`), else the configured client. Looked up on every listing and every call.
 *
 * @throws {StandinError} `M0002` when nothing stands in and the config has no such server.
 */
export function mcpConnection(container: Container, server: string): McpConnection {
  const servers = container.get(Tokens.Mcp);
  const base = () => servers.connection(server);
  const seat = container.get(Tokens.StandIns).standIns;
  const found = seat === undefined ? base() : seat.mcp(server, container.get(Tokens.Scopes).current(), base);
  if (found === undefined) throw unknownMcpServer(server, servers.names);
  return found;
}

function names(tools: readonly McpToolInfo[]): string {
  const shown = tools.slice(0, MAX_NAMES_SHOWN).map((listed) => `'${listed.name}'`);
  if (tools.length > MAX_NAMES_SHOWN) shown.push(`and ${tools.length - MAX_NAMES_SHOWN} more`);
  return shown.length > 0 ? shown.join(', ') : 'none';
}

function checkOptions(server: string, options: McpToolsOptions): void {
  const { tools, prefix } = options as { tools?: unknown; prefix?: unknown };
  const fine =
    (tools === undefined || (Array.isArray(tools) && tools.every((name) => typeof name === 'string'))) &&
    (prefix === undefined || typeof prefix === 'string');
  if (!fine) {
    throw new StandinError(
      'M0010',
      `app.mcpTools('${server}', options): options.tools must be an array of tool names and options.prefix a ` +
        `string, e.g. app.mcpTools('${server}', { tools: ['find'], prefix: '${server}_' }).`,
    );
  }
}

/**
 * The tools of MCP server `server` as an agent's `tools`: each with the server's description, an input checked against
 * the server's schema, and a `run` that calls the server's tool (through whatever stands in for the server in the
 * caller's scope) and answers its result. Behind `app.mcpTools`.
 *
 * @throws {StandinError} `M0002` (no such server), `M0009` (an unknown name in `tools`), `M0010`
 * (bad options, a name the model cannot call), `M0008` (an unreadable schema), and the listing's own failures (`M0001`,
 * `M0003`-`M0006`, `M0011`).
 */
export async function mcpTools(
  container: Container,
  server: string,
  options: McpToolsOptions = {},
): Promise<Record<string, Tool>> {
  checkOptions(server, options);
  const listed = await mcpConnection(container, server).listTools(options.signal ?? new AbortController().signal);
  const chosen = options.tools === undefined ? listed : options.tools.map((name) => pick(server, listed, name));
  const config = container.get(Tokens.Config).mcp?.servers[server];
  const limits = mcpLimits(config ?? {});
  const timeoutMs = Math.min(MAX_TIMER_MS, limits.connectTimeoutMs + limits.timeoutMs + 1_000);
  const prefix = options.prefix ?? '';
  const tools: Record<string, Tool> = {};
  for (const info of chosen) {
    const name = `${prefix}${info.name}`;
    if (!TOOL_NAME.test(name)) {
      throw new StandinError(
        'M0010',
        `MCP server '${server}', tool '${info.name}': the name a model would call it by, '${name}', is not 1 to 64 ` +
          `letters, digits, _ or -. Choose another prefix, or leave the tool out: app.mcpTools('${server}', { tools }).`,
      );
    }
    // An own property whatever the name: a tool listed as `__proto__` would otherwise become the record's prototype.
    Object.defineProperty(tools, name, {
      enumerable: true,
      writable: true,
      configurable: true,
      value: tool({
        ...(info.description === undefined ? {} : { description: info.description }),
        input: mcpToolInput(server, info),
        timeoutMs,
        run: async (input, context) => {
          assertAlive(container, `MCP server '${server}', tool '${info.name}'`);
          return mcpToolOutput(await mcpConnection(container, server).callTool(info.name, input, context.signal));
        },
      }),
    });
  }
  return tools;
}

function pick(server: string, listed: readonly McpToolInfo[], name: string): McpToolInfo {
  const found = listed.find((candidate) => candidate.name === name);
  if (found !== undefined) return found;
  throw new StandinError(
    'M0009',
    `MCP server '${server}' lists no tool named '${name}'. It lists ${names(listed)}. Name only those in ` +
      `app.mcpTools('${server}', { tools }).`,
  );
}

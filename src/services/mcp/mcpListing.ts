import { StandinError } from '../../errors/StandinError.js';
import type { McpToolInfo } from './McpConnection.js';
import type { McpLimits } from './mcpBounds.js';

/** The size of `value` as JSON, in UTF-8 bytes. */
export function bytesOf(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '');
}

/** One tool as the SDK lists it: the fields read here. */
interface ListedTool {
  readonly name: string;
  readonly description?: string | undefined;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/**
 * One page of an MCP server's tool listing as {@link McpToolInfo}s, checked against the server's
 * bounds: with `before` tools already listed, at most `maxTools` in all (`M0006`), and each
 * input schema at most `maxSchemaBytes` as JSON (`M0006`, naming the tool).
 *
 * @throws {StandinError} `M0006` when the listing is over a bound.
 */
export function checkListing(
  server: string,
  listed: readonly ListedTool[],
  before: number,
  limits: Pick<McpLimits, 'maxTools' | 'maxSchemaBytes'>,
): McpToolInfo[] {
  if (before + listed.length > limits.maxTools) {
    throw new StandinError(
      'M0006',
      `MCP server '${server}' lists more than maxTools (${limits.maxTools}) tools. Raise maxTools under ` +
        `mcp.servers.${server}, or have the server list fewer.`,
    );
  }
  return listed.map((tool) => {
    const size = bytesOf(tool.inputSchema);
    if (size > limits.maxSchemaBytes) {
      throw new StandinError(
        'M0006',
        `MCP server '${server}', tool '${tool.name}': the input schema has ${size} bytes, over maxSchemaBytes ` +
          `(${limits.maxSchemaBytes}). Raise maxSchemaBytes under mcp.servers.${server}, or leave the tool out.`,
      );
    }
    const info: { -readonly [K in keyof McpToolInfo]: McpToolInfo[K] } = {
      name: tool.name,
      inputSchema: tool.inputSchema,
    };
    if (tool.description !== undefined) info.description = tool.description;
    return info;
  });
}

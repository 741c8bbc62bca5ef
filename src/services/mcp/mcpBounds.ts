import type { McpBounds } from '../../config/mcpConfigSchema.js';

/** An MCP server's bounds, every one filled in. */
export type McpLimits = { readonly [K in keyof McpBounds]-?: number };

/** The defaults: 10 s to connect, 60 s to list or call, 1 000 tools, 64 KiB per input schema, 1 MiB per result. */
export function mcpLimits(bounds: McpBounds): McpLimits {
  return {
    connectTimeoutMs: bounds.connectTimeoutMs ?? 10_000,
    timeoutMs: bounds.timeoutMs ?? 60_000,
    maxTools: bounds.maxTools ?? 1_000,
    maxSchemaBytes: bounds.maxSchemaBytes ?? 65_536,
    maxResultBytes: bounds.maxResultBytes ?? 1_048_576,
  };
}

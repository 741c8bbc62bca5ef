/** One tool an MCP server lists: its name, what it is for, and the JSON Schema of its input. */
export interface McpToolInfo {
  readonly name: string;
  readonly description?: string | undefined;
  /** The JSON Schema the server gave for the tool's input (an object schema). */
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** What an MCP server answered to a tool call, as MCP's `tools/call` result carries it. */
export interface McpCallResult {
  /** The result's content blocks (`{ type: 'text', text }`, images, resources), as the server sent them. */
  readonly content: readonly Readonly<Record<string, unknown>>[];
  /** The structured result, when the server sent one. */
  readonly structuredContent?: Readonly<Record<string, unknown>> | undefined;
  /** Whether the server says the call failed (the content then says why). */
  readonly isError?: boolean | undefined;
}

/**
 * One MCP server as the app sees it: a real client (`mcp.servers` in the config) or a stand-in
 * (`app.fakeMcp`). Every method is bounded in time and size by its implementation.
 */
export interface McpConnection {
  /** Whether calls reach a real server. */
  readonly real: boolean;
  /** The tools the server offers. */
  listTools(signal: AbortSignal): Promise<readonly McpToolInfo[]>;
  /** Calls tool `name` with `input`. */
  callTool(name: string, input: unknown, signal: AbortSignal): Promise<McpCallResult>;
}

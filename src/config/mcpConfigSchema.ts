import { z } from 'zod';
import { MAX_TEXT_BYTES, MAX_TIMER_MS } from '../services/providers/http/limits.js';
import { lazySchema } from '../validation/lazySchema.js';
import { credentialFree } from './credentialFree.js';

/** The characters an MCP server's name may have: it is named in errors and in `app.mcpTools(server)`. */
export const mcpServerNamePattern = /^[A-Za-z0-9_.-]{1,64}$/;

/** The bounds every MCP server shares, each optional: timeouts in ms and sizes in bytes. */
const bounds = {
  connectTimeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
  timeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
  maxTools: z.number().int().positive().max(10_000).optional(),
  maxSchemaBytes: z.number().int().positive().max(MAX_TEXT_BYTES).optional(),
  maxResultBytes: z.number().int().positive().max(MAX_TEXT_BYTES).optional(),
};

/** An MCP server reached over streamable HTTP. */
const urlServerSchema = lazySchema(() =>
  z.strictObject({
    url: credentialFree(z.url({ protocol: /^https?$/ })),
    headers: z.record(z.string(), z.string()).optional(),
    ...bounds,
  }),
);

/** An MCP server started as a child process and reached over its stdin and stdout. */
const commandServerSchema = lazySchema(() =>
  z.strictObject({
    command: z.string().min(1),
    args: z.array(z.string()).max(1_000).optional(),
    env: z.record(z.string(), z.string()).optional(),
    cwd: z.string().min(1).optional(),
    ...bounds,
  }),
);

/**
 * The HTTP shape with a `url`, else the process shape, so an issue names the wrong field rather than "matches no
 * shape".
 */
const serverSchema = lazySchema(
  () =>
    z.unknown().transform((value, context) => {
      const http = typeof value === 'object' && value !== null && 'url' in value;
      const parsed = (http ? urlServerSchema : commandServerSchema).safeParse(value);
      if (parsed.success) return parsed.data as McpServerConfig;
      for (const issue of parsed.error.issues) context.addIssue({ ...issue, input: undefined } as never);
      return z.NEVER;
    }) as unknown as z.ZodType<McpServerConfig, McpServerConfig>,
);

/** The config's `mcp`: the MCP servers the app's agents may use, by name. */
export const mcpConfigSchema = lazySchema(() =>
  z.strictObject({
    servers: z.record(
      z.string().regex(mcpServerNamePattern, 'An MCP server name is 1 to 64 letters, digits, _, . or -'),
      serverSchema,
    ),
  }),
);

/** The bounds of one MCP server's waits and sizes. Every one may be left out. */
export interface McpBounds {
  /** The most ms connecting (starting the process, the MCP handshake) may take. 10 000 when left out. */
  readonly connectTimeoutMs?: number | undefined;
  /** The most ms listing the tools, or one tool call, may take. 60 000 when left out. */
  readonly timeoutMs?: number | undefined;
  /** The most tools the server may list. 1 000 when left out. */
  readonly maxTools?: number | undefined;
  /** The most bytes one tool's input JSON Schema may have. 65 536 when left out. */
  readonly maxSchemaBytes?: number | undefined;
  /** The most bytes one tool call's result (as JSON) may have. 1 048 576 when left out. */
  readonly maxResultBytes?: number | undefined;
}

/** An MCP server reached over streamable HTTP at `url`; `headers` (such as a bearer token) go with every request. */
export interface McpUrlServerConfig extends McpBounds {
  readonly url: string;
  /** Sent with every request, and never written into an error, `sent` or a log. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** An MCP server the app starts as a child process (`command` with `args`, in `cwd`) and talks to over stdio. */
export interface McpCommandServerConfig extends McpBounds {
  readonly command: string;
  readonly args?: readonly string[] | undefined;
  /** Added to the few variables the process inherits (PATH, HOME, ...); never written into an error or a log. */
  readonly env?: Readonly<Record<string, string>> | undefined;
  readonly cwd?: string | undefined;
}

/** One MCP server: over HTTP (`url`) or a process over stdio (`command`). */
export type McpServerConfig = McpUrlServerConfig | McpCommandServerConfig;

/** The config's `mcp`: the MCP servers an app's agents use, by name (`app.mcpTools(name)`). */
export interface McpConfig {
  readonly servers: Readonly<Record<string, McpServerConfig>>;
}

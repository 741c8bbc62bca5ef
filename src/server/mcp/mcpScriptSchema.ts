import { z } from 'zod';
import { built, lazySchema } from '../../validation/lazySchema.js';

/** What an MCP server's name (the last segment of its path, `/mcp/<name>`) may be. */
export const MCP_SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
/** What a tool's name may be: MCP's tool name characters, 1 to 128 of them. */
export const MCP_TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** One scripted answer of an MCP tool: its result (`output`, any JSON value), or a failure (`fail`, the message). */
export type McpToolAnswer = { readonly output: unknown } | { readonly fail: string };

/**
 * Answers a JSON copy as given: a parsed object is rebuilt key by key, and a `__proto__` key would set the copy's
 * prototype and vanish.
 */
function asGiven(schema: z.ZodType): z.ZodType<unknown> {
  // A JSON file holds JSON values only: its JSON Schema says any value here, as z.json()'s says.
  return z.unknown().transform((value, context) => {
    const checked = schema.safeParse(value);
    if (!checked.success) {
      for (const issue of checked.error.issues) context.addIssue(issue as never);
      return z.NEVER;
    }
    return JSON.parse(JSON.stringify(value)) as unknown;
  });
}

/** A tool's answer list entry: exactly one of `output` and `fail`. */
const answerSchema = lazySchema(() =>
  z.union([z.strictObject({ output: asGiven(z.json()) }), z.strictObject({ fail: z.string().min(1).max(10_000) })]),
);

/** One scripted tool: what it is for, the JSON Schema of its input, and its answers, taken in order. */
export const mcpToolSchema = lazySchema(() =>
  z.strictObject({
    description: z.string().max(10_000).optional(),
    // MCP lists a tool's input as an object schema; the rest of it is JSON Schema, read by the checker.
    input: z.looseObject({ type: z.literal('object') }).optional(),
    answers: z.array(built(answerSchema)).max(100_000),
  }),
);

/** One scripted MCP server: its tools by name. */
export const mcpServerSchema = lazySchema(() =>
  z.strictObject({ tools: z.record(z.string().regex(MCP_TOOL_NAME), built(mcpToolSchema)) }),
);

/** The `mcp` part of a scripts document: scripted MCP servers by name, each served at `/mcp/<name>`. */
export const mcpScriptsSchema = lazySchema(() => z.record(z.string().regex(MCP_SERVER_NAME), built(mcpServerSchema)));

/** One scripted MCP server as a scripts document writes it. */
export type McpServerScript = z.input<typeof mcpServerSchema>;

/** What the problems of a scripts document's `mcp` part are expected to be, per path pattern, for messages. */
export const mcpExpected: Readonly<Record<string, string>> = {
  mcp: "an object keyed by MCP server name: { 'weather': { tools: { ... } } }",
  'mcp.*': "an object { tools: { '<tool>': { description?, input?, answers } } }",
  'mcp.*.tools': "an object keyed by tool name (letters, digits, '_', '-', '.'): { 'forecast': { answers: [...] } }",
  'mcp.*.tools.*': 'an object { description?: string, input?: { type: "object", ... }, answers: [...] }',
  'mcp.*.tools.*.description': 'a string saying what the tool is for',
  'mcp.*.tools.*.input': 'a JSON Schema object for the tool\'s input, { "type": "object", "properties": { ... } }',
  'mcp.*.tools.*.input.type': '"object": MCP tools take an object',
  'mcp.*.tools.*.answers': 'a list of answers, one per call: [{ "output": ... } or { "fail": "message" }]',
  'mcp.*.tools.*.answers.*': 'one answer: { "output": <any JSON value> } or { "fail": "<message>" }',
};

/** The keys each object of the `mcp` part may have, per path pattern. */
export const mcpKeys: Readonly<Record<string, readonly string[]>> = {
  'mcp.*': ['tools'],
  'mcp.*.tools.*': ['description', 'input', 'answers'],
  'mcp.*.tools.*.answers.*': ['output', 'fail'],
};

/** The path pattern of a problem in the `mcp` part: server and tool names and list indexes as `*`. */
export function mcpPattern(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' || i === 1 || i === 3 ? '*' : String(key))).join('.');
}

/** The first server or tool named `__proto__`: a parsed record would drop it without a word. */
export function protoName(mcp: unknown): string | undefined {
  if (typeof mcp !== 'object' || mcp === null) return undefined;
  if (Object.hasOwn(mcp, '__proto__')) return "scripts.mcp['__proto__']";
  for (const [name, server] of Object.entries(mcp)) {
    const tools = (server as { tools?: unknown } | null)?.tools;
    if (typeof tools === 'object' && tools !== null && Object.hasOwn(tools, '__proto__'))
      return `scripts.mcp['${name}'].tools['__proto__']`;
  }
  return undefined;
}

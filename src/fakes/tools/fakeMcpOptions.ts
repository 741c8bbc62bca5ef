import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import type { McpToolInfo } from '../../services/mcp/McpConnection.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { readToolAnswers, type ReadToolAnswers, type ToolAnswers } from './toolAnswers.js';

/** One tool of a fake MCP server: what `tools/list` says of it, and its scripted answers. */
export interface FakeMcpTool {
  /** What the tool is for, as the model reads it. */
  readonly description?: string | undefined;
  /**
   * The shape of its input: a zod schema (listed as its JSON Schema, and calls checked against it
   * as a server would), or a JSON Schema object of `type: 'object'`. Any object when left out.
   */
  readonly input?: z.ZodType | Readonly<Record<string, unknown>> | undefined;
  /** The answers, in the format of `app.fakeTool`: a list of `{ output }` / `{ fail }`, or a function. */
  readonly answers: ToolAnswers;
}

/** What `app.fakeMcp(server, options)` takes: the tools the fake server lists, by name. */
export interface FakeMcpOptions {
  readonly tools: Readonly<Record<string, FakeMcpTool>>;
}

/** One tool of a fake server, read: what it lists, its answers, and the zod shape calls are checked against. */
export interface ReadMcpTool {
  readonly info: McpToolInfo;
  readonly read: ReadToolAnswers;
  readonly check: z.ZodType | undefined;
}

/** The most tools one fake server lists. */
const MAX_TOOLS = 1_000;

const toolSchema = z.strictObject({
  description: z.string().max(10_000).optional(),
  input: z.unknown().optional(),
  answers: z.unknown(),
});
const optionsSchema = z.strictObject({
  tools: z.record(z.string().min(1).max(128), toolSchema).refine((tools) => Object.keys(tools).length <= MAX_TOOLS, {
    message: `at most ${MAX_TOOLS} tools`,
  }),
});

/**
 * Reads `app.fakeMcp`'s options into the tools the fake server lists, in the order given.
 *
 * @throws {StandinError} `M0040` for options of the wrong shape or an input shape that is no object
 *   schema; `T0122` for bad answers, at `tools.<name>.answers`.
 */
export function readMcpOptions(options: unknown, owner: string): ReadMcpTool[] {
  const parsed = optionsSchema.safeParse(options);
  if (!parsed.success) {
    const lines = describeIssues('options', options, parsed.error.issues, { schema: optionsSchema });
    throw new StandinError(
      'M0040',
      `${owner}: the options are not a fake MCP server's:\n${lines.join('\n')}\nGive { tools: { name: { ` +
        `description?, input?, answers } } }.`,
    );
  }
  const tools = (options as FakeMcpOptions).tools;
  return Object.keys(tools).map((name) => {
    const tool = tools[name]!;
    const { json, check } = inputShape(tool.input, `${owner}: options.tools.${name}.input`);
    const info: McpToolInfo = Object.freeze({
      name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: json,
    });
    return { info, read: readToolAnswers(tool.answers, owner, `tools.${name}.answers`), check };
  });
}

/** The JSON Schema a tool lists and, for a zod schema, the schema calls are checked against. */
function inputShape(input: unknown, where: string): { json: Readonly<Record<string, unknown>>; check?: z.ZodType } {
  if (input === undefined) return { json: Object.freeze({ type: 'object' }) };
  if (input instanceof z.ZodType) {
    let json: Record<string, unknown>;
    try {
      json = z.toJSONSchema(input, { io: 'input' }) as Record<string, unknown>;
    } catch (error) {
      const said = error instanceof Error ? error.message : String(error);
      throw new StandinError(
        'M0040',
        `${where}: the zod schema cannot be said in JSON Schema (${said.slice(0, 200)}), which MCP lists. Use types ` +
          `JSON carries (strings for dates), or give the JSON Schema itself.`,
        { cause: error },
      );
    }
    if (json.type !== 'object') throw notAnObject(where, 'a zod schema of');
    return { json: Object.freeze(json), check: input };
  }
  if (!isPlainObject(input)) {
    throw new StandinError(
      'M0040',
      `${where}: expected a zod schema or a JSON Schema object, got ${show(input)}. Write z.object({ ... }) or ` +
        `{ type: 'object', properties: { ... } }.`,
    );
  }
  if (input.type !== 'object') throw notAnObject(where, 'a JSON Schema of');
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(JSON.stringify(input)) as Record<string, unknown>;
  } catch (error) {
    throw new StandinError('M0040', `${where}: the JSON Schema is not JSON data (a cycle, a bigint).`, {
      cause: error,
    });
  }
  return { json: Object.freeze(json) };
}

function notAnObject(where: string, what: string): StandinError {
  return new StandinError(
    'M0040',
    `${where}: MCP lists a tool's input as ${what} type 'object'. Wrap the input in an object: ` +
      `z.object({ ... }) or { type: 'object', properties: { ... } }.`,
  );
}

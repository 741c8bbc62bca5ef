import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { LinearSchemaValidator } from '../../services/mcp/LinearSchemaValidator.js';
import { describeType } from '../../validation/formatPath.js';
import type { ScopeLedger } from '../ScopeLedger.js';
import type { SentLog } from '../SentLog.js';
import type { McpBook, McpServerEntry, McpTool } from './McpBook.js';
import { mcpResult, mcpToolError, type McpWireResult } from './mcpResult.js';
import type { McpSdk } from './loadMcpSdk.js';

/** The path each scripted MCP server is served under: `/mcp/<name>`. */
export const MCP_PREFIX = '/mcp/';

type Validator = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };

/**
 * A scripted MCP server: one session's SDK `Server`, reading its scope's script at each request. Calls are recorded,
 * checked against the input schema, and take the next answer; one past the last is kept for verify.
 */
export class McpCalls {
  readonly #book: McpBook;
  readonly #sent: SentLog;
  readonly #ledger: ScopeLedger;
  /** Each tool's input checker, made at its first call: a tool loaded again gets its own. */
  readonly #checkers = new WeakMap<McpTool, Validator>();
  /** Reads input schemas with every pattern matched in linear time: one script cannot stop the server. */
  readonly #validator = new LinearSchemaValidator('input');

  constructor(book: McpBook, sent: SentLog, ledger: ScopeLedger) {
    this.#book = book;
    this.#sent = sent;
    this.#ledger = ledger;
  }

  /** An SDK server answering MCP server `name` in `scope`. */
  server(sdk: McpSdk, name: string, scope: string): Server {
    const server = new sdk.Server(
      { name: `standin-${name}`, version: '1.0.0' },
      { capabilities: { tools: { listChanged: false } } },
    );
    server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({
      tools: [...this.#script(sdk, name, scope).tools.values()].map((tool) => ({
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        inputSchema: tool.input as { type: 'object' },
      })),
    }));
    // Registered past the SDK server's own tools/call check, which answers arguments that are no object with a dump of
    // its schema's issues: the call reaches #call, which says what is wrong.
    const register = (Object.getPrototypeOf(sdk.Server.prototype) as Server).setRequestHandler;
    register.call(server, callSchema(sdk), (request) =>
      this.#call(
        sdk,
        name,
        scope,
        request.params.name,
        request.params.arguments === undefined ? {} : request.params.arguments,
      ),
    );
    return server;
  }

  #call(sdk: McpSdk, server: string, scope: string, name: string, input: unknown): McpWireResult {
    const path = `${MCP_PREFIX}${server}`;
    this.#sent.add(
      { scope, path, call: 'tools/call', server, tool: name, input },
      Buffer.byteLength(JSON.stringify(input)),
    );
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw mcpError(
        sdk,
        sdk.ErrorCode.InvalidParams,
        `W0058: the arguments of a call to tool '${name.slice(0, 128)}' are ${describeType(input)}; tools/call's ` +
          `arguments must be a JSON object of the tool's input, such as { "city": "Paris" }, or left out.`,
      );
    }
    const script = this.#script(sdk, server, scope);
    const tool = script.tools.get(name);
    if (tool === undefined) {
      throw mcpError(
        sdk,
        sdk.ErrorCode.InvalidParams,
        `Tool '${name.slice(0, 128)}' is not scripted on MCP server '${server}'; its tools are ` +
          `${[...script.tools.keys()].join(', ') || 'none'}. Call one of them, or script it under ` +
          `mcp['${server}'].tools.`,
      );
    }
    const check = this.#checker(sdk, path, scope, tool);
    const checked = check(input);
    if (!checked.valid) {
      return mcpToolError(
        `The input does not fit tool '${name}''s input schema: ${(checked.errorMessage ?? 'it is not valid').replace(/\.$/, '')}. Call ` +
          `the tool with input its schema allows.`,
      );
    }
    const taken = this.#book.take(scope, script, tool);
    if (taken === undefined) {
      throw mcpError(
        sdk,
        sdk.ErrorCode.InternalError,
        `The wire server keeps as many scopes as it can; reset the scopes that are done (POST /__standin/reset).`,
      );
    }
    if ('past' in taken) {
      const error = new StandinError(
        'W0053',
        `W0053: MCP tool '${name}' of server '${server}' was called ${taken.calls} times in ` +
          `${scope === '' ? 'the default scope' : `scope '${scope}'`}, and its script has ${taken.past} ` +
          `answer${taken.past === 1 ? '' : 's'}. Add an answer to scripts.mcp['${server}'].tools['${name}'].answers, ` +
          `or find why the agent called it again.`,
      );
      this.#ledger.note(scope, path, error);
      throw mcpError(sdk, sdk.ErrorCode.InternalError, error.message);
    }
    return mcpResult(taken.answer);
  }

  #script(sdk: McpSdk, server: string, scope: string): McpServerEntry {
    const script = this.#book.find(scope, server);
    if (script !== undefined) return script;
    throw mcpError(
      sdk,
      sdk.ErrorCode.InvalidRequest,
      `W0052: MCP server '${server}' is no longer scripted in ${scope === '' ? 'the default scope' : `scope '${scope}'`}` +
        ` (it was reset). Script it again.`,
    );
  }

  #checker(sdk: McpSdk, path: string, scope: string, tool: McpTool): Validator {
    let check = this.#checkers.get(tool);
    if (check !== undefined) return check;
    const schema = tool.input;
    const problem = this.#validator.problem(schema);
    if (problem !== undefined) {
      const error = new StandinError(
        'W0057',
        `W0057: the input schema of MCP tool '${tool.name}' is not a JSON Schema the server can check ` +
          `(${problem}). Correct its input in the script.`,
      );
      this.#ledger.note(scope, path, error);
      throw mcpError(sdk, sdk.ErrorCode.InternalError, error.message);
    }
    check = this.#validator.getValidator(schema);
    this.#checkers.set(tool, check);
    return check;
  }
}

/** An MCP error with `message` as it is: the SDK's `MCP error <code>: ` prefix the client adds again. */
function mcpError(sdk: McpSdk, code: number, message: string): Error {
  return Object.assign(new sdk.McpError(code, message), { message });
}

/** tools/call as the SDK reads it, with arguments of any type: the call says itself what is wrong with them. */
function callSchema(sdk: McpSdk): typeof sdk.CallToolRequestSchema {
  return sdk.CallToolRequestSchema.extend({
    params: sdk.CallToolRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
  }) as unknown as typeof sdk.CallToolRequestSchema;
}

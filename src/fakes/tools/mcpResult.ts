import { StandinError } from '../../errors/StandinError.js';
import { isPlainObject, show } from '../../services/classification/shapeError.js';
import type { McpCallResult } from '../../services/mcp/McpConnection.js';
import type { ToolAnswer } from './toolAnswers.js';

/**
 * A tool answer as an MCP `tools/call` result: a plain object output as `structuredContent` with
 * a text block of its JSON; a string as one text block; any other output as one text block of
 * its JSON; a failure as `isError: true` with its message as a text block.
 *
 * @throws {StandinError} `T0126` for a function's output that is not JSON (a bigint, a cycle).
 */
export function mcpResult(answer: ToolAnswer, where: string): McpCallResult {
  if (answer.fail !== undefined) return failedResult(answer.fail);
  const output = answer.output;
  if (typeof output === 'string') return { content: [{ type: 'text', text: output }] };
  let text: string;
  try {
    text = JSON.stringify(output) ?? 'null';
  } catch (error) {
    throw new StandinError(
      'T0126',
      `${where}: the function answered ${show(output)}, which is not JSON, so it cannot go over MCP. Answer JSON ` +
        `data (null, booleans, numbers, strings, arrays, plain objects).`,
      { cause: error },
    );
  }
  const block = { type: 'text', text };
  return isPlainObject(output)
    ? { content: [block], structuredContent: JSON.parse(text) as Record<string, unknown> }
    : { content: [block] };
}

/** A failed call's MCP result: the message the model reads, flagged as an error. */
export function failedResult(message: string): McpCallResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

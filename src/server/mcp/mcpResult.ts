import type { McpToolAnswer } from './mcpScriptSchema.js';

/** A `tools/call` result as MCP carries it. */
export interface McpWireResult {
  [key: string]: unknown;
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

/**
 * A scripted answer as an MCP result: a plain object as `structuredContent` with its JSON text, else one text block; a
 * `fail` as `isError`.
 */
export function mcpResult(answer: McpToolAnswer): McpWireResult {
  if ('fail' in answer) return { content: [text(answer.fail)], isError: true };
  const output = answer.output;
  if (typeof output === 'object' && output !== null && !Array.isArray(output)) {
    return { content: [text(JSON.stringify(output))], structuredContent: output as Record<string, unknown> };
  }
  return { content: [text(typeof output === 'string' ? output : JSON.stringify(output))] };
}

/** A tool error result saying `message`, as a call whose input does not fit gets. */
export function mcpToolError(message: string): McpWireResult {
  return { content: [text(message)], isError: true };
}

function text(value: string): { readonly type: 'text'; readonly text: string } {
  return { type: 'text', text: value };
}

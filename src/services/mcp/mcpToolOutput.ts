import { ToolError } from '../runs/ToolRun.js';
import type { McpCallResult } from './McpConnection.js';

/** The text of a result's text blocks joined, or undefined when a block is not text. */
function textOf(content: McpCallResult['content']): string | undefined {
  const texts: string[] = [];
  for (const block of content) {
    if (block.type !== 'text' || typeof block.text !== 'string') return undefined;
    texts.push(block.text);
  }
  return texts.join('\n');
}

/**
 * What the model reads of an MCP tool's result: its `structuredContent` when present, else the
 * text of its blocks joined when every block is text, else the blocks as they are. A result
 * with `isError: true` throws a {@link ToolError} carrying its text, so the model reads it as
 * the tool's error (with strict tools too: the server answered a failure, the call was sound).
 *
 * @throws {ToolError} when the server says the call failed.
 */
export function mcpToolOutput(result: McpCallResult): unknown {
  if (result.isError === true) {
    const text = textOf(result.content);
    throw new ToolError(text !== undefined && text.length > 0 ? text : JSON.stringify(result.content));
  }
  if (result.structuredContent !== undefined) return result.structuredContent;
  return textOf(result.content) ?? result.content;
}

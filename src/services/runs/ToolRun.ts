import type { ToolCall } from '../spec/Provider.js';
import type { ToolContext } from './tool.js';

/**
 * What stands in front of a tool's own `run` (a fake tool, a cassette's tape); `real` runs the tool. A throw is the
 * tool's error; a {@link ToolError} reaches the model even in a strict run, being scripted on purpose.
 */
export type ToolRun = (
  input: unknown,
  call: ToolCall,
  context: ToolContext,
  real: () => Promise<unknown>,
) => Promise<unknown>;

/**
 * A tool's error that a stand-in answers on purpose (a fake tool's `{ fail }`, a replayed failure):
 * the model reads its message as the tool's error, with strict tools too.
 *
 * @example
 * ```ts
 * throw new ToolError('The ticket system is down.');
 * ```
 */
export class ToolError extends Error {
  override readonly name = 'ToolError';
}

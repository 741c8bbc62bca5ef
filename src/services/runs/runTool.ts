import { describeIssues } from '../../validation/describeIssues.js';
import { abortReason } from '../clock/Clock.js';
import type { ToolCall, ToolResult } from '../providers/Provider.js';
import type { Tool, ToolContext } from './tool.js';

/**
 * Runs the tool a model asked for and answers what the model reads next: the tool's output, or
 * an error text when there is no such tool, the input does not fit the tool's shape, or the tool
 * threw. An abort is thrown, not handed to the model.
 *
 * @example
 * ```ts
 * const result = await runTool(agent.tools ?? {}, call, { signal, runId, step: 0, callId: call.id });
 * ```
 */
export async function runTool(tools: Readonly<Record<string, Tool>>, call: ToolCall, context: ToolContext): Promise<ToolResult> {
  const found = Object.hasOwn(tools, call.tool) ? tools[call.tool] : undefined;
  if (found === undefined) {
    const names = Object.keys(tools);
    return { id: call.id, tool: call.tool, error: `There is no tool named '${call.tool}'. The tools are: ${names.length > 0 ? names.join(', ') : 'none'}.` };
  }
  const parsed = found.input.safeParse(call.with);
  if (!parsed.success) {
    const lines = describeIssues('input', call.with, parsed.error.issues);
    return { id: call.id, tool: call.tool, error: `The input does not fit the tool '${call.tool}': ${lines.join(' ')}` };
  }
  try {
    const output = await found.run(parsed.data, context);
    return { id: call.id, tool: call.tool, output: output ?? null };
  } catch (error) {
    if (context.signal.aborted) throw abortReason(context.signal);
    return { id: call.id, tool: call.tool, error: error instanceof Error ? error.message : String(error) };
  }
}

import { describeIssues } from '../../validation/describeIssues.js';
import { describeType } from '../../validation/formatPath.js';
import { abortReason } from '../clock/Clock.js';
import type { ToolCall, ToolResult } from '../spec/Provider.js';
import { StandinError } from '../../errors/StandinError.js';
import type { Tool, ToolContext } from './tool.js';
import { isMisbehavedCall } from './misbehavedCall.js';
import { toolFailed } from './toolFailed.js';
import { toolWithin } from './toolWithin.js';
import { MAX_OUTPUT_DEPTH, nestsTooDeep } from './outputDepth.js';
import { ToolError, type ToolRun } from './ToolRun.js';

/**
 * Runs a tool and answers what the model reads next: its output, or an error text (no such tool, a bad input, a throw,
 * `R0006` past `timeoutMs`). With `strict` each throws `R0004` instead, but not for a stand-in's deliberate
 * misbehaviour or a scripted `ToolError`. An abort of the run is thrown, never handed to the model.
 */
export async function runTool(
  tools: Readonly<Record<string, Tool>>,
  call: ToolCall,
  context: ToolContext,
  strictTools = false,
  through?: ToolRun,
): Promise<ToolResult> {
  // A model's misbehaviour on purpose is no test author's mistake: its error goes to the model even with strict tools.
  const strict = strictTools && !isMisbehavedCall(call);
  const found = Object.hasOwn(tools, call.tool) ? tools[call.tool] : undefined;
  if (found === undefined) {
    const names = Object.keys(tools);
    const error =
      `There is no tool named '${call.tool}'. The tools are: ` + `${names.length > 0 ? names.join(', ') : 'none'}.`;
    if (strict) throw toolFailed(call, context, error);
    return { id: call.id, tool: call.tool, error };
  }
  let parsed: ReturnType<Tool['input']['safeParse']>;
  try {
    parsed = found.input.safeParse(call.with);
  } catch (thrown) {
    // The tool's own schema broke while it checked the input: no input could have fitted it.
    const error = `The input check of tool '${call.tool}' threw ${describeThrown(thrown)}. Fix the tool's input schema.`;
    if (strict) throw toolFailed(call, context, error, thrown);
    return { id: call.id, tool: call.tool, error };
  }
  if (!parsed.success) {
    const lines = describeIssues('input', call.with, parsed.error.issues);
    const error = `The input does not fit the tool '${call.tool}': ${lines.join(' ')}`;
    if (strict) throw toolFailed(call, context, error, parsed.error);
    return { id: call.id, tool: call.tool, error };
  }
  let output: unknown;
  try {
    // Not named: the build would name it again on every call.
    output =
      through === undefined
        ? await toolWithin(found, parsed.data, call, context)
        : await through(parsed.data, call, context, () => toolWithin(found, parsed.data, call, context));
  } catch (error) {
    if (context.signal.aborted) throw abortReason(context.signal);
    const message = error instanceof Error ? error.message : describeThrown(error);
    const late = error instanceof StandinError && error.code === 'R0006';
    if (strict && !(error instanceof ToolError))
      throw toolFailed(
        call,
        context,
        late ? message : `its run threw ${error instanceof Error ? `${error.name}: ` : ''}${message}`,
        error,
      );
    return { id: call.id, tool: call.tool, error: message };
  }
  if (nestsTooDeep(output)) {
    const error =
      `The output of tool '${call.tool}' nests objects and lists more than ${MAX_OUTPUT_DEPTH} deep, past what a ` +
      `model is sent. Answer a flatter value.`;
    if (strict) throw toolFailed(call, context, error);
    return { id: call.id, tool: call.tool, error };
  }
  return { id: call.id, tool: call.tool, output: output ?? null };
}

/** What a tool's check or run threw, as a message says it: `TypeError: boom`; a value whose `toString` throws by its type. */
function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return `${thrown.name}: ${thrown.message}`;
  try {
    return String(thrown);
  } catch {
    return describeType(thrown);
  }
}

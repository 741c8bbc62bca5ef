import { StandinError } from '../../errors/StandinError.js';
import { describeType } from '../../validation/formatPath.js';
import type { ToolCall } from '../spec/Provider.js';
import type { ToolContext } from './tool.js';

/** The most characters of a tool call's input a message quotes. */
const MAX_INPUT_CHARS = 300;

/** `R0004` of a strict run: the run, step, tool, input and cause, so a test fails where the tool never ran. */
export function toolFailed(call: ToolCall, context: ToolContext, problem: string, cause?: unknown): StandinError {
  return new StandinError(
    'R0004',
    `Run ${context.runId}, step ${context.step}: the tool call '${call.tool}' (id '${call.id}') with input ` +
      `${quote(call.with)} failed: ${problem}\n` +
      'A test app fails the run on a tool error, so a test cannot pass while the tool never ran. Fix the scripted ' +
      'call (its `with`) or the tool; ' +
      'for a test that scripts a bad call on purpose, pass { strictTools: false } to app.run, or ' +
      'createTestApp(config, { strictTools: false }).',
    cause === undefined ? {} : { cause },
  );
}

function quote(input: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(input) ?? String(input);
  } catch {
    // A cycle, a BigInt, a value nested past the stack: said by its type, never read through again.
    json = describeType(input);
  }
  return json.length <= MAX_INPUT_CHARS ? json : `${json.slice(0, MAX_INPUT_CHARS)}... (${json.length} characters)`;
}

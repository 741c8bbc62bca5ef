import type { ZodType } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import type { PreparedAnswer } from './prepareAnswer.js';

/** The input shape of each tool that has one, by name: what a scripted call's `with` must fit. */
export type ToolInputs = ReadonlyMap<string, ZodType>;

/** The zod input shapes of a fake's tools; a tool without one has its calls checked by name only. */
export function toolInputs(tools: Readonly<Record<string, unknown>> | undefined): ToolInputs | undefined {
  if (tools === undefined) return undefined;
  const inputs = new Map<string, ZodType>();
  for (const [name, tool] of Object.entries(tools)) {
    const input = (tool as { input?: unknown } | null)?.input as ZodType | undefined;
    if (typeof input?.safeParse === 'function') inputs.set(name, input);
  }
  return inputs;
}

/**
 * Checks each call's `with` against its tool: one that does not fit would only come back to the model as an error, and
 * the tool would never run.
 *
 * @throws {StandinError} `T0045` for the first call whose input does not fit, naming the path and the tool.
 */
export function checkCallInputs(prepared: PreparedAnswer, inputs: ToolInputs | undefined, owner: string): void {
  if (inputs === undefined) return;
  prepared.calls.forEach((call, i) => {
    const input = inputs.get(call.tool);
    if (input === undefined) return;
    const result = input.safeParse(call.with);
    if (result.success) return;
    const lines = describeIssues(`${prepared.label}.calls[${i}].with`, call.with, result.error.issues);
    throw new StandinError(
      'T0045',
      `${owner}: ${prepared.label}.calls[${i}] asks for the tool '${call.tool}' with an input that does not fit the ` +
        `tool's input shape, so the tool would never run:\n${lines.join('\n')}\nCorrect the input so it fits the tool.`,
      { cause: result.error },
    );
  });
}

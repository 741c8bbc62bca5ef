import type { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { expectedFields, toolSchema } from '../requests/requestSchemas.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { readGuard } from '../../validation/readGuard.js';

/** What a tool's `run` is handed besides its input. */
export interface ToolContext {
  /** Aborts with the run, and when the call outlives the tool's `timeoutMs` (its reason then the `R0006` error). */
  readonly signal: AbortSignal;
  /** The run's id. */
  readonly runId: string;
  /** The index of the step that asked for the tool. */
  readonly step: number;
  /** The id of the call being answered. */
  readonly callId: string;
}

/** A tool an agent may call: its input's zod shape and what it does. */
export interface Tool<I extends z.ZodType = z.ZodType, O = unknown> {
  /** What the tool is for, as the model reads it. */
  readonly description?: string | undefined;
  /** The shape of the input; the model's input is validated against it before `run` sees it. */
  readonly input: I;
  /**
   * Does the work. Its return value goes back to the model; a throw goes back as an error the
   * model reads, or, in a run with strict tools (a test app's default), fails the run (`R0004`).
   */
  readonly run: (input: z.output<I>, context: ToolContext) => O | Promise<O>;
  /**
   * The most milliseconds the promise `run` returns may take (a whole number from 1 to 2147483647,
   * the longest a Node timer holds); one minute when left out. Past it the call fails with `R0006`
   * (a tool error, as a throw is) and the signal `run` was handed aborts, so the tool can stop.
   */
  readonly timeoutMs?: number | undefined;
}

/**
 * Defines a tool. Its input is validated with zod before `run` is called; bad input, a throwing `run` and one that
 * outlives `timeoutMs` (`R0006`; one minute when left out) become a tool-result error that the model sees, not a crash
 * — except in a run with strict tools (a test app's default), which fails with `R0004` so a test notices.
 *
 * @example
 * ```ts
 * const findInGuide = tool({
 *   description: 'Finds the guide pages that mention the words.',
 *   input: z.object({ words: z.string() }),
 *   run: ({ words }) => guide.search(words),
 * });
 * ```
 */
export function tool<I extends z.ZodType, O>(definition: Tool<I, O>): Tool<I, O> {
  const parsed = readGuard('tool(definition)', () => toolSchema.safeParse(definition));
  if (!parsed.success) {
    throw new StandinError(
      'R0002',
      `Invalid tool:\n${describeIssues('tool', definition, parsed.error.issues, { expected: expectedFields, schema: toolSchema }).join('\n')}`,
    );
  }
  return Object.freeze({ ...definition });
}

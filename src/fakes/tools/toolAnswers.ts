import { z } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';

/**
 * One scripted answer of a fake tool: `{ output }` is what the tool gives the model (any JSON
 * value); `{ fail }` makes the call fail with that message, which the model reads as the tool's error.
 */
export type ToolAnswer = { readonly output: unknown; readonly fail?: never } | { readonly fail: string };

/** What a fake tool's function answer is handed besides the call's input. */
export interface ToolAnswerContext {
  /** The scope the call was made in (`''` outside any scope). */
  readonly scope: string;
  /** Aborts with the run or the tool's `timeoutMs`. */
  readonly signal: AbortSignal;
  /** The run's id, for a tool the agent ran (not for a call made over MCP). */
  readonly runId?: string | undefined;
  /** The index of the step that asked for the tool. */
  readonly step?: number | undefined;
  /** The id of the call being answered. */
  readonly callId?: string | undefined;
}

/**
 * A fake tool's answer worked out per call: what it returns is the tool's output; a `ToolError` it
 * throws is a failure the model reads, with strict tools too.
 */
export type ToolAnswerFunction = (input: unknown, context: ToolAnswerContext) => unknown;

/** A fake tool's answers: a list taken in order, one per call, per scope; or a function of the input. */
export type ToolAnswers = readonly ToolAnswer[] | ToolAnswerFunction;

/** Answers as a fake reads them: a list checked, or a function. */
export type ReadToolAnswers =
  | { readonly kind: 'list'; readonly answers: readonly ToolAnswer[] }
  | { readonly kind: 'function'; readonly answer: ToolAnswerFunction };

const entrySchema = z
  .strictObject({ output: z.json().optional(), fail: z.string().min(1).max(10_000).optional() })
  .refine((entry) => Object.hasOwn(entry, 'output') !== Object.hasOwn(entry, 'fail'), {
    message: 'give exactly one of output (the tool result) and fail (the error the model reads)',
  });

/** The most answers one list holds: a script, not a data set. */
const MAX_ANSWERS = 10_000;

const listSchema = z.array(entrySchema).max(MAX_ANSWERS);

/**
 * Reads a fake tool's answers: a function as it is, a list checked entry by entry.
 *
 * @throws {StandinError} `T0122` naming the path of each bad entry (`answers[1].fail: expected a string ...`).
 */
export function readToolAnswers(answers: unknown, owner: string, root: string): ReadToolAnswers {
  if (typeof answers === 'function') return { kind: 'function', answer: answers as ToolAnswerFunction };
  const parsed = listSchema.safeParse(answers);
  if (parsed.success) return { kind: 'list', answers: Object.freeze((answers as readonly ToolAnswer[]).slice()) };
  const lines = describeIssues(root, answers, parsed.error.issues).map((line) =>
    line.replace(
      ': does not match any allowed shape',
      ': expected a JSON value (null, boolean, number, string, array, plain object)',
    ),
  );
  throw new StandinError(
    'T0122',
    `${owner}: the answers are not a fake tool's answers:\n${lines.join('\n')}\nGive a list of { output: <JSON value> } ` +
      `and { fail: 'message' } entries (at most ${MAX_ANSWERS}), or a function (input, context) => output.`,
  );
}

import type { ZodType } from 'zod';
import { StandinError } from '../../errors/StandinError.js';
import { describeIssues } from '../../validation/describeIssues.js';
import { closest } from '../../validation/formatPath.js';
import type { PreparedAnswer } from './prepareAnswer.js';

/** What a call offers an answer, as far as it is known; a field left undefined is not checked. */
export interface CallOffer {
  /** The names of the tools the call offers. */
  readonly tools: readonly string[] | undefined;
  /** Whether the call states a shape for a typed value. */
  readonly statesShape: boolean | undefined;
  /** The zod shape of the typed value. */
  readonly output: ZodType | undefined;
  /** The call (or the agent), as a message names it: `the call it answers (model 'writer', step 'r#0')`. */
  readonly what: string;
}

/**
 * Checks an answer against what a call offers: a value where no shape is stated (`T0006`), a
 * tool the call does not offer (`T0007`), a value that does not fit the shape (`T0008`).
 *
 * @throws {StandinError} the first of those the answer has, naming the answer and what to write.
 */
export function checkAnswer(prepared: PreparedAnswer, offer: CallOffer, owner: string): void {
  const { label } = prepared;
  if (prepared.hasValue && offer.statesShape === false) {
    throw new StandinError(
      'T0006',
      `${owner}: ${label} gives a value, and ${offer.what} states no shape for a typed value. Give the call an ` +
        `output shape (output: z.object({ ... })), or answer with { text: '...' } instead.`,
    );
  }
  if (offer.tools !== undefined) {
    prepared.calls.forEach((call, i) => {
      if (offer.tools!.includes(call.tool)) return;
      const guess = closest(call.tool, offer.tools!);
      const offered =
        offer.tools!.length > 0 ? `offers only ${offer.tools!.map((t) => `'${t}'`).join(', ')}` : 'offers no tools';
      throw new StandinError(
        'T0007',
        `${owner}: ${label}.calls[${i}] asks for the tool '${call.tool}', and ${offer.what} ` +
          `${offered}.${guess ? ` Did you mean '${guess}'?` : ''} Name a tool the call offers, or give the call that ` +
          `tool.`,
      );
    });
  }
  if (prepared.hasValue && offer.output !== undefined) {
    const result = offer.output.safeParse(prepared.value);
    if (!result.success) {
      const lines = describeIssues(`${label}.value`, prepared.value, result.error.issues);
      throw new StandinError(
        'T0008',
        `${owner}: ${label}.value does not fit the shape ${offer.what} gives:\n${lines.join('\n')}`,
        { cause: result.error },
      );
    }
  }
}

/** The failures `FakeServer.verify` throws, worded apart from the server that gathers what they list. */

import { StandinError } from '../errors/StandinError.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { summarizeAnswer } from '../fakes/model/summarizeAnswer.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { WireErrorNote } from './ScopeLedger.js';

/** Throws `W0018`, listing them per scope, when a request was answered a test author's error. */
export function throwOnErrors(
  errors: Record<string, { readonly count: number; readonly errors: readonly WireErrorNote[] }>,
): void {
  if (Object.keys(errors).length > 0) {
    const lines: string[] = [];
    for (const [name, { count, errors: kept }] of Object.entries(errors)) {
      lines.push(
        `In ${where(name)}, ${count} request${count === 1 ? ' was' : 's were'} answered a test author's error:`,
      );
      for (const error of kept) lines.push(`  ${error.path}: ${error.code} ${error.message}`);
      if (count > kept.length) lines.push(`  ... and ${count - kept.length} more`);
    }
    throw new StandinError(
      'W0018',
      `requests were answered with a test author's error, even if the client went on.\n${lines.join('\n')}\nFix ` +
        `each: the error's own message says what to write.`,
    );
  }
}

/** Throws `W0014`, listing per scope and model the answers never asked for, when answers are left. */
export function throwOnUnused(unused: Record<string, Record<string, readonly PendingAnswer[]>>): void {
  const lines: string[] = [];
  for (const [name, models] of Object.entries(unused)) {
    for (const [model, answers] of Object.entries(models)) {
      lines.push(
        `In ${where(name)}, model '${model}' has ${answers.length} answer${answers.length === 1 ? '' : 's'} never ` +
          `asked for:`,
      );
      for (const { index, answer } of answers) lines.push(`  [${index}] ${summarizeAnswer(answer)}`);
    }
  }
  if (lines.length > 0) {
    throw new StandinError(
      'W0014',
      `answers were never asked for.\n${lines.join('\n')}\nRemove them, or find why the client asked fewer times ` +
        `than the test expects.`,
    );
  }
}

function where(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`;
}

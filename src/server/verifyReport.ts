/** The failures `FakeServer.verify` throws, worded apart from the server that gathers what they list. */

import { StandinError } from '../errors/StandinError.js';
import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { summarizeAnswer } from '../fakes/model/summarizeAnswer.js';
import { clip } from '../validation/formatPath.js';
import { DEFAULT_SCOPE } from '../services/scopes/Scopes.js';
import type { WireErrorNote } from './ScopeLedger.js';
import type { PendingTools } from './mcp/McpBook.js';

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

/**
 * Throws `W0014`, listing per scope and model the answers never asked for, when answers are left; `W0054` when only
 * scripted MCP tools' answers are left (both are listed, models first).
 */
export function throwOnUnused(
  unused: Record<string, Record<string, readonly PendingAnswer[]>>,
  tools: PendingTools = {},
): void {
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
  const models = lines.length > 0;
  for (const [name, servers] of Object.entries(tools)) {
    for (const [server, named] of Object.entries(servers)) {
      for (const [tool, answers] of Object.entries(named)) {
        lines.push(
          `In ${where(name)}, MCP server '${server}' tool '${tool}' has ${answers.length} answer` +
            `${answers.length === 1 ? '' : 's'} never asked for:`,
        );
        for (const { index, answer } of answers) lines.push(`  [${index}] ${clip(JSON.stringify(answer), 80)}`);
      }
    }
  }
  if (lines.length > 0) {
    throw new StandinError(
      models ? 'W0014' : 'W0054',
      `answers were never asked for.\n${lines.join('\n')}\nRemove them, or find why the client asked fewer times ` +
        `than the test expects.`,
    );
  }
}

/** Throws `V0005`, listing them, when entries of the served cassette were never replayed. */
export function throwOnUnreplayed(lines: readonly string[]): void {
  if (lines.length === 0) return;
  throw new StandinError('V0005', `the served cassette has recordings no request replayed:\n${unreplayedText(lines)}`);
}

/** The lines of the entries never replayed, the first few named and the rest counted. */
export function unreplayedText(lines: readonly string[]): string {
  const shown = lines.slice(0, NAMED).map((line) => `  ${line}`);
  if (lines.length > NAMED) shown.push(`  ... and ${lines.length - NAMED} more`);
  return `${shown.join('\n')}\n${UNREPLAYED_FIX}`;
}

/** What to do about entries no request replayed. */
const UNREPLAYED_FIX =
  'Remove them from the cassette (standin cassettes prune), or find why the clients asked less than when it was ' +
  'recorded.';

/** How many unused answers the verify route's message names before it counts the rest. */
const NAMED = 5;

/**
 * The first few answers never asked for, each with its scope, model (or MCP server and tool) and
 * index, then how many more: the verify route's 409 message, so a client that prints only the
 * message still sees which answers were left.
 */
export function namedUnused(
  unused: Record<string, Record<string, readonly PendingAnswer[]>>,
  tools: PendingTools = {},
): string {
  const names: string[] = [];
  for (const [name, models] of Object.entries(unused))
    for (const [model, answers] of Object.entries(models))
      for (const { index, answer } of answers)
        names.push(`${where(name)}, model '${model}' [${index}] ${summarizeAnswer(answer)}`);
  for (const [name, servers] of Object.entries(tools))
    for (const [server, named] of Object.entries(servers))
      for (const [tool, answers] of Object.entries(named))
        for (const { index, answer } of answers)
          names.push(
            `${where(name)}, MCP server '${server}' tool '${tool}' [${index}] ${clip(JSON.stringify(answer), 80)}`,
          );
  const more = names.length - NAMED;
  return names.slice(0, NAMED).join('; ') + (more > 0 ? `; and ${more} more` : '');
}

function where(scope: string): string {
  return scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${scope}'`;
}

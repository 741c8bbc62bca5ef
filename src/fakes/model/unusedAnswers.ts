import { StandinError } from '../../errors/StandinError.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { cursorRuns, type CursorRun } from '../script/cursorRuns.js';
import type { Finding } from '../script/Finding.js';
import type { UnusedReport } from '../script/verifyScript.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import { releasedWhere } from './releasedLines.js';
import { summarizeAnswer } from './summarizeAnswer.js';

/** A list of answers, as a faked model's `verify()` names it: `answers` or `answers.reply`. */
export interface AnswerList {
  readonly root: string;
  readonly answers: readonly PreparedAnswer[];
}

/** Nothing unused: a fake answered by a function, or by an empty list. */
export const NOTHING_UNUSED: UnusedReport = { findings: [], error: () => undefined };

/**
 * The answers of `list` never asked for where `script`'s cursors stand in `store`: in `only` when
 * it is named, else in every scope the fake was used in (in name order), then in each group of
 * released scopes. A fake never used has every answer unused in the default scope.
 *
 * @example
 * ```ts
 * const unused = await answersUnused(owner, list, { store, script }, undefined);
 * ```
 */
export async function answersUnused(
  owner: string,
  list: AnswerList,
  slot: { readonly store: CursorStore; readonly script: string },
  only: string | undefined,
): Promise<UnusedReport> {
  if (list.answers.length === 0) return NOTHING_UNUSED;
  let runs = await cursorRuns(slot, only);
  if (runs.length === 0) runs = await cursorRuns(slot, DEFAULT_SCOPE);
  const scoped = runs.filter((run) => run.released === undefined).sort((a, b) => compare(a.scope, b.scope));
  return unusedAnswers(owner, list, [...scoped, ...runs.filter((run) => run.released !== undefined)]);
}

/**
 * The answers of `list` never asked for, where `runs` say the cursors stand (the scopes in name
 * order, then the released groups): a `T0014` finding for each, and the `T0014` error that lists
 * them per scope. A scope that took no answer says the model was never asked there.
 *
 * @example
 * ```ts
 * unusedAnswers("app.fake('writer', answers)", list, [{ scope: '', at: 1 }]).error()?.code; // 'T0014'
 * ```
 */
export function unusedAnswers(owner: string, list: AnswerList, runs: readonly CursorRun[]): UnusedReport {
  const total = list.answers.length;
  const short = runs.filter((run) => run.at < total);
  const findings: Finding[] = [];
  for (const run of short) {
    const suffix = run.released !== undefined ? ` in ${releasedWhere(run.released)}` : run.at === 0 ? NEVER : '';
    for (const prepared of list.answers.slice(run.at)) {
      const line = `${answerLine(list, prepared)} never asked for${suffix}`;
      findings.push({ scope: run.scope, code: 'T0014', line });
    }
  }
  return { findings, error: () => (short.length === 0 ? undefined : unusedError(owner, list, short)) };
}

const NEVER = ' (the model was never asked there)';

function unusedError(owner: string, list: AnswerList, short: readonly CursorRun[]): StandinError {
  const total = list.answers.length;
  const answers = `answer${total === 1 ? '' : 's'}`;
  const lines: string[] = [];
  for (const run of short) {
    const count = total - run.at;
    if (run.released !== undefined) {
      lines.push(`In ${releasedWhere(run.released)}, ${count} of ${total} ${answers} never asked for:`);
    } else {
      const where = run.scope === DEFAULT_SCOPE ? 'the default scope' : `scope '${run.scope}'`;
      lines.push(`In ${where}, ${count} of ${total} ${answers} never asked for${run.at === 0 ? NEVER : ''}:`);
    }
    for (const prepared of list.answers.slice(run.at)) lines.push(`  ${answerLine(list, prepared)}`);
  }
  return new StandinError(
    'T0014',
    `${owner}: answers were never asked for.\n${lines.join('\n')}\n` +
      'Remove them, or find why the app asked the model fewer times than the test expects.',
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function answerLine(list: AnswerList, prepared: PreparedAnswer): string {
  return `${list.root}[${prepared.index!}] ${summarizeAnswer(prepared.answer)}`;
}

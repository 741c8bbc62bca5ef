import { StandinError } from '../../errors/StandinError.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { cursorRuns, type CursorRun } from '../script/cursorRuns.js';
import type { Finding } from '../script/Finding.js';
import type { UnusedReport } from '../script/verifyScript.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import { releasedWhere } from './releasedLines.js';
import { summarizeAnswer } from './summarizeAnswer.js';
import { requestTexts } from './matchWhen.js';
import type { SentCall } from './SentCall.js';

/** A list of answers, as a faked model's `verify()` names it: `answers` or `answers.reply`. */
export interface AnswerList {
  readonly root: string;
  readonly answers: readonly PreparedAnswer[];
  /** Whether its answers choose by `when`: then a scope's cursor counts them, and which were taken is read apart. */
  readonly matching?: boolean;
}

/** The replies a fake was sent, for the answers whose `when` matched none of them; and the model as the app names it. */
export interface SentReplies {
  readonly sent: () => readonly SentCall[];
  readonly model: string | undefined;
}

/** Nothing unused: a fake answered by a function, or by an empty list. */
export const NOTHING_UNUSED: UnusedReport = { findings: [], error: () => undefined };

/**
 * The answers never asked for: in `only`, else in every scope used (name order) and each group of released scopes. A
 * fake never used has all unused in the default scope.
 */
export async function answersUnused(
  owner: string,
  list: AnswerList,
  slot: { readonly store: CursorStore; readonly script: string },
  only: string | undefined,
  replies?: SentReplies,
): Promise<UnusedReport> {
  if (list.answers.length === 0) return NOTHING_UNUSED;
  let runs = await cursorRuns(slot, only);
  if (runs.length === 0) runs = await cursorRuns(slot, DEFAULT_SCOPE);
  let scoped = runs.filter((run) => run.released === undefined).sort((a, b) => compare(a.scope, b.scope));
  if (list.matching === true) {
    const { store, script } = slot;
    scoped = await Promise.all(
      scoped.map(async (run) => ({
        ...run,
        taken: run.at === 0 ? [] : ((await store.taken?.(run.scope, script)) ?? []),
      })),
    );
  }
  return unusedAnswers(owner, list, [...scoped, ...runs.filter((run) => run.released !== undefined)], replies);
}

/** A `T0014` finding per unused answer, and the error listing them per scope. */
export function unusedAnswers(
  owner: string,
  list: AnswerList,
  runs: readonly CursorRun[],
  replies?: SentReplies,
): UnusedReport {
  const total = list.answers.length;
  const short = runs.filter((run) => run.at < total);
  const findings: Finding[] = [];
  const lines = new Map<CursorRun, string[]>();
  for (const run of short) {
    const suffix = run.released !== undefined ? ` in ${releasedWhere(run.released)}` : run.at === 0 ? NEVER : '';
    const own = unusedIn(list, run).map(
      (prepared) => answerLine(list, prepared) + neverMatched(prepared, run, replies),
    );
    if (own.length === 0)
      own.push(`${total - run.at} answers of ${list.root} (which ones, a released scope does not keep)`);
    lines.set(run, own);
    for (const line of own)
      findings.push({ scope: run.scope, code: 'T0014', line: `${line} never asked for${suffix}` });
  }
  return { findings, error: () => (short.length === 0 ? undefined : unusedError(owner, list, short, lines)) };
}

/** The answers `run` did not take: those its scope left untaken for a list with `when`s, else those past its cursor. */
function unusedIn(list: AnswerList, run: CursorRun): readonly PreparedAnswer[] {
  if (run.taken !== undefined) return list.answers.filter((prepared) => !run.taken!.includes(prepared.index!));
  // A released scope keeps how many answers it took, not which: a list with whens cannot name them.
  if (list.matching === true && run.at > 0) return [];
  return list.answers.slice(run.at);
}

/** For an answer with a `when` that matched none of the replies sent in the run's scope: says so. */
function neverMatched(prepared: PreparedAnswer, run: CursorRun, replies: SentReplies | undefined): string {
  const matcher = prepared.matcher;
  if (matcher === undefined || replies === undefined || run.released !== undefined) return '';
  let count = 0;
  for (const call of replies.sent()) {
    if (call.call !== 'reply' || call.scope !== run.scope) continue;
    if (matcher.matches(requestTexts(call.input, replies.model ?? call.input.model))) return '';
    count++;
  }
  const requests = count === 1 ? 'the one request' : `any of the ${count} requests`;
  return count === 0 ? '' : ` (its ${matcher.shown} matched not ${requests} sent there)`;
}

const NEVER = ' (the model was never asked there)';

function unusedError(
  owner: string,
  list: AnswerList,
  short: readonly CursorRun[],
  named: ReadonlyMap<CursorRun, readonly string[]>,
): StandinError {
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
    for (const line of named.get(run) ?? []) lines.push(`  ${line}`);
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

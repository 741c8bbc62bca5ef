import { AssertionError } from 'node:assert';
import { lineDiff } from '../../fakes/cassettes/lineDiff.js';
import type { AskedSubject } from './AskedSubject.js';
import { readAsked } from './AskedSubject.js';
import { deepEquals } from './partOf.js';
import type { App } from '../../services/app/App.js';
import type { ClassificationQuestion } from '../../services/classification/ClassificationQuestion.js';
import { judgeCall } from '../judge/judge.js';
import { judgedVerdict } from '../judge/judgedVerdict.js';
import { readJudge, type JudgeOptions } from '../judge/readJudge.js';
import {
  answeredAllVerdict,
  askedVerdict,
  askedWithVerdict,
  calledToolVerdict,
  diffLines,
  type Verdict,
} from './verdicts.js';

/**
 * Asserts, outside any test runner (`node:test`, a script), what `toHaveBeenAsked` does: the subject was asked for a
 * reply at least once, or exactly `times` times. Throws an `AssertionError` that says what it was asked.
 *
 * @example
 * ```ts
 * import { test } from 'node:test';
 * test('asks twice', async () => {
 *   await app.run(helpdesk, 'How do I reset my password?');
 *   assertAsked(writer, 2);
 * });
 * ```
 */
export function assertAsked(subject: AskedSubject, times?: number): void {
  settle('assertAsked', askedVerdict(readAsked(subject, 'assertAsked'), times));
}

/**
 * Asserts what `toHaveBeenAskedWith` does: one of the subject's reply requests holds `request`
 * (each field it names is deeply equal; objects partly, the same way down). The error carries a
 * diff of `request` against the nearest request sent.
 *
 * @example
 * ```ts
 * assertAskedWith({ app, model: 'writer' }, { instructions: 'You answer for the technical team.' });
 * ```
 */
export function assertAskedWith(subject: AskedSubject, request: object): void {
  settle('assertAskedWith', askedWithVerdict(readAsked(subject, 'assertAskedWith'), request, deepEquals));
}

/**
 * Asserts what `toHaveCalledTool` does: the model called tool `name`, with an input that holds
 * `input` when it is given.
 *
 * @example
 * ```ts
 * assertCalledTool(writer, 'findInGuide', { words: 'reset a password' });
 * ```
 */
export function assertCalledTool(subject: AskedSubject, name: string, input?: unknown): void {
  settle('assertCalledTool', calledToolVerdict(readAsked(subject, 'assertCalledTool'), name, input, deepEquals));
}

/**
 * Asserts what `toHaveAnsweredAll` does: the subject gave every answer it was scripted with.
 *
 * @example
 * ```ts
 * await assertAnsweredAll({ server, model: 'gpt-4.1-mini', scope: 'test-1' });
 * ```
 */
export async function assertAnsweredAll(subject: AskedSubject): Promise<void> {
  settle('assertAnsweredAll', await answeredAllVerdict(readAsked(subject, 'assertAnsweredAll')));
}

/**
 * Asserts what `toPassJudge` does: the app's classifier, asked `question` about the reply
 * (`options.repeat` times), passes it (see `judge`). Throws an `AssertionError` listing the
 * question, the reply, each grade and what passing needed.
 *
 * @example
 * ```ts
 * await assertPassesJudge(run, app, Q.yesNo('Does the answer cite the guide?'), { atLeast: 0.8 });
 * ```
 */
export async function assertPassesJudge(
  reply: unknown,
  app: App,
  question: ClassificationQuestion,
  options: JudgeOptions,
): Promise<void> {
  const call = readJudge('assertPassesJudge', reply, app, question, options);
  settle('assertPassesJudge', judgedVerdict(await judgeCall(call)));
}

function settle(operator: string, verdict: Verdict): void {
  if (verdict.pass) return;
  const { diff } = verdict;
  const shown =
    diff === undefined
      ? ''
      : `\n\n- expected\n+ sent\n\n${lineDiff(diffLines(diff.expected), diffLines(diff.actual)).join('\n')}`;
  throw new AssertionError({
    message: `${verdict.said(false)}${shown}`,
    operator,
    ...(diff === undefined ? {} : { actual: diff.actual, expected: diff.expected }),
  });
}

import { StandinError } from '../../errors/StandinError.js';
import { nextAsked } from '../../fakes/model/Outcomes.js';
import { slotsOf } from '../../fakes/slot/Slots.js';
import { oneLine } from '../../fakes/transcript/summarize.js';
import type { App } from '../../services/app/App.js';
import { ClassificationAdapterError } from '../../services/classification/ClassificationAdapterError.js';
import type { ClassificationAnswer } from '../../services/classification/ClassificationAnswer.js';
import type { ClassificationQuestion } from '../../services/classification/ClassificationQuestion.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { Tokens } from '../../tokens/Tokens.js';
import { clip } from '../../validation/formatPath.js';
import { readJudge, type JudgeCall, type JudgeOptions } from './readJudge.js';

/** The id a judge's question is asked under: what a scripted classifier answers it by (`{ answers: { judge: 0.9 } }`). */
export const JUDGE_ID = 'judge';

/** One grade of a judge: what the classifier answered, and the probability that is held against `atLeast`. */
export interface JudgeGrade {
  /** The probability judged: of yes, of the passing option, or the score over the top level. */
  readonly passing: number;
  /** The classifier's answer to the question, as it gave it. */
  readonly answer: ClassificationAnswer;
}

/**
 * What a judge found: whether the reply passed, the grades, and the score they make (their mean,
 * or with `majority` the share of grades that passed), with the question and what was judged.
 */
export interface JudgeVerdict {
  readonly pass: boolean;
  /** The mean of the grades' probabilities, or with `majority` the share of grades that reached `atLeast`. */
  readonly score: number;
  readonly grades: readonly JudgeGrade[];
  readonly question: ClassificationQuestion;
  /** The reply as the classifier was asked about it, on one line; `''` when there was nothing to judge. */
  readonly reply: string;
  /** The verdict in lines, for a failure message: the question, the reply, each grade, what it needed. */
  readonly lines: readonly string[];
}

/**
 * Asks the app's classifier the judge's question about a reply, `repeat` times, and judges it: it passes when the mean
 * probability (with `majority`, more than half the grades) reaches `atLeast`. A test app answers from its classifier's
 * fake (scripted by the id `judge`, or `app.fakeClassifier(fitting())`); an app bound to a real classifier grades with
 * it, through the engine's retries and fallback. The verdict goes into the app's transcript. A reply with nothing to
 * judge (an empty text) fails without asking.
 *
 * @throws {StandinError} `T0150` and `T0151` for arguments it cannot read; the classifier's failure as it is.
 * @example
 * ```ts
 * const verdict = await judge(app, run, Q.yesNo('Does the answer cite the guide?'), { atLeast: 0.8, repeat: 3 });
 * verdict.score; // the mean probability of yes
 * ```
 */
export async function judge(
  app: App,
  reply: unknown,
  question: ClassificationQuestion,
  options: JudgeOptions,
): Promise<JudgeVerdict> {
  return judgeCall(readJudge('judge', reply, app, question, options));
}

/** Judges checked arguments (see {@link judge}). */
export async function judgeCall(call: JudgeCall): Promise<JudgeVerdict> {
  const { app, state, question, options } = call;
  const scope = app.container.get(Tokens.Scopes).active ?? DEFAULT_SCOPE;
  const asked = questionLine(question);
  const shown = state === undefined ? '' : typeof state === 'string' ? state : oneLine(state);
  const replyLine =
    state === undefined ? 'reply: (nothing to judge)' : `reply: ${clip(shown.replace(/\r?\n/g, ' ⏎ '), 300)}`;
  const grades: JudgeGrade[] = [];
  const at = nextAsked();
  const note = (verdict: string, failure?: string) =>
    slotsOf(app.container).judges.note({
      at,
      scope,
      question: asked,
      reply: replyLine,
      grades: grades.map((grade, i) => gradeLine(grade, i, options.repeat, question, options)),
      verdict,
      ...(failure === undefined ? {} : { failure }),
    });
  if (state !== undefined) {
    try {
      for (let i = 0; i < options.repeat; i++) {
        const response = await app.classify(state, { [JUDGE_ID]: question });
        const answer = response.answer(JUDGE_ID)!;
        grades.push({ answer, passing: passingOf(answer, question, options) });
      }
    } catch (error) {
      note('', failureOf(error));
      throw error;
    }
  }
  const passed = grades.filter((grade) => grade.passing >= options.atLeast).length;
  const mean = grades.length === 0 ? 0 : grades.reduce((sum, grade) => sum + grade.passing, 0) / grades.length;
  const score = options.majority ? (grades.length === 0 ? 0 : passed / grades.length) : mean;
  const pass = grades.length > 0 && (options.majority ? passed * 2 > grades.length : mean >= options.atLeast);
  const needed =
    state === undefined
      ? 'the reply is empty, and nothing was asked'
      : `needed ${neededLine(question, options, grades.length, passed, mean)}`;
  note(`${pass ? 'passed' : 'failed'}: ${needed}`);
  const lines = [
    asked,
    replyLine,
    ...grades.map((grade, i) => gradeLine(grade, i, options.repeat, question, options)),
    needed,
  ];
  return { pass, score, grades, question, reply: shown, lines };
}

function passingOf(answer: ClassificationAnswer, question: ClassificationQuestion, options: JudgeOptions): number {
  if (question.type === 'yesNo') return answer.yesProbability ?? 0;
  if (question.type === 'choice') {
    const probabilities = answer.probabilities;
    const given =
      probabilities !== null && !Array.isArray(probabilities)
        ? (probabilities as Record<string, number>)[options.option!]
        : undefined;
    return given ?? (answer.choice === options.option ? 1 : 0);
  }
  const top = Array.isArray(question.criteria) ? question.criteria.length - 1 : 0;
  return top <= 0 ? 1 : Math.min(1, Math.max(0, (answer.score ?? 0) / top));
}

/** The question, with its kind, on one line: `yes/no: Does the answer cite the guide?`. */
function questionLine(question: ClassificationQuestion): string {
  const text = typeof question.instructions === 'string' ? question.instructions : oneLine(question.instructions);
  if (question.type === 'yesNo') return `yes/no: ${clip(text, 300)}`;
  return `${question.type} of ${oneLine(question.criteria)}: ${clip(text, 300)}`;
}

function gradeLine(
  grade: JudgeGrade,
  i: number,
  of: number,
  question: ClassificationQuestion,
  options: JudgeOptions,
): string {
  const where = of === 1 ? 'grade' : `grade ${i + 1} of ${of}`;
  const { answer } = grade;
  if (question.type === 'yesNo') return `${where}: p(yes) ${round(grade.passing)}`;
  if (question.type === 'choice') {
    return `${where}: p(${options.option}) ${round(grade.passing)}, chose ${JSON.stringify(answer.choice)}, probabilities ${oneLine(answer.probabilities)}`;
  }
  return `${where}: score ${round(answer.score ?? 0)} (${round(grade.passing)} of the top), probabilities ${oneLine(answer.probabilities)}`;
}

function neededLine(
  question: ClassificationQuestion,
  options: JudgeOptions,
  asked: number,
  passed: number,
  mean: number,
): string {
  const what = question.type === 'yesNo' ? 'p(yes)' : question.type === 'choice' ? `p(${options.option})` : 'score';
  // A score is judged as its share of the top level.
  const bar = `${options.atLeast}${question.type === 'score' ? ' of the top' : ''}`;
  if (options.majority) return `more than half of ${asked} grades with ${what} at least ${bar}, and ${passed} had it`;
  return `${asked === 1 ? '' : 'a mean '}${what} of at least ${bar}, and it was ${round(mean)}`;
}

/** How asking failed, as a transcript names it: a classifier's reason, else the error's code. */
function failureOf(error: unknown): string {
  if (error instanceof ClassificationAdapterError) return error.reason;
  if (error instanceof StandinError) return error.code;
  return 'an error';
}

function round(n: number): number {
  return Number(n.toFixed(4));
}

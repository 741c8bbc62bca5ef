import { readAsked } from './AskedSubject.js';
import type { Equals } from './partOf.js';
import { answeredAllVerdict, askedVerdict, askedWithVerdict, calledToolVerdict, type Verdict } from './verdicts.js';
import { judgeCall } from '../judge/judge.js';
import { judgedVerdict } from '../judge/judgedVerdict.js';
import { readJudge } from '../judge/readJudge.js';

/**
 * What a matcher reads of `this`, the same in vitest and jest: whether it runs under `.not`, the
 * runner's equality (asymmetric matchers and custom testers included) and its printers.
 */
export interface MatcherContext {
  readonly isNot?: boolean | undefined;
  readonly promise?: string | undefined;
  readonly customTesters?: readonly unknown[] | undefined;
  equals(a: unknown, b: unknown, customTesters?: never[]): boolean;
  readonly utils: {
    matcherHint(
      name: string,
      received?: string,
      expected?: string,
      options?: { readonly isNot?: boolean | undefined; readonly promise?: string | undefined },
    ): string;
    diff(a: unknown, b: unknown): string | null | undefined;
  };
}

/** What a matcher answers its runner. */
export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/**
 * The matchers `standin/vitest` and `standin/jest` register with `expect.extend`: the runner-free
 * part of them, read through the runner's `this` (`this.equals`, `this.utils`, `this.isNot`).
 * Each takes what `readAsked` takes: a fake, `{ app, model }` or `{ server, model, scope? }`; but
 * `toPassJudge`, which takes a reply and asks the app's classifier about it (see `judge`).
 *
 * @example
 * ```ts
 * import { expect } from 'vitest';
 * expect.extend(standinMatchers);
 * ```
 */
export const standinMatchers = {
  toHaveBeenAsked(this: MatcherContext, subject: unknown, times?: number): MatcherResult {
    const verdict = askedVerdict(readAsked(subject, 'toHaveBeenAsked'), times);
    return answer(this, 'toHaveBeenAsked', times === undefined ? '' : 'times', verdict);
  },
  toHaveBeenAskedWith(this: MatcherContext, subject: unknown, request: unknown): MatcherResult {
    const verdict = askedWithVerdict(readAsked(subject, 'toHaveBeenAskedWith'), request, equalsOf(this));
    return answer(this, 'toHaveBeenAskedWith', 'request', verdict);
  },
  toHaveCalledTool(this: MatcherContext, subject: unknown, name: string, input?: unknown): MatcherResult {
    const verdict = calledToolVerdict(readAsked(subject, 'toHaveCalledTool'), name, input, equalsOf(this));
    return answer(this, 'toHaveCalledTool', input === undefined ? 'name' : 'name, input', verdict);
  },
  async toHaveAnsweredAll(this: MatcherContext, subject: unknown): Promise<MatcherResult> {
    const verdict = await answeredAllVerdict(readAsked(subject, 'toHaveAnsweredAll'));
    return answer(this, 'toHaveAnsweredAll', '', verdict);
  },
  async toPassJudge(
    this: MatcherContext,
    reply: unknown,
    app: unknown,
    question: unknown,
    options: unknown,
  ): Promise<MatcherResult> {
    const verdict = judgedVerdict(await judgeCall(readJudge('toPassJudge', reply, app, question, options)));
    return answer(this, 'toPassJudge', 'app, question, options', verdict, 'reply');
  },
};

function equalsOf(context: MatcherContext): Equals {
  const testers = (context.customTesters ?? []) as never[];
  return (actual, expected) => context.equals(actual, expected, testers);
}

function answer(
  context: MatcherContext,
  name: string,
  expected: string,
  verdict: Verdict,
  received = 'subject',
): MatcherResult {
  const not = context.isNot === true;
  return {
    pass: verdict.pass,
    message: () => {
      const hint = context.utils.matcherHint(name, received, expected, { isNot: not, promise: context.promise });
      const diff =
        !not && verdict.diff !== undefined ? context.utils.diff(verdict.diff.expected, verdict.diff.actual) : '';
      return `${hint}\n\n${verdict.said(not)}${diff ? `\n\n${diff}` : ''}`;
    },
  };
}

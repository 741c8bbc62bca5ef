import type { Verdict } from '../asked/verdicts.js';
import type { JudgeVerdict } from './judge.js';

/**
 * A judge's verdict as the matchers and `assertPassesJudge` say it: the question, the reply, each
 * grade with its probabilities, and what passing needed, under `.not` too.
 */
export function judgedVerdict(verdict: JudgeVerdict): Verdict {
  const body = verdict.lines.map((line) => `  ${line}`).join('\n');
  return {
    pass: verdict.pass,
    said: (not) =>
      not
        ? `expected the reply not to pass the judge, and it passed:\n${body}`
        : `expected the reply to pass the judge, and it failed:\n${body}`,
  };
}

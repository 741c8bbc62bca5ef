import type { Judged } from './JudgeLog.js';
import type { TranscriptStep } from './TranscriptStep.js';

/**
 * The steps with each judge as a step of its own, placed where it was asked in its scope; `ats` holds each step's
 * place.
 */
export function withJudges(
  steps: readonly TranscriptStep[],
  ats: readonly number[],
  judges: readonly Judged[],
): TranscriptStep[] {
  const numbered = new Map<string, number>();
  const placed = [
    ...steps.map((step, i) => ({ step, at: ats[i] ?? 0 })),
    ...judges.map((judged) => {
      const nth = (numbered.get(judged.scope) ?? 0) + 1;
      numbered.set(judged.scope, nth);
      return { step: judgeStep(judged, nth), at: judged.at };
    }),
  ];
  placed.sort((a, b) => (a.step.scope !== b.step.scope ? (a.step.scope < b.step.scope ? -1 : 1) : a.at - b.at));
  return placed.map(({ step }) => step);
}

function judgeStep(judged: Judged, nth: number): TranscriptStep {
  const step: TranscriptStep = {
    scope: judged.scope,
    run: `judge ${nth}`,
    step: undefined,
    attempt: 1,
    model: 'classifier',
    call: 'judge',
    request: [judged.question, judged.reply],
    answer: judged.verdict === '' ? judged.grades : [...judged.grades, judged.verdict],
  };
  return judged.failure === undefined ? step : { ...step, failure: judged.failure };
}

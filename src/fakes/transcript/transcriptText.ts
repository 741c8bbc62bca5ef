import type { TranscriptStep } from './TranscriptStep.js';

/**
 * A transcript as text for a snapshot: a heading per step, then `>` asked, `<` answered, `!` failed, `…` running; `(no
 * steps)` when empty.
 */
export function transcriptText(steps: readonly TranscriptStep[]): string {
  if (steps.length === 0) return '(no steps)\n';
  const scoped = steps.some((step) => step.scope !== '');
  const lines: string[] = [];
  let scope: string | undefined;
  for (const step of steps) {
    if (scoped && step.scope !== scope) {
      scope = step.scope;
      lines.push(scope === '' ? 'outside any scope' : `scope '${scope}'`);
    }
    const indent = scoped ? '  ' : '';
    const where = step.step === undefined ? step.run : `${step.run} · step ${step.step}`;
    const retry = step.attempt > 1 ? ` · attempt ${step.attempt}` : '';
    lines.push(`${indent}${where} · ${step.model} ${step.call}${retry}`);
    for (const line of step.request) lines.push(`${indent}  > ${line}`);
    for (const line of step.answer) lines.push(`${indent}  < ${line}`);
    if (step.failure !== undefined) lines.push(`${indent}  ! ${step.failure}`);
    if (step.waiting === true) lines.push(`${indent}  … no answer yet`);
  }
  return `${lines.join('\n')}\n`;
}

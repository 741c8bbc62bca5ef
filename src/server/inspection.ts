import type { PendingAnswer } from '../fakes/model/SentCall.js';
import { answerLines } from '../fakes/transcript/summarize.js';
import type { TranscriptStep } from '../fakes/transcript/TranscriptStep.js';
import type { WireErrorNote } from './ScopeLedger.js';
import { ownValue } from './ownRecord.js';

/**
 * What the inspector shows per scope: steps, pending answers, what `verify` would say. Text only; the page escapes it.
 */
export interface Inspection {
  readonly title: string;
  /** Whether the page polls for more (a running server) or shows a file once (a cassette). */
  readonly live: boolean;
  readonly scopes: readonly InspectedScope[];
}

/** One scope as the inspector shows it. */
export interface InspectedScope {
  /** The scope id; `''` outside any scope. */
  readonly scope: string;
  readonly steps: readonly TranscriptStep[];
  /** The answers not given yet, per model, each as its summary lines joined. */
  readonly pending: readonly { readonly model: string; readonly answers: readonly string[] }[];
  /** What verify would say: empty when it passes. */
  readonly verify: readonly string[];
}

/** The inspector's view: each scope with anything to show, sorted, the default first. */
export function inspection(
  title: string,
  steps: readonly TranscriptStep[],
  pending: Readonly<Record<string, Readonly<Record<string, readonly PendingAnswer[]>>>>,
  errors: Readonly<Record<string, { readonly count: number; readonly errors: readonly WireErrorNote[] }>>,
): Inspection {
  // Grouped once: a scope's steps found by a filter per scope would cost scopes × steps.
  const byScope = new Map<string, TranscriptStep[]>();
  for (const step of steps) {
    const list = byScope.get(step.scope);
    if (list === undefined) byScope.set(step.scope, [step]);
    else list.push(step);
  }
  const names = [...new Set([...byScope.keys(), ...Object.keys(pending), ...Object.keys(errors)])].sort();
  const scopes = names.map((scope): InspectedScope => {
    const left = Object.entries(ownValue(pending, scope) ?? {}).map(([model, answers]) => ({
      model,
      answers: answers.map((answer) => `answers[${answer.index}] ${answerLines(answer.answer).join(' · ')}`),
    }));
    const raised = ownValue(errors, scope);
    const verify = [
      ...(raised?.errors ?? []).map((error) => `${error.code} at ${error.path}: ${error.message}`),
      ...(raised !== undefined && raised.count > raised.errors.length
        ? [`and ${raised.count - raised.errors.length} more errors`]
        : []),
      ...left.flatMap(({ model, answers }) => answers.map((answer) => `${model}: ${answer} never asked for`)),
    ];
    return { scope, steps: byScope.get(scope) ?? [], pending: left, verify };
  });
  return { title, live: true, scopes };
}

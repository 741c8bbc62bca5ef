import type { FakeModel } from '../model/FakeModel.js';
import type { Outcome } from '../model/Outcomes.js';
import type { SentCall } from '../model/SentCall.js';
import { answerLines, requestLines } from './summarize.js';
import type { TranscriptStep } from './TranscriptStep.js';
import type { Judged } from './JudgeLog.js';
import { withJudges } from './judgeSteps.js';

/** A faked model a transcript reads, under the name its steps show. */
export interface TranscriptSource {
  readonly model: string;
  readonly fake: FakeModel;
}

interface Found {
  readonly model: string;
  readonly entry: SentCall;
  readonly outcome: Outcome | undefined;
  readonly order: number;
}

/**
 * The steps the fakes took, with the judges among them, grouped by scope in call order. Runs and calls are numbered per
 * scope, so no step key or id shows. Every line goes through `scrub`: what a cassette would not keep, a transcript does
 * not show.
 */
export function transcriptSteps(
  sources: readonly TranscriptSource[],
  scope?: string,
  judges: readonly Judged[] = [],
  scrub: (text: string) => string = (text) => text,
): TranscriptStep[] {
  const found: Found[] = [];
  const seen = new Set<FakeModel>();
  for (const { model, fake } of sources) {
    if (seen.has(fake)) continue;
    seen.add(fake);
    const repeats = new Map<string, number>();
    for (const entry of fake.sent) {
      const place = `${entry.scope}\u0000${entry.step}\u0000${entry.attempt}`;
      const nth = repeats.get(place) ?? 0;
      repeats.set(place, nth + 1);
      if (scope !== undefined && entry.scope !== scope) continue;
      found.push({ model, entry, outcome: fake.outcome(entry, nth), order: found.length });
    }
  }
  found.sort(byScopeThenTime);
  const runs = new Map<string, Numbered>();
  const steps = found.map(({ model, entry, outcome }): TranscriptStep => {
    const { run, step } = runOf(runs, entry.scope, entry.step);
    const ended: { -readonly [K in keyof TranscriptStep]?: TranscriptStep[K] } = {};
    if (outcome?.failure !== undefined) ended.failure = outcome.failure;
    else if (outcome === undefined || !('answer' in outcome || 'result' in outcome)) ended.waiting = true;
    const answer = outcome?.answer ?? (outcome !== undefined && 'result' in outcome ? outcome.result : undefined);
    const answered = ended.failure === undefined && ended.waiting !== true;
    return {
      scope: entry.scope,
      run,
      step,
      attempt: entry.attempt,
      model,
      call: entry.call,
      request: requestLines(entry.call, entry.input).map(scrub),
      answer: (answered ? (entry.call === 'reply' ? answerLines(answer) : [`result: ${resultLine(answer)}`]) : []).map(
        scrub,
      ),
      ...ended,
    };
  });
  const placed = judges.filter((judged) => scope === undefined || judged.scope === scope);
  return placed.length === 0
    ? steps
    : withJudges(
        steps,
        found.map((item) => item.outcome?.at ?? 0),
        placed,
      );
}

function resultLine(result: unknown): string {
  return answerLines(result)
    .map((line) => line.replace(/^(result|answer): /, ''))
    .join(' ');
}

function byScopeThenTime(a: Found, b: Found): number {
  if (a.entry.scope !== b.entry.scope) return a.entry.scope < b.entry.scope ? -1 : 1;
  const at = a.outcome?.at ?? 0;
  const bt = b.outcome?.at ?? 0;
  if (at !== bt) return at < bt ? -1 : 1;
  return a.order - b.order;
}

/** The runs and calls of one scope named so far, and how many of each. */
interface Numbered {
  readonly names: Map<string, string>;
  run: number;
  call: number;
}

/** The run a step key belongs to, named by the order runs and calls first appear in its scope. */
function runOf(runs: Map<string, Numbered>, scope: string, key: string): { run: string; step: number | undefined } {
  let named = runs.get(scope);
  if (named === undefined) runs.set(scope, (named = { names: new Map(), run: 0, call: 0 }));
  const hash = key.lastIndexOf('#');
  const index = hash > 0 ? Number(key.slice(hash + 1)) : Number.NaN;
  // A call outside a run has a key of its own (`call:...`), numbered too: it is no step of a run.
  const inRun = !key.startsWith('call:') && Number.isInteger(index) && index >= 0;
  const id = inRun ? `run\u0000${key.slice(0, hash)}` : `call\u0000${key}`;
  let run = named.names.get(id);
  if (run === undefined) {
    const kind = inRun ? 'run' : 'call';
    named.names.set(id, (run = `${kind} ${++named[kind]}`));
  }
  return { run, step: inRun ? index : undefined };
}

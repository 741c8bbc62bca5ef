import type { CassetteEntry } from '../cassettes/cassetteSchema.js';
import type { RecordedTiming } from '../cassettes/recordedTiming.js';
import { toolRunLine } from '../cassettes/toolRuns.js';
import { answerLines, oneLine, requestLines } from './summarize.js';
import type { TranscriptStep } from './TranscriptStep.js';

/** A cassette's entries as transcript steps, in file order, each with its tool runs after it. */
export function cassetteSteps(entries: readonly CassetteEntry[]): TranscriptStep[] {
  return entries.map((entry, index) => {
    const answer = entry.answer as Record<string, unknown>;
    const failure =
      entry.call === 'reply'
        ? undefined
        : typeof answer.fail === 'string'
          ? `${answer.fail} failure`
          : typeof (answer.error as { reason?: unknown } | undefined)?.reason === 'string'
            ? String((answer.error as { reason: string }).reason)
            : undefined;
    const request = entry.request ?? (entry.when === undefined ? {} : { when: entry.when });
    const step: TranscriptStep = {
      scope: '',
      run: `call ${index + 1}`,
      step: undefined,
      attempt: 1,
      model: entry.model ?? (entry.fallback === undefined ? 'classifier' : `classifier fallback ${entry.fallback}`),
      call: entry.call,
      request:
        entry.call === 'reply' && entry.request !== undefined ? requestLines('reply', request) : [oneLine(request)],
      answer:
        failure !== undefined
          ? []
          : entry.call === 'reply'
            ? [
                ...answerLines(answer),
                ...(entry.timing === undefined ? [] : [timingLine(entry.timing)]),
                ...(entry.tools ?? []).map((run) => `tool ${toolRunLine(run)}`),
              ]
            : [`result: ${oneLine(answer)}`],
    };
    return failure === undefined ? step : { ...step, failure };
  });
}

/** A reply's recorded timing in one line: `timing: first part after 412 ms, 3 more over 90 ms`. */
function timingLine(timing: RecordedTiming): string {
  const gaps = timing.gapsMs;
  const more = gaps.length === 0 ? '' : `, ${gaps.length} more over ${gaps.reduce((sum, gap) => sum + gap, 0)} ms`;
  return `timing: first part after ${timing.firstMs} ms${more}`;
}

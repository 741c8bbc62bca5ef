import { StandinError } from '../../errors/StandinError.js';
import { answerSchema } from './answerSchema.js';
import { prepareAnswer, type PreparedAnswer } from './prepareAnswer.js';

const gives = ['text', 'calls', 'value', 'reasoning'] as const;

/**
 * Prepares a list, joining each `{ fail, times }` entry that gives nothing with the answer after it as one step, which
 * keeps the first entry's index: `[{ fail: 'server', times: 2 }, { text: 'ok' }]` is one step.
 *
 * @throws {StandinError} `T0003` for a `{ fail, times }` entry with no answer after it, or one
 *   followed by an answer that fails itself; the other T-codes as `prepareAnswer` throws them.
 */
export function prepareList(raw: readonly unknown[], root: string, owner: string): PreparedAnswer[] {
  const prepared: PreparedAnswer[] = [];
  for (let index = 0; index < raw.length; index++) {
    const label = `${root}[${index}]`;
    const entry = raw[index];
    if (!failsThenWaits(entry)) {
      prepared.push(prepareAnswer(entry, { owner, label, index, idPrefix: `call_${index}` }));
      continue;
    }
    const next = index + 1;
    if ((entry as { when?: unknown }).when !== undefined) {
      throw new StandinError(
        'T0003',
        `${owner}: ${label} is not an answer record:\n${label}.when: { fail, times } and the answer after it are one ` +
          `step, which the answer after it gives. Move when to ${root}[${next}].`,
      );
    }
    if (next >= raw.length) {
      throw new StandinError(
        'T0003',
        `${owner}: ${label} is not an answer record:\n${label}: { fail, times } with nothing else fails the step's ` +
          `first ${entry.times} tries, then gives the step the next answer, and there is no answer after it. Add the ` +
          `answer the step gets after its failures, or give its fields here (text, calls, value, reasoning).`,
      );
    }
    const after = prepareAnswer(raw[next], { owner, label: `${root}[${next}]`, index: next, idPrefix: `call_${next}` });
    if (after.fail !== undefined) {
      throw new StandinError(
        'T0003',
        `${owner}: ${root}[${next}] is not an answer record:\n${root}[${next}]: it follows ${label} ({ fail, times ` +
          `}), so it is what the step gets after its failures, and it fails itself. Give it text, calls, value or ` +
          `reasoning without fail, or put the failures in one entry.`,
      );
    }
    const joined = { ...(raw[next] as object), fail: entry.fail, times: entry.times, ...pick(entry) };
    prepared.push(
      prepareAnswer(joined, { owner, label: `${label} and ${root}[${next}]`, index, idPrefix: `call_${next}` }),
    );
    index = next;
  }
  return prepared;
}

/** Whether `entry` is a well-formed `{ fail, times }` that gives nothing: the start of a joined step. */
function failsThenWaits(
  entry: unknown,
): entry is { fail: string; times: number; retryAfterMs?: number; delayMs?: number } {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return false;
  const record = entry as Record<string, unknown>;
  if (record.fail === undefined || record.times === undefined || record.failAfter !== undefined) return false;
  if (gives.some((field) => record[field] !== undefined)) return false;
  return answerSchema.safeParse(entry).success;
}

/** The fields of the failing entry that shape its failures: the retry hint and the wait. */
function pick(entry: { retryAfterMs?: number; delayMs?: number }): { retryAfterMs?: number; delayMs?: number } {
  return {
    ...(entry.retryAfterMs === undefined ? {} : { retryAfterMs: entry.retryAfterMs }),
    ...(entry.delayMs === undefined ? {} : { delayMs: entry.delayMs }),
  };
}

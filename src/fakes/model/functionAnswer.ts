import { abortReason } from '../../services/clock/Clock.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { callInfo, functionThrew } from './fakeErrors.js';
import { prepareAnswer, type PreparedAnswer } from './prepareAnswer.js';
import type { ReplySource } from './readAnswers.js';
import { settleWithin } from './settleWithin.js';

/**
 * A function's answer for one call, checked as a list's is; `T0047` past `timeoutMs`, `T0010` when it throws. Its
 * calls' ids come from the conversation, so they are the same on every run.
 */
export async function functionAnswer(
  source: Extract<ReplySource, { kind: 'function' }>,
  request: ReplyRequest,
  context: CallContext,
  fakeOwner: string,
  timeoutMs: number,
): Promise<PreparedAnswer> {
  const owner = `${fakeOwner} at step '${context.stepKey}'`;
  const label = `${source.root}(request)`;
  let raw: unknown;
  try {
    raw = await settleWithin(source.fn(request, callInfo(context)), context.signal, timeoutMs, label, owner);
  } catch (error) {
    if (context.signal.aborted) throw abortReason(context.signal);
    throw functionThrew(label, owner, error);
  }
  return prepareAnswer(raw, { owner, label, index: undefined, idPrefix: `call_m${request.messages.length}` });
}

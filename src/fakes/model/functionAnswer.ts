import { abortReason } from '../../services/clock/Clock.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { callInfo, functionThrew } from './fakeErrors.js';
import { prepareAnswer, type PreparedAnswer } from './prepareAnswer.js';
import type { ReplySource } from './readAnswers.js';
import { settleWithin } from './settleWithin.js';

/**
 * The answer a function of the request gives one call, read and checked as a list's answer is
 * (`T0001`-`T0005`): within `timeoutMs` (`T0047` past it), `T0010` when the function throws.
 * Its calls get ids from the conversation, the same on every run.
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

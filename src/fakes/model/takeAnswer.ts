import { abortReason } from '../../services/clock/Clock.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { takeStep } from '../script/takeStep.js';
import { checkTaken } from './checkFake.js';
import { failsThisTry } from './failsThisTry.js';
import { missingCall, pastTheEnd, providerDown } from './fakeErrors.js';
import type { FakeState } from './FakeState.js';
import { functionAnswer } from './functionAnswer.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import { sentRequest } from './sentRequest.js';
import { takeMatching } from './takeMatching.js';
import { misbehavedAnswer } from '../misbehave/misbehavedAnswer.js';
import { callFailure } from './storeCall.js';

/**
 * The answer a faked model gives one reply: listed in `sent`, taken from the namespace's script, the list (the same for
 * a step that runs again) or the function, delayed, failed, checked or made to misbehave as it asks.
 */
export async function takeAnswer(
  fake: FakeState,
  request: ReplyRequest,
  context: CallContext,
): Promise<PreparedAnswer> {
  // One async function from the engine to the answer: every test author's error is kept here.
  try {
    if (context.signal.aborted) throw abortReason(context.signal);
    const { scope, stepKey: step, attempt } = context;
    const noted = fake.note({ call: 'reply', input: sentRequest(request), scope, step, attempt });
    const source = fake.read.reply;
    if (source === undefined) {
      if (noted !== undefined) fake.shared!.unrecorded(noted);
      throw missingCall(fake.owner, fake.read, 'reply', context);
    }
    let prepared: PreparedAnswer | undefined;
    // A fake serving several models keys the step by model too, so a fallback model gets the next answer.
    const key = fake.model === undefined ? `${context.modelName}\u0000${step}` : step;
    if (noted !== undefined) {
      prepared = await fake.shared!.take(request, context, fake.owner, noted);
    } else if (source.kind === 'list' && source.matching) {
      const list = { store: fake.store, script: fake.script, owner: fake.owner, ...source };
      prepared = await takeMatching(list, key, request, context);
    } else if (source.kind === 'list') {
      let index: number;
      try {
        index = await takeStep(fake.store, scope, fake.script, key, context.onEnd);
      } catch (error) {
        throw callFailure(error, context);
      }
      prepared = source.answers[index];
      if (prepared === undefined) throw pastTheEnd(fake.owner, source.answers.length, index, context);
    } else {
      prepared = await functionAnswer(source, request, context, fake.owner, fake.answerTimeoutMs);
    }
    if (prepared.delayMs > 0) await fake.clock.sleep(prepared.delayMs, context.signal);
    const fails = prepared.fail !== undefined && prepared.failAfter === undefined;
    if (fails && (await failsThisTry(fake.store, fake.script, key, prepared, context))) {
      throw providerDown(fake.owner, prepared, context);
    }
    if (prepared.misbehave !== undefined) {
      return misbehavedAnswer(
        { ...prepared, misbehave: prepared.misbehave },
        request,
        context,
        fake.owner,
        fake.inputs,
      );
    }
    if (prepared.hasValue || prepared.calls.length > 0) checkTaken(prepared, request, context, fake.owner, fake.inputs);
    return prepared;
  } catch (error) {
    fake.raised(error, context);
    throw error;
  }
}

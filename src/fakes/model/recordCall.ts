import { abortReason } from '../../services/clock/Clock.js';
import type { CapabilitySpec } from '../../services/spec/CapabilitySpec.js';
import type { CallContext } from '../../services/spec/Provider.js';
import { badResult, functionThrew, missingCall } from './fakeErrors.js';
import type { FakeState } from './FakeState.js';
import type { ReadAnswers } from './readAnswers.js';
import type { SentCall } from './SentCall.js';
import { settleWithin } from './takeAnswer.js';

/**
 * A record call: listed in `sent`, answered by its function (`T0009` none, `T0010` throws), checked as a provider's
 * (`T0011`).
 */
export async function recordCall<A extends readonly unknown[], R>(
  fake: FakeState,
  spec: CapabilitySpec<A, R>,
  args: A,
  context: CallContext,
  run: (calls: ReadAnswers['calls']) => unknown,
): Promise<R> {
  const { stepKey: step, scope, attempt } = context;
  const noted = fake.note({ call: spec.name, input: spec.sent(args), scope, step, attempt } as SentCall);
  // In a namespace, a record call is listed in this process's `sent` only.
  if (noted !== undefined) fake.shared!.unrecorded(noted);
  if (fake.read.calls[spec.name] === undefined && spec.unscripted !== true)
    throw missingCall(fake.owner, fake.read, spec.name, context);
  const owner = `${fake.owner} at step '${context.stepKey}'`;
  const what = `answers.${spec.name}`;
  let result: unknown;
  try {
    result = await settleWithin(run(fake.read.calls), context.signal, fake.answerTimeoutMs, what, owner);
  } catch (error) {
    if (context.signal.aborted) throw abortReason(context.signal);
    throw functionThrew(what, owner, error);
  }
  const problem = spec.problem(result, args);
  if (problem !== undefined) throw badResult(fake.owner, spec.name, context, result, problem);
  return result as R;
}

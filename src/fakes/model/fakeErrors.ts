import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { StandinError } from '../../errors/StandinError.js';
import { capabilities } from '../../services/capabilities/capabilities.js';
import type { CallContext } from '../../services/spec/Provider.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import { describeType } from '../../validation/formatPath.js';
import type { FakeCall } from './Answer.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import type { ReadAnswers, RecordCall } from './readAnswers.js';
import { StepFailure } from './StepFailure.js';

// The errors a faked model throws: each names the fake (`owner`) and the call, and says what to write.

/** Each failure kind in words, for the message of a scripted failure: a rate limit is no provider that is down. */
const failureWords: Readonly<Record<ProviderFailure['kind'], string>> = {
  server: 'a server error',
  rate_limit: 'a rate limit',
  timeout: 'a timeout',
  network: 'a network failure',
  auth: 'refused credentials',
  bad_request: 'a refused request',
  context_length: 'a context too long for the model',
  content_filter: 'a content filter',
  unknown: 'a failure of no known kind',
};

/** The failure an answer's `fail` asks for, as the provider would fail the call with it. */
export function providerDown(owner: string, prepared: PreparedAnswer, context: CallContext): ProviderFailure {
  const cut = prepared.failAfter;
  const after = cut === undefined ? '' : ` after ${cut} part${cut === 1 ? '' : 's'}`;
  // A step that fails its first `times` tries answers a later one: the failure says so, for a retry over the wire.
  return new (prepared.times === undefined ? ProviderFailure : StepFailure)(
    prepared.fail!,
    `${owner}: ${prepared.label} fails the call${after} as scripted: ${failureWords[prepared.fail!]} ` +
      `(kind '${prepared.fail}', ` +
      `model '${context.modelName}', step '${context.stepKey}', attempt ${context.attempt}).`,
    { provider: context.provider, retryAfterMs: prepared.retryAfterMs },
  );
}

/** `T0013`: a call asked for answer `index` of a list of `count`. */
export function pastTheEnd(owner: string, count: number, index: number, context: CallContext): StandinError {
  const where = context.scope === DEFAULT_SCOPE ? '' : ` in scope '${context.scope}'`;
  return new StandinError(
    'T0013',
    `${owner}: model '${context.modelName}' was faked with ${count} answer${count === 1 ? '' : 's'}, and call ` +
      `${index + 1} ran past them (step '${context.stepKey}'${where}). Add an answer for it, or find why the app ` +
      'asks the model more often than the test expects.',
  );
}

/** `T0010` for a function of the fake that threw (a StandinError as it is). */
export function functionThrew(what: string, owner: string, error: unknown): unknown {
  if (error instanceof StandinError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StandinError(
    'T0010',
    `${owner}: ${what} threw: ${message}. Fix the function; to fake a provider failure, answer { fail: 'server' } ` +
      'or throw a ProviderFailure.',
    { cause: error },
  );
}

/** `T0009`: the app made a call the fake's answers do not provide. */
export function missingCall(
  owner: string,
  read: ReadAnswers,
  call: RecordCall | 'reply',
  context: CallContext,
): StandinError {
  const model = `model '${context.modelName}'`;
  if (read.form !== 'record') {
    const form = read.form === 'list' ? 'a list of answers' : 'a function of the request';
    return new StandinError(
      'T0009',
      `${owner}: ${model} was faked with ${form}, which answers reply only, and the app called ${call}. ` +
        `Fake it with a record of calls that has ${call}: { reply: [{ text: '...' }], ${call}: ${example(call)} }.`,
    );
  }
  const has = [...(read.reply !== undefined ? ['reply'] : []), ...Object.keys(read.calls)];
  return new StandinError(
    'T0009',
    `${owner}: ${model} was faked with a record of calls without ${call} (it has ` +
      `${has.length > 0 ? has.join(', ') : 'no calls'}), and the app called ${call}. ` +
      `Add ${call}: ${example(call)} to the record.`,
  );
}

/** `T0011`: a record call answered something its capability does not take. */
export function badResult(
  owner: string,
  call: RecordCall,
  context: CallContext,
  got: unknown,
  expected: string,
): StandinError {
  return new StandinError(
    'T0011',
    `${owner}: answers.${call} answered ${describeType(got)} for model '${context.modelName}' ` +
      `(step '${context.stepKey}'). Make it answer ${expected}.`,
  );
}

/** An answer for a record of calls, for messages: the example the capability gives. */
function example(call: RecordCall | 'reply'): string {
  if (call === 'reply') return "[{ text: '...' }]";
  const answer = capabilities[call].answer;
  const such = answer.indexOf(', such as ');
  return such === -1 ? answer.replace(/^a function /, '') : answer.slice(such + ', such as '.length);
}

/** The call, as `verify` names it when it raised a test author's error. */
export function callWhere(context: CallContext): { scope: string; call: string } {
  const call = `model '${context.modelName}', step '${context.stepKey}', attempt ${context.attempt}`;
  return { scope: context.scope, call };
}

/** What a function a fake was given learns about the call: never the key, the signal or the cursor key. */
export function callInfo(context: CallContext): FakeCall {
  return { model: context.modelName, attempt: context.attempt, step: context.stepKey, scope: context.scope };
}

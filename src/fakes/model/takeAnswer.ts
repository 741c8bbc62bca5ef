import { ProviderFailure } from '../../errors/ProviderFailure.js';
import { bareMessage, StandinError } from '../../errors/StandinError.js';
import { abortReason } from '../../services/clock/Clock.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { StoreFailure } from '../../services/cursors/redis/StoreFailure.js';
import { untilAborted } from '../../services/dispatch/untilAborted.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { capLines } from '../../validation/describeIssues.js';
import { misbehavedAnswer } from '../misbehave/misbehavedAnswer.js';
import { takeStep } from '../script/takeStep.js';
import { checkTaken } from './checkFake.js';
import { callInfo, functionThrew, missingCall, pastTheEnd, providerDown } from './fakeErrors.js';
import type { FakeState } from './FakeState.js';
import { requestTexts, showTexts, type RequestTexts } from './matchWhen.js';
import { prepareAnswer, type PreparedAnswer } from './prepareAnswer.js';
import type { ReplySource } from './readAnswers.js';
import { sentRequest } from './sentRequest.js';

/**
 * The answer a faked model gives one reply: listed in `sent`, taken from the namespace's script, the list (the same for
 * a step that runs again) or the function, delayed, failed, checked or made to misbehave as it asks. An answer that
 * waits for nothing (a list's from the memory store, a function's plain value) is taken at once, in one promise.
 */
export function takenAnswer(fake: FakeState, request: ReplyRequest, context: CallContext): Promise<PreparedAnswer> {
  try {
    return Promise.resolve(takeAnswer(fake, request, context));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/**
 * {@link takenAnswer}'s answer itself when it waits for nothing (thrown when it fails at once), else its promise. Every
 * test author's error is kept here, thrown at once or later.
 */
export function takeAnswer(
  fake: FakeState,
  request: ReplyRequest,
  context: CallContext,
): PreparedAnswer | Promise<PreparedAnswer> {
  try {
    const taken = takeNow(fake, request, context);
    if (!(taken instanceof Promise)) return taken;
    return taken.catch((error: unknown) => {
      fake.raised(error, context);
      throw error;
    });
  } catch (error) {
    fake.raised(error, context);
    throw error;
  }
}

/** {@link takenAnswer}'s answer, a promise only when it waits for something. */
function takeNow(
  fake: FakeState,
  request: ReplyRequest,
  context: CallContext,
): PreparedAnswer | Promise<PreparedAnswer> {
  if (context.signal.aborted) throw abortReason(context.signal);
  const { scope, stepKey: step, attempt } = context;
  const noted = fake.note({ call: 'reply', input: sentRequest(request), scope, step, attempt });
  const source = fake.read.reply;
  if (source === undefined) {
    if (noted !== undefined) fake.shared!.unrecorded(noted);
    throw missingCall(fake.owner, fake.read, 'reply', context);
  }
  // A fake serving several models keys the step by model too, so a fallback model gets the next answer.
  const key = fake.model === undefined ? `${context.modelName}\u0000${step}` : step;
  if (noted !== undefined) {
    return fake
      .shared!.take(request, context, fake.owner, noted)
      .then((got) => ready(fake, got, request, context, key));
  }
  if (source.kind === 'list' && source.matching) {
    const list = { store: fake.store, script: fake.script, owner: fake.owner, ...source };
    return takeMatching(list, key, request, context).then((got) => ready(fake, got, request, context, key));
  }
  if (source.kind === 'list') {
    let index: number | Promise<number>;
    try {
      index = takeStep(fake.store, scope, fake.script, key, context.onEnd);
    } catch (error) {
      throw callFailure(error, context);
    }
    if (typeof index === 'number')
      return ready(fake, listed(fake, source.answers, index, context), request, context, key);
    return index.then(
      (at) => ready(fake, listed(fake, source.answers, at, context), request, context, key),
      (error: unknown) => {
        throw callFailure(error, context);
      },
    );
  }
  const answered = functionAnswer(source, request, context, fake.owner, fake.answerTimeoutMs);
  if (answered instanceof Promise) return answered.then((got) => ready(fake, got, request, context, key));
  return ready(fake, answered, request, context, key);
}

/** The list's answer at `index`; `T0013` past its end. */
function listed(
  fake: FakeState,
  answers: readonly PreparedAnswer[],
  index: number,
  context: CallContext,
): PreparedAnswer {
  const prepared = answers[index];
  if (prepared === undefined) throw pastTheEnd(fake.owner, answers.length, index, context);
  return prepared;
}

/** A taken answer once its delay passed and its failure, when it fails this try, was thrown; checked. */
function ready(
  fake: FakeState,
  prepared: PreparedAnswer,
  request: ReplyRequest,
  context: CallContext,
  key: string,
): PreparedAnswer | Promise<PreparedAnswer> {
  if (prepared.delayMs > 0) {
    return fake.clock.sleep(prepared.delayMs, context.signal).then(() => failed(fake, prepared, request, context, key));
  }
  return failed(fake, prepared, request, context, key);
}

function failed(
  fake: FakeState,
  prepared: PreparedAnswer,
  request: ReplyRequest,
  context: CallContext,
  key: string,
): PreparedAnswer | Promise<PreparedAnswer> {
  if (prepared.fail === undefined || prepared.failAfter !== undefined) return checked(fake, prepared, request, context);
  return failsThisTry(fake.store, fake.script, key, prepared, context).then((fails) => {
    if (fails) throw providerDown(fake.owner, prepared, context);
    return checked(fake, prepared, request, context);
  });
}

function checked(
  fake: FakeState,
  prepared: PreparedAnswer,
  request: ReplyRequest,
  context: CallContext,
): PreparedAnswer {
  if (prepared.misbehave !== undefined) {
    return misbehavedAnswer({ ...prepared, misbehave: prepared.misbehave }, request, context, fake.owner, fake.inputs);
  }
  if (prepared.hasValue || prepared.calls.length > 0) checkTaken(prepared, request, context, fake.owner, fake.inputs);
  return prepared;
}

/**
 * Whether a `fail` answer fails this try. Tries are counted in the store per scope, so a wire client's retry counts as
 * the engine's does.
 */
async function failsThisTry(
  store: CursorStore,
  script: string,
  step: string,
  prepared: PreparedAnswer,
  context: CallContext,
): Promise<boolean> {
  if (prepared.times === undefined) return true;
  const tries = `${script}\u0000${step}`;
  context.onEnd?.(() => void store.reset(context.scope, tries).catch(() => undefined));
  return (await storeCall(store.visit(context.scope, tries, 0), context)) <= prepared.times;
}

/**
 * A function's answer for one call, checked as a list's is; `T0047` past `timeoutMs`, `T0010` when it throws. Its
 * calls' ids come from the conversation, so they are the same on every run. A promise only when the function answers
 * one.
 */
function functionAnswer(
  source: Extract<ReplySource, { kind: 'function' }>,
  request: ReplyRequest,
  context: CallContext,
  fakeOwner: string,
  timeoutMs: number,
): PreparedAnswer | Promise<PreparedAnswer> {
  const owner = `${fakeOwner} at step '${context.stepKey}'`;
  const label = `${source.root}(request)`;
  const idPrefix = `call_m${request.messages.length}`;
  let raw: unknown;
  try {
    raw = source.fn(request, callInfo(context));
  } catch (error) {
    if (context.signal.aborted) throw abortReason(context.signal);
    throw functionThrew(label, owner, error);
  }
  if (typeof (raw as { then?: unknown } | null)?.then !== 'function') {
    return prepareAnswer(raw, { owner, label, index: undefined, idPrefix });
  }
  return settleWithin(raw, context.signal, timeoutMs, label, owner).then(
    (value) => prepareAnswer(value, { owner, label, index: undefined, idPrefix }),
    (error: unknown) => {
      if (context.signal.aborted) throw abortReason(context.signal);
      throw functionThrew(label, owner, error);
    },
  );
}

/** How long a fake waits for a function's promise when the provider names no `timeoutMs`. */
export const DEFAULT_ANSWER_TIMEOUT_MS = 30_000;

/**
 * A function's answer once it settles: a promise is bounded by the signal and by `timeoutMs` on a real timer (`T0047`),
 * so one that never settles cannot hold the call. The timer does not keep the process alive.
 *
 * @throws {StandinError} `T0047` when the promise has not settled after `timeoutMs`.
 */
export async function settleWithin(
  answered: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  what: string,
  where: string,
): Promise<unknown> {
  if (typeof (answered as { then?: unknown } | null)?.then !== 'function') return answered;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new StandinError(
          'T0047',
          `${where}: the promise ${what} returned did not settle within ${timeoutMs} ms. Make it settle; set the ` +
            `model's provider timeoutMs in the config to wait longer, or pass the call a signal to end it sooner.`,
        ),
      );
    }, timeoutMs);
    timer.unref?.();
  });
  try {
    return await untilAborted(Promise.race([Promise.resolve(answered as PromiseLike<unknown>), late]), signal);
  } catch (error) {
    if (signal.aborted) throw abortReason(signal);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The indices of the answers a request's `when`s match (or that have none): the entries a step may take. */
export function matchingIndices(answers: readonly PreparedAnswer[], texts: RequestTexts): number[] {
  const found: number[] = [];
  for (const [index, prepared] of answers.entries()) {
    if (prepared.matcher === undefined || prepared.matcher.matches(texts)) found.push(index);
  }
  return found;
}

/** One list with `when`s, as the fake reads it: where its cursors live and how it is named. */
export interface MatchingList {
  readonly store: CursorStore;
  readonly script: string;
  readonly owner: string;
  readonly root: string;
  readonly answers: readonly PreparedAnswer[];
}

/**
 * The first answer not yet taken in the scope whose `when` matches, the same for a step run again; `T0013` when all
 * were taken, `T0050` when none left matches.
 */
async function takeMatching(
  list: MatchingList,
  key: string,
  request: ReplyRequest,
  context: CallContext,
): Promise<PreparedAnswer> {
  const { store, script, owner } = list;
  if (store.claim === undefined) {
    throw new StandinError(
      'T0051',
      `${owner}: ${list.root} chooses answers by when, and the cursor store bound to Tokens.CursorStore has no ` +
        'claim(): it cannot tell which answers a scope took. Use the memory or Redis store, or add claim() and ' +
        'taken() to yours.',
    );
  }
  const texts = requestTexts(request, context.modelName);
  const scope = context.scope;
  if (store.forgetStep !== undefined) {
    context.onEnd?.(() => void store.forgetStep?.(scope, script, key).catch(() => undefined));
  }
  const index = await storeCall(store.claim(scope, script, key, matchingIndices(list.answers, texts)), context);
  if (index >= 0) return list.answers[index]!;
  const taken = new Set(await storeCall(store.taken?.(scope, script) ?? Promise.resolve([]), context));
  if (taken.size >= list.answers.length) throw pastTheEnd(owner, list.answers.length, taken.size, context);
  throw noMatch(list, taken, texts, context);
}

/** `T0050`, naming the request's texts and the first ten answers left with their `when`s. */
export function noMatch(
  list: Omit<MatchingList, 'store' | 'script'>,
  taken: ReadonlySet<number>,
  texts: RequestTexts,
  context: CallContext,
): StandinError {
  const where = context.scope === DEFAULT_SCOPE ? '' : ` in scope '${context.scope}'`;
  const left = list.answers
    .filter((prepared) => !taken.has(prepared.index!))
    .map((prepared) => `  ${prepared.label} ${prepared.matcher?.shown ?? '(for every request)'}`);
  return new StandinError(
    'T0050',
    `${list.owner}: no answer left in ${list.root} matches the call to model '${context.modelName}' (step ` +
      `'${context.stepKey}'${where}), which has ${showTexts(texts)}. Change a when so it matches this request, or ` +
      `add an answer for it. The answers not taken yet:\n${capLines(left, 0, 'answers').join('\n')}`,
  );
}

/**
 * Awaits a store operation. A slow or unreachable store fails the call as such a provider would (a `ProviderFailure` of
 * its kind), so the engine retries and the replayed step gets the answer it would have got.
 */
export async function storeCall<T>(operation: Promise<T>, context: CallContext): Promise<T> {
  try {
    return await operation;
  } catch (error) {
    throw callFailure(error, context);
  }
}

/** {@link storeCall}'s turn of a store error, for a call that awaits the store in its own `try`. */
export function callFailure(error: unknown, context: CallContext): unknown {
  if (error instanceof StoreFailure && error.kind !== undefined) {
    return new ProviderFailure(
      error.kind,
      `${bareMessage(error)} (model '${context.modelName}', step '${context.stepKey}', attempt ${context.attempt})`,
      {
        provider: context.provider,
        cause: error,
      },
    );
  }
  return error;
}

import { StandinError } from '../../errors/StandinError.js';
import { takeAnswerScript } from '../../services/cursors/redis/sharedLua.js';
import type { RedisCursorStore } from '../../services/cursors/RedisCursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { requestTexts } from '../model/matchWhen.js';
import { callFailure, matchingIndices } from '../model/takeAnswer.js';
import { SENT_LIMIT_ARG, sentEntry } from './sharedSentEntry.js';
import type { SentNote } from './SharedSent.js';
import type { Taker } from './Taker.js';

/** One faked model's step in a namespace in one round trip; `last` is the generation the caller knows. */
export async function sharedStep(
  store: RedisCursorStore,
  taker: Taker,
  request: ReplyRequest,
  context: CallContext,
  noted: SentNote,
  last: Taker['last'],
): Promise<unknown> {
  const keys = store.keys;
  const answers = last?.answers;
  const matching = answers?.some((answer) => answer.matcher !== undefined) === true;
  const args = [
    keys.prefix,
    taker.encoded,
    keys.scope(context.scope),
    context.stepKey,
    store.ttl,
    sentEntry(noted.call),
    SENT_LIMIT_ARG,
    last?.gen ?? '',
    matching ? matchingIndices(answers!, requestTexts(request, context.modelName)).join(',') : '',
  ];
  try {
    return await store.link.script(takeAnswerScript, taker.head, args);
  } catch (error) {
    throw callFailure(error, context);
  }
}

/** `D0007`: no process of the namespace published answers for the model. */
export function nothingPublished(space: string, model: string, context: CallContext): StandinError {
  return new StandinError(
    'D0007',
    `Model '${context.modelName}' has no answers published in namespace '${space}'. Fake it in any ` +
      `process of the namespace: app.fake('${model}', answers), then await app.ready(), before the app calls it.`,
  );
}

/** `T0013` in a namespace: a step past the last of `count` answers (`index` -1 - taken, for answers chosen by when). */
export function spent(space: string, owner: string, count: number, index: number, context: CallContext): StandinError {
  const where = context.scope === DEFAULT_SCOPE ? '' : ` in scope '${context.scope}'`;
  const call = index < 0 ? count + 1 : index + 1;
  return new StandinError(
    'T0013',
    `${owner}: model '${context.modelName}' was faked with ${count} answer${count === 1 ? '' : 's'} in namespace ` +
      `'${space}', and call ${call} ran past them (step '${context.stepKey}'${where}). Add an answer for it, or ` +
      `find why the app asks the model more often than the test expects.`,
  );
}

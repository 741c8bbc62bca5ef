import { StandinError } from '../../errors/StandinError.js';
import type { CursorStore } from '../../services/cursors/CursorStore.js';
import { DEFAULT_SCOPE } from '../../services/scopes/Scopes.js';
import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import { capLines } from '../../validation/describeIssues.js';
import { pastTheEnd } from './fakeErrors.js';
import { requestTexts, showTexts, type RequestTexts } from './matchWhen.js';
import type { PreparedAnswer } from './prepareAnswer.js';
import { storeCall } from './storeCall.js';

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
export async function takeMatching(
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

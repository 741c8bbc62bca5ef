import { StandinError } from '../../errors/StandinError.js';
import type { Answer } from '../model/Answer.js';
import type { AnswerSource } from '../model/AnswerSource.js';
import { jsonProblem } from '../model/jsonProblem.js';
import { deepFreeze } from '../model/madeParts.js';
import { cutShort, isJson, type MisbehaviourContent } from './misbehaviour.js';
import {
  isMisbehaviourKind,
  misbehaviourFields,
  misbehaviourKinds,
  type MisbehaviourKind,
} from './misbehaviourKinds.js';

/** A misbehaving answer's kind and content, checked and frozen: made into a reply when a call takes it. */
export interface PreparedMisbehaviour {
  readonly kind: MisbehaviourKind;
  readonly content: MisbehaviourContent;
}

/** The fields that say how a reply is made, which a misbehaviour makes itself. */
const replyFields = ['finish', 'parts', 'failAfter'] as const;

/**
 * `T0080` when `raw` is an answer whose `misbehave` names no kind: checked before the answer's schema, so the message
 * lists the kinds.
 *
 * @example
 * ```ts
 * checkKind({ misbehave: 'rude' }, source); // throws T0080
 * ```
 */
export function checkKind(raw: unknown, source: AnswerSource): void {
  if (typeof raw !== 'object' || raw === null || !Object.hasOwn(raw, 'misbehave')) return;
  const kind = (raw as { misbehave?: unknown }).misbehave;
  if (kind === undefined || isMisbehaviourKind(kind)) return;
  throw new StandinError(
    'T0080',
    `${source.owner}: ${source.label}.misbehave is ${typeof kind === 'string' ? `'${kind}'` : typeof kind}, which is ` +
      `no kind of misbehaviour. Use one of: ${misbehaviourKinds.join(', ')}.`,
  );
}

/**
 * Checks a misbehaving answer: fields that do not go with `misbehave` (`T0081`), content that does not misbehave as its
 * kind says (`T0082`), content JSON cannot hold (`T0004`). Answers the kind and its content, frozen.
 *
 * @example
 * ```ts
 * checkMisbehave({ misbehave: 'invalid_json', text: '{"team": billing}' }, source).kind; // 'invalid_json'
 * ```
 */
export function checkMisbehave(
  answer: Answer & { readonly misbehave: MisbehaviourKind },
  source: AnswerSource,
): PreparedMisbehaviour {
  const { owner, label } = source;
  const kind = answer.misbehave;
  const carries = misbehaviourFields[kind];
  const conflicts: string[] = [
    ...replyFields.filter((field) => answer[field] !== undefined),
    ...(answer.fail !== undefined && answer.times === undefined ? ['fail'] : []),
    ...(['text', 'value', 'calls'] as const).filter((field) => answer[field] !== undefined && !carries.includes(field)),
  ];
  if (kind === 'truncated' && answer.text !== undefined && answer.value !== undefined) conflicts.push('value');
  if (conflicts.length > 0) {
    const carried = carries.length === 0 ? 'carries no content' : `carries ${carries.join(' or ')}`;
    throw new StandinError(
      'T0081',
      `${owner}: ${label} misbehaves as '${kind}' and gives ${conflicts.join(', ')}, which do not go with it: the ` +
        `kind makes the reply itself and ${carried}. Remove ${conflicts.join(', ')}` +
        `${answer.fail !== undefined && answer.times === undefined ? " (fail: 'server' then a misbehaviour is { fail, times, misbehave })" : ''}.`,
    );
  }
  const notJson =
    (answer.value !== undefined ? jsonProblem(answer.value, `${label}.value`) : undefined) ??
    (answer.calls ?? []).map((call, i) => jsonProblem(call.with ?? {}, `${label}.calls[${i}].with`)).find(Boolean);
  if (notJson !== undefined) {
    throw new StandinError('T0004', `${owner}: ${notJson}, which JSON cannot hold. A model's output is JSON.`);
  }
  const problem = contentProblem(kind, answer);
  if (problem !== undefined) {
    throw new StandinError('T0082', `${owner}: ${label} misbehaves as '${kind}', and ${problem}`);
  }
  const content: { text?: string; value?: unknown; calls?: MisbehaviourContent['calls'] } = {};
  if (answer.text !== undefined) content.text = answer.text;
  if (answer.value !== undefined) content.value = deepFreeze(JSON.parse(JSON.stringify(answer.value)));
  if (answer.calls !== undefined) content.calls = deepFreeze(JSON.parse(JSON.stringify(answer.calls)));
  return Object.freeze({ kind, content: Object.freeze(content) });
}

/** Why the content does not misbehave as its kind says, with the fix; undefined when it does. */
function contentProblem(kind: MisbehaviourKind, answer: Answer): string | undefined {
  const { text, value, calls } = answer;
  if (kind === 'invalid_json' && text !== undefined && (text.trim() === '' || isJson(text))) {
    return text.trim() === ''
      ? "its text is empty, and a model that writes nothing misbehaves as 'empty'. Give text that is not JSON."
      : "its text is JSON. Give text that is not JSON; JSON that does not fit the shape is 'wrong_shape' (its value).";
  }
  if (kind === 'truncated' && value !== undefined) {
    const json = JSON.stringify(value);
    if (cutShort(json) === undefined) {
      return `every cut of its value's JSON (${json}) is JSON itself. Give a longer value, or the cut-off text as text.`;
    }
  }
  if ((kind === 'unknown_tool' || kind === 'bad_tool_input') && calls !== undefined && calls.length === 0) {
    return 'its calls are empty. Give the calls it makes, or leave calls out and the fake makes one up.';
  }
  return undefined;
}

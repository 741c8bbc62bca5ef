/**
 * The ways a model breaks its contract on purpose, which an answer's `misbehave` names: listed once, so the fake, the
 * wire server, cassettes and a chaos layer that draws them all read the same kinds.
 */

/**
 * Every kind of misbehaviour, in the order the docs list them.
 *
 * @example
 * ```ts
 * misbehaviourKinds.includes('refusal'); // true
 * ```
 */
export const misbehaviourKinds = [
  'invalid_json',
  'wrong_shape',
  'unknown_tool',
  'bad_tool_input',
  'refusal',
  'truncated',
  'content_filter',
  'empty',
] as const;

/** A kind of misbehaviour: see {@link misbehaviourKinds}. */
export type MisbehaviourKind = (typeof misbehaviourKinds)[number];

/** The answer fields that carry a misbehaving model's content. */
export type MisbehaviourField = 'text' | 'value' | 'calls';

/**
 * The content fields each kind may carry: the text the model wrote (`invalid_json`, `refusal`, `truncated`), a value
 * that does not fit (`wrong_shape`, or for `truncated` a value whose JSON is cut), the calls it made (`unknown_tool`,
 * `bad_tool_input`). A kind with none carries nothing. Each is made up when left out.
 *
 * @example
 * ```ts
 * misbehaviourFields.unknown_tool; // ['calls']
 * ```
 */
export const misbehaviourFields: Readonly<Record<MisbehaviourKind, readonly MisbehaviourField[]>> = {
  invalid_json: ['text'],
  wrong_shape: ['value'],
  unknown_tool: ['calls'],
  bad_tool_input: ['calls'],
  refusal: ['text'],
  truncated: ['text', 'value'],
  content_filter: [],
  empty: [],
};

/** Whether `value` names a kind of misbehaviour. */
export function isMisbehaviourKind(value: unknown): value is MisbehaviourKind {
  return typeof value === 'string' && (misbehaviourKinds as readonly string[]).includes(value);
}

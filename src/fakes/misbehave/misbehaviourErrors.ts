import { StandinError } from '../../errors/StandinError.js';
import type { MisbehaviourKind } from './misbehaviourKinds.js';

/** Where a misbehaviour is made, as its messages name it. */
export interface MisbehaviourWhere {
  /** The fake and the answer: `app.fake('writer', answers): answers[1]`. */
  readonly answer: string;
  /** The call it answers: `the call it answers (model 'writer', step 'r#0')`. */
  readonly call: string;
}

/**
 * `T0083`: the content an answer gives does not misbehave the way its kind says for the call it answers (a
 * `wrong_shape` value that fits, an `unknown_tool` call to a tool the call offers).
 *
 * @example
 * ```ts
 * throw misfitContent(where, 'wrong_shape', 'value fits the shape', 'Give a value that does not fit.');
 * ```
 */
export function misfitContent(
  where: MisbehaviourWhere,
  kind: MisbehaviourKind,
  found: string,
  fix: string,
): StandinError {
  return new StandinError(
    'T0083',
    `${where.answer} misbehaves as '${kind}', and ${found} for ${where.call}, so it would not misbehave. ${fix}`,
  );
}

/**
 * `T0084`: a misbehaviour the call cannot have (a typed value's misbehaviour where no shape is stated, a bad tool input
 * where no tool is offered, a shape that takes any JSON).
 *
 * @example
 * ```ts
 * throw cannotMisbehave(where, 'invalid_json', 'states no shape for a typed value', 'Give the call an output shape.');
 * ```
 */
export function cannotMisbehave(
  where: MisbehaviourWhere,
  kind: MisbehaviourKind,
  why: string,
  fix: string,
): StandinError {
  return new StandinError('T0084', `${where.answer} misbehaves as '${kind}', and ${where.call} ${why}. ${fix}`);
}

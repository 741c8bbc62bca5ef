import type { CallContext, ReplyRequest } from '../../services/spec/Provider.js';
import type { PreparedAnswer } from '../model/prepareAnswer.js';
import type { ToolInputs } from '../model/toolInputs.js';
import { misbehave } from './misbehaviour.js';

/**
 * A misbehaving answer made into the reply it gives the call that took it: its reasoning, then what {@link misbehave}
 * makes of its kind and content, with that finish. A refusal or a content filter throws its failure instead.
 *
 * @example
 * ```ts
 * if (prepared.misbehave !== undefined) return misbehavedAnswer(prepared, request, context, owner, inputs);
 * ```
 */
export function misbehavedAnswer(
  prepared: PreparedAnswer & { readonly misbehave: NonNullable<PreparedAnswer['misbehave']> },
  request: ReplyRequest,
  context: CallContext,
  owner: string,
  inputs: ToolInputs | undefined,
): PreparedAnswer {
  const { kind, content } = prepared.misbehave;
  const where = {
    answer: `${owner}: ${prepared.label}`,
    call: `the call it answers (model '${context.modelName}', step '${context.stepKey}')`,
  };
  const made = misbehave(kind, content, {
    request,
    output: context.output,
    inputs,
    provider: context.provider,
    idPrefix: prepared.idPrefix,
    where,
  });
  return {
    ...prepared,
    parts: [...prepared.parts, ...made.parts],
    calls: made.calls,
    hasValue: false,
    value: undefined,
    outChars: prepared.outChars + made.outChars,
    finish: Object.freeze({ type: 'finish', reason: made.finish }),
  };
}

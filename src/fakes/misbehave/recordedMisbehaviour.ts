import type { ZodType } from 'zod';
import type { ProviderFailure } from '../../errors/ProviderFailure.js';
import type { ReplyRequest } from '../../services/spec/Provider.js';
import type { Answer } from '../model/Answer.js';
import { shapeOf } from './misfit.js';

/**
 * A recorded reply as the answer that replays it, a misbehaviour kept as one: a value that does not fit the call's
 * shape as `wrong_shape`, calls to a tool the request did not offer as `unknown_tool`, calls whose input does not fit
 * the tool as `bad_tool_input` (the reply's text, if any, is not kept with them). Any other answer as it is.
 *
 * @example
 * ```ts
 * recordedMisbehaviour({ value: { team: 'sales' } }, request, output); // { misbehave: 'wrong_shape', value: { team: 'sales' } }
 * ```
 */
export function recordedMisbehaviour(answer: Answer, request: ReplyRequest, output: ZodType | undefined): Answer {
  const kept = (extra: Answer): Answer => ({
    ...extra,
    ...(answer.reasoning === undefined ? {} : { reasoning: answer.reasoning }),
    ...(answer.units === undefined ? {} : { units: answer.units }),
  });
  if (answer.value !== undefined && output !== undefined && !output.safeParse(answer.value).success) {
    return kept({ misbehave: 'wrong_shape', value: answer.value });
  }
  const calls = answer.calls ?? [];
  const tools = request.tools ?? [];
  if (calls.some((call) => !tools.some((tool) => tool.name === call.tool))) {
    return kept({ misbehave: 'unknown_tool', calls });
  }
  const fits = (call: (typeof calls)[number]) =>
    shapeOf(tools.find((tool) => tool.name === call.tool)?.input)?.safeParse(call.with ?? {}).success !== false;
  if (!calls.every(fits)) return kept({ misbehave: 'bad_tool_input', calls });
  return answer;
}

/**
 * The answer a recorded reply's value text makes when it is not JSON: `truncated` when the token limit cut it off,
 * else `invalid_json`, its text as the model wrote it.
 *
 * @example
 * ```ts
 * unparsedValue('{"team":"bil', 'length'); // { misbehave: 'truncated', text: '{"team":"bil' }
 * ```
 */
export function unparsedValue(text: string, finish: string | undefined): Answer {
  return { misbehave: finish === 'length' ? 'truncated' : 'invalid_json', text };
}

/**
 * The answer a recorded failure makes when it is a misbehaviour: a `content_filter` failure inside a reply (status
 * 200) as `refusal` with its text, or `content_filter`; undefined for any other failure.
 *
 * @example
 * ```ts
 * recordedStop(failure); // { misbehave: 'refusal', text: "I can't help with that." }
 * ```
 */
export function recordedStop(error: ProviderFailure): Answer | undefined {
  if (error.kind !== 'content_filter' || error.status !== 200) return undefined;
  return error.refusal === undefined ? { misbehave: 'content_filter' } : { misbehave: 'refusal', text: error.refusal };
}

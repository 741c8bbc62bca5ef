import type { ReplyRequest, ToolSpec } from '../../services/spec/Provider.js';
import type { Answer, AnswerFunction, FakeCall } from '../model/Answer.js';
import { fitValue, type FitTarget } from './fitValue.js';

/**
 * `fitting()`'s reply, from the request alone: while the conversation since its last user message has not called every
 * tool offered, one step calling each once with a fitting input; then a typed value fitting the output schema, if
 * asked; else a text naming the model and step. `toolChoice` is honoured. A seed draws the values; without one each is
 * the smallest that fits.
 */
export function fittingReply(seed: number | undefined): AnswerFunction {
  // A value is the same for the same schema and salt: made once per schema object (a run's steps send the same one).
  const made = new WeakMap<object, Map<string, unknown>>();
  const fit = (schema: unknown, target: FitTarget): unknown => {
    if (typeof schema !== 'object' || schema === null) return fitValue(schema, target);
    let values = made.get(schema);
    if (values === undefined) made.set(schema, (values = new Map()));
    if (!values.has(target.salt)) values.set(target.salt, fitValue(schema, target));
    return structuredClone(values.get(target.salt));
  };
  return (request, call) => {
    const owner = `fitting() for model '${call.model}' at step '${call.step}'`;
    const waiting = toolsLeft(request);
    if (waiting.length > 0) {
      const calls = waiting.map((tool) => ({
        tool: tool.name,
        with: fit(tool.input, {
          root: 'with',
          what: `the input of tool '${tool.name}'`,
          owner,
          seed,
          salt: `tool\u0000${tool.name}`,
        }),
      }));
      return { calls };
    }
    if (request.output !== undefined) {
      const what = 'the shape of the typed value';
      return { value: fit(request.output.schema, { root: 'value', what, owner, seed, salt: 'output' }) };
    }
    return fittingText(request, call);
  };
}

/** The tools the request offers (as its tool choice allows) that the conversation has not called since the user last spoke. */
function toolsLeft(request: ReplyRequest): ToolSpec[] {
  const choice = request.settings?.toolChoice;
  if (choice === 'none') return [];
  const offered = (request.tools ?? []).filter(
    (tool) => typeof choice !== 'object' || choice === null || tool.name === choice.tool,
  );
  const called = new Set<string>();
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i]!;
    if (message.role === 'user') break;
    if (message.role === 'assistant') for (const asked of message.calls ?? []) called.add(asked.tool);
  }
  return offered.filter((tool) => !called.has(tool.name));
}

function fittingText(request: ReplyRequest, call: FakeCall): Answer {
  const step = request.messages.filter((message) => message.role === 'assistant').length;
  return { text: `Fitting reply from ${call.model}, step ${step}.` };
}

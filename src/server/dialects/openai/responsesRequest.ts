/** The Responses request as the server reads and checks it, kept apart from how it answers. */

import type { ReplyInput } from '../../../services/requests/prepareReply.js';
import type { Message, ToolCall, ToolResult } from '../../../services/spec/Provider.js';
import { checkFields, need } from '../../checkFields.js';
import { checkValues, type ValueRules } from '../../checkValues.js';
import { toolsOf } from '../../toolsOf.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { isObject, parseArguments, resultOf, textOf } from '../../wireInput.js';

const known = new Set([
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'text',
  'reasoning',
  'max_output_tokens',
  'max_tool_calls',
  'include',
  'store',
  'stream',
  'stream_options',
  'temperature',
  'top_p',
  'metadata',
  'user',
  'truncation',
  'service_tier',
  'prompt_cache_key',
  'prompt_cache_retention',
  'safety_identifier',
  'previous_response_id',
  'top_logprobs',
  'background',
  'conversation',
]);

const refuse = {
  previous_response_id: () => 'the wire server keeps no responses; send the whole conversation in input (store: false)',
  conversation: () => 'the wire server keeps no conversations; send the whole conversation in input',
  background: (v: unknown) =>
    v === false ? undefined : 'the wire server answers in the foreground only; leave background out',
  top_logprobs: (v: unknown) =>
    v === 0 ? undefined : 'scripted answers have no log probabilities; leave top_logprobs out',
};

/** The types and ranges OpenAI documents for the Responses fields the server reads or passes over. */
const values: ValueRules = {
  stream: { type: 'boolean' },
  stream_options: { type: 'object' },
  temperature: { type: 'number', min: 0, max: 2 },
  top_p: { type: 'number', min: 0, max: 1 },
  max_output_tokens: { type: 'integer', min: 16 },
  max_tool_calls: { type: 'integer', min: 1 },
  parallel_tool_calls: { type: 'boolean' },
  store: { type: 'boolean' },
  background: { type: 'boolean' },
  user: { type: 'string' },
  metadata: { type: 'object' },
  text: { type: 'object' },
  reasoning: { type: 'object' },
};

/** Reads and checks a Responses body into what the engine is asked. */
export function readResponses(
  body: Record<string, unknown>,
  context: WireContext,
): { model: string; input: ReplyInput; stream: boolean } {
  checkFields(body, known, refuse);
  checkValues(body, values, context.dialect);
  const model =
    context.params.deployment ??
    need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  const instructions: string[] = typeof body.instructions === 'string' ? [body.instructions] : [];
  const messages: Message[] = [];
  const names = new Map<string, string>();
  const raw =
    typeof body.input === 'string'
      ? [{ role: 'user', content: body.input }]
      : need(Array.isArray(body.input) && (body.input as unknown[]), 'input', 'a string or a list of input items');
  raw.forEach((entry, i) => {
    const where = `input[${i}]`;
    const item = need(isObject(entry) && entry, where, 'an input item');
    const type = item.type ?? 'message';
    if (type === 'message') {
      const text = textOf(item.content, `${where}.content`);
      if (item.role === 'system' || item.role === 'developer') instructions.push(text);
      else if (item.role === 'user') messages.push({ role: 'user', content: text });
      else if (item.role === 'assistant') {
        const last = messages.at(-1);
        if (last?.role === 'assistant' && last.content === undefined)
          messages[messages.length - 1] = { ...last, content: text };
        else messages.push({ role: 'assistant', content: text });
      } else
        throw new WireError('W0002', 400, `${where}.role must be user, assistant, system or developer.`, {
          type: 'invalid_request_error',
          param: `${where}.role`,
          retry: false,
        });
    } else if (type === 'function_call') {
      const callId = need(typeof item.call_id === 'string' && item.call_id, `${where}.call_id`, 'a string');
      const name = need(typeof item.name === 'string' && item.name, `${where}.name`, 'a string');
      names.set(callId, name);
      const call: ToolCall = { id: callId, tool: name, with: parseArguments(item.arguments, `${where}.arguments`) };
      const last = messages.at(-1);
      if (last?.role === 'assistant') messages[messages.length - 1] = { ...last, calls: [...(last.calls ?? []), call] };
      else messages.push({ role: 'assistant', calls: [call] });
    } else if (type === 'function_call_output') {
      const callId = need(typeof item.call_id === 'string' && item.call_id, `${where}.call_id`, 'a string');
      const output =
        typeof item.output === 'string' ? resultOf(item.output) : resultOf(textOf(item.output, `${where}.output`));
      const result: ToolResult = { id: callId, tool: names.get(callId) ?? 'unknown', output };
      const last = messages.at(-1);
      if (last?.role === 'tool') messages[messages.length - 1] = { role: 'tool', results: [...last.results, result] };
      else messages.push({ role: 'tool', results: [result] });
    } else if (type === 'reasoning') {
      return;
    } else {
      throw new WireError(
        'W0004',
        400,
        `${where} is a '${String(type)}' item; the wire server reads message, function_call, function_call_output ` +
          `and reasoning items.`,
        { type: 'invalid_request_error', code: 'unsupported_value', param: where, retry: false },
      );
    }
  });
  need(messages.length > 0 && true, 'input', 'a conversation with at least one user message');
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages };
  if (instructions.length > 0) input.instructions = instructions.join('\n\n');
  if (body.tools !== undefined) {
    const tools = need(Array.isArray(body.tools) && (body.tools as unknown[]), 'tools', 'a list of tools');
    const wire = tools.map((t, i) => {
      const tool = need(
        isObject(t) && t.type === 'function' && typeof t.name === 'string' && t,
        `tools[${i}]`,
        'a function tool { type: "function", name, parameters } (the wire server has no built-in tools)',
      );
      return {
        name: tool.name as string,
        description: typeof tool.description === 'string' ? tool.description : undefined,
        parameters: tool.parameters,
      };
    });
    const offered = toolsOf(wire, context.schemas, (i) => `tools[${i}].parameters`);
    if (offered !== undefined) input.tools = offered;
  }
  const format = isObject(body.text) ? body.text.format : undefined;
  if (isObject(format) && format.type === 'json_schema')
    input.output = context.schemas.read(format.schema ?? {}, 'text.format.schema');
  else if (isObject(format) && format.type === 'json_object') input.output = context.schemas.read({}, 'text.format');
  return { model, input, stream: body.stream === true };
}

/** The chat completions request as the server reads and checks it, kept apart from how it answers. */

import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { Message, ToolCall } from '../services/spec/Provider.js';
import { checkFields, need } from './checkFields.js';
import { checkValues, type ValueRules } from './checkValues.js';
import { toolsOf, type WireTool } from './toolsOf.js';
import type { WireContext } from './WireContext.js';
import { WireError } from './WireError.js';
import { isObject, parseArguments, resultOf, textOf } from './wireInput.js';

const known = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'stream',
  'stream_options',
  'temperature',
  'top_p',
  'max_tokens',
  'max_completion_tokens',
  'user',
  'store',
  'metadata',
  'seed',
  'stop',
  'frequency_penalty',
  'presence_penalty',
  'reasoning_effort',
  'service_tier',
  'verbosity',
  'prompt_cache_key',
  'prompt_cache_retention',
  'safety_identifier',
  'n',
  'logprobs',
  'top_logprobs',
  'logit_bias',
  'modalities',
]);

const refuse = {
  n: (v: unknown) =>
    v === 1
      ? undefined
      : `n: ${JSON.stringify(v)} asks for several choices, and the wire server gives one per request; send n: 1 or ` +
        `leave it out`,
  logprobs: (v: unknown) =>
    v === false ? undefined : 'scripted answers have no log probabilities; leave logprobs out',
  top_logprobs: () => 'scripted answers have no log probabilities; leave top_logprobs out',
  modalities: (v: unknown) =>
    Array.isArray(v) && v.every((m) => m === 'text')
      ? undefined
      : "the wire server answers chat in text only; ask /v1/audio/speech for sound, or send modalities: ['text']",
  logit_bias: () => 'scripted answers are not sampled, so logit_bias cannot change them; leave it out',
};

/** The types and ranges OpenAI documents for the chat fields the server reads or passes over. */
const values: ValueRules = {
  stream: { type: 'boolean' },
  stream_options: { type: 'object' },
  temperature: { type: 'number', min: 0, max: 2 },
  top_p: { type: 'number', min: 0, max: 1 },
  max_tokens: { type: 'integer', min: 1 },
  max_completion_tokens: { type: 'integer', min: 1 },
  frequency_penalty: { type: 'number', min: -2, max: 2 },
  presence_penalty: { type: 'number', min: -2, max: 2 },
  seed: { type: 'integer' },
  n: { type: 'integer', min: 1, max: 128 },
  parallel_tool_calls: { type: 'boolean' },
  store: { type: 'boolean' },
  logprobs: { type: 'boolean' },
  top_logprobs: { type: 'integer', min: 0, max: 20 },
  user: { type: 'string' },
  metadata: { type: 'object' },
  response_format: { type: 'object' },
};

/** A chat completions request, read. */
export interface ChatRequest {
  readonly model: string;
  readonly input: ReplyInput;
  readonly stream: boolean;
  readonly usage: boolean;
}

/** Reads and checks a chat completions body into what the engine is asked. */
export function readChat(body: Record<string, unknown>, context: WireContext): ChatRequest {
  checkFields(body, known, refuse);
  checkValues(body, values, 'openai');
  // Azure names the deployment in the path, and a client may leave the body's model out.
  const model =
    context.params.deployment ??
    need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  const raw = need(
    Array.isArray(body.messages) && body.messages.length > 0 && (body.messages as unknown[]),
    'messages',
    'a non-empty list of messages',
  );
  const instructions: string[] = [];
  const messages: Message[] = [];
  const names = new Map<string, string>();
  raw.forEach((item, i) => {
    const where = `messages[${i}]`;
    const message = need(isObject(item) && item, where, 'a message object { role, content }');
    const role = message.role;
    if (role === 'system' || role === 'developer') instructions.push(textOf(message.content, `${where}.content`));
    else if (role === 'user') messages.push({ role: 'user', content: textOf(message.content, `${where}.content`) });
    else if (role === 'assistant') {
      const calls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).map(
        (call: unknown, j: number): ToolCall => {
          const at = `${where}.tool_calls[${j}]`;
          const c = need(
            isObject(call) && isObject(call.function) && typeof call.id === 'string' && call,
            at,
            'a tool call { id, type: "function", function: { name, arguments } }',
          );
          const fn = c.function as Record<string, unknown>;
          const tool = need(typeof fn.name === 'string' && fn.name, `${at}.function.name`, 'a string');
          names.set(c.id as string, tool);
          return { id: c.id as string, tool, with: parseArguments(fn.arguments, `${at}.function.arguments`) };
        },
      );
      const content =
        message.content === null || message.content === undefined
          ? undefined
          : textOf(message.content, `${where}.content`);
      messages.push({ role: 'assistant', ...(content ? { content } : {}), ...(calls.length > 0 ? { calls } : {}) });
    } else if (role === 'tool') {
      const id = need(
        typeof message.tool_call_id === 'string' && message.tool_call_id,
        `${where}.tool_call_id`,
        'the id of the tool call it answers',
      );
      const output = resultOf(textOf(message.content, `${where}.content`));
      const result = { id, tool: names.get(id) ?? 'unknown', output };
      const last = messages.at(-1);
      if (last?.role === 'tool') messages[messages.length - 1] = { role: 'tool', results: [...last.results, result] };
      else messages.push({ role: 'tool', results: [result] });
    } else {
      throw new WireError(
        'W0002',
        400,
        `${where}.role must be one of system, developer, user, assistant or tool; got ${JSON.stringify(role)}.`,
        { type: 'invalid_request_error', param: `${where}.role`, retry: false },
      );
    }
  });
  if (messages.length === 0)
    throw new WireError('W0002', 400, 'messages holds only system messages; add a user message.', {
      type: 'invalid_request_error',
      param: 'messages',
      retry: false,
    });
  const tools = readTools(body.tools);
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages };
  if (instructions.length > 0) input.instructions = instructions.join('\n\n');
  const offered = toolsOf(tools, context.schemas, (i) => `tools[${i}].function.parameters`);
  if (offered !== undefined) input.tools = offered;
  const format = body.response_format;
  if (isObject(format) && format.type === 'json_schema') {
    const spec = need(
      isObject(format.json_schema) && format.json_schema,
      'response_format.json_schema',
      'an object { name, schema }',
    );
    input.output = context.schemas.read(spec.schema ?? {}, 'response_format.json_schema.schema');
  } else if (isObject(format) && format.type === 'json_object') {
    input.output = context.schemas.read({}, 'response_format');
  }
  const stream = body.stream === true;
  const options = body.stream_options;
  return { model, input, stream, usage: stream && isObject(options) && options.include_usage === true };
}

function readTools(tools: unknown): WireTool[] {
  if (tools === undefined || tools === null) return [];
  const list = need(Array.isArray(tools) && tools, 'tools', 'a list of tools');
  return list.map((tool: unknown, i: number) => {
    const t = need(
      isObject(tool) && tool.type === 'function' && isObject(tool.function) && tool,
      `tools[${i}]`,
      'a function tool { type: "function", function: { name, parameters } }',
    );
    const fn = t.function as Record<string, unknown>;
    return {
      name: need(typeof fn.name === 'string' && fn.name, `tools[${i}].function.name`, 'a string'),
      description: typeof fn.description === 'string' ? fn.description : undefined,
      parameters: fn.parameters,
    };
  });
}

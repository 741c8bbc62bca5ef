import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { Reply } from '../services/engine/Reply.js';
import type { Message, ToolCall } from '../services/spec/Provider.js';
import { checkFields, need } from './checkFields.js';
import { checkValues, type ValueRules } from './checkValues.js';
import { readJson } from './readBody.js';
import { deltas, sendJson, SseStream } from './respond.js';
import { toolsOf, type WireTool } from './toolsOf.js';
import type { WireContext } from './WireContext.js';
import { WireError } from './WireError.js';

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
interface ChatRequest {
  readonly model: string;
  readonly input: ReplyInput;
  readonly stream: boolean;
  readonly usage: boolean;
}

/**
 * `POST /v1/chat/completions`: reads the request (messages, tools, `response_format`), asks the
 * engine, and answers a `chat.completion`, or with `stream: true` a stream of
 * `chat.completion.chunk` events ending in `data: [DONE]` (a usage chunk first when
 * `stream_options.include_usage`).
 *
 * @example
 * ```ts
 * await openaiChat(context);
 * ```
 */
export async function openaiChat(context: WireContext): Promise<void> {
  const request = readChat(readJson(context.body), context);
  const model = context.model(request.model);
  context.record({ model: request.model, call: 'reply', input: request.input });
  const created = Math.floor(Date.now() / 1000);
  const id = `chatcmpl-${context.responseId}`;
  const headers = { 'x-request-id': context.responseId };
  if (!request.stream) {
    const reply = await context.run(() => context.app.reply(model, request.input, context.options));
    sendJson(context.response, 200, completion(id, created, request.model, reply), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const head = { id, object: 'chat.completion.chunk', created, model: request.model, system_fingerprint: 'fp_standin' };
  const usage = request.usage ? { usage: null } : {};
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): Record<string, unknown> => ({
    ...head,
    ...usage,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  await context.run(async () => {
    let calls = 0;
    let tokensIn = 0;
    let tokensOut = 0;
    for await (const part of context.app.stream(model, request.input, context.options)) {
      if (!sse.started) await sse.send(chunk({ role: 'assistant', content: '', refusal: null }));
      if (part.type === 'units') {
        tokensIn += part.tokensIn;
        tokensOut += part.tokensOut;
      } else if (part.type === 'finish') {
        await sse.send(chunk({}, finishReason(part.reason)));
      } else if (part.type === 'text' || part.type === 'value') {
        for (const piece of deltas(part.type === 'text' ? part.text : part.json))
          await sse.send(chunk({ content: piece }));
      } else if (part.type === 'call') {
        const index = calls++;
        await sse.send(
          chunk({
            tool_calls: [
              { index, id: part.call.id, type: 'function', function: { name: part.call.tool, arguments: '' } },
            ],
          }),
        );
        await sse.send(chunk({ tool_calls: [{ index, function: { arguments: JSON.stringify(part.call.with) } }] }));
      }
    }
    if (request.usage) await sse.send({ ...head, choices: [], usage: usageOf(tokensIn, tokensOut) });
  });
  await sse.send('[DONE]');
  sse.end();
}

/** The reply as a whole `chat.completion`: a typed value arrives as the message's content, its JSON. */
function completion(id: string, created: number, model: string, reply: Reply): Record<string, unknown> {
  const content = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: content === '' && reply.calls.length > 0 ? null : content,
    refusal: null,
    annotations: [],
  };
  if (reply.calls.length > 0) message.tool_calls = reply.calls.map(wireCall);
  return {
    id,
    object: 'chat.completion',
    created,
    model,
    system_fingerprint: 'fp_standin',
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason(reply.finish) }],
    usage: usageOf(reply.units.tokensIn, reply.units.tokensOut),
    service_tier: 'default',
  };
}

function wireCall(call: ToolCall): Record<string, unknown> {
  return { id: call.id, type: 'function', function: { name: call.tool, arguments: JSON.stringify(call.with) } };
}

function finishReason(reason: Reply['finish']): string {
  return reason === 'calls' ? 'tool_calls' : reason;
}

function usageOf(tokensIn: number, tokensOut: number): Record<string, unknown> {
  return {
    prompt_tokens: tokensIn,
    completion_tokens: tokensOut,
    total_tokens: tokensIn + tokensOut,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: 0,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

/** Reads and checks a chat completions body into what the engine is asked. */
function readChat(body: Record<string, unknown>, context: WireContext): ChatRequest {
  checkFields(body, known, refuse);
  checkValues(body, values, 'openai');
  const model = need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
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

/** The text of a message's content: a string, or the text parts of a list (other parts are refused). */
export function textOf(content: unknown, where: string): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: unknown, i) => {
        if (
          isObject(part) &&
          (part.type === 'text' || part.type === 'input_text' || part.type === 'output_text') &&
          typeof part.text === 'string'
        )
          return part.text;
        const type = isObject(part) ? String(part.type) : typeof part;
        throw new WireError(
          'W0004',
          400,
          `${where}[${i}] is a '${type}' part; the wire server reads text parts only. Send the content as text.`,
          { type: 'invalid_request_error', code: 'unsupported_value', param: `${where}[${i}]`, retry: false },
        );
      })
      .join('');
  }
  throw new WireError('W0002', 400, `${where} must be a string or a list of text parts.`, {
    type: 'invalid_request_error',
    param: where,
    retry: false,
  });
}

/** A tool call's arguments: the JSON text of its input. */
export function parseArguments(text: unknown, where: string): unknown {
  if (typeof text !== 'string' || text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new WireError(
      'W0002',
      400,
      `${where} is not JSON text. Send the tool input as JSON text, such as {"city":"Paris"}.`,
      { type: 'invalid_request_error', param: where, retry: false },
    );
  }
}

/** A tool's output as the client sent it: JSON when it reads as JSON, else the text. */
export function resultOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether a value is a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

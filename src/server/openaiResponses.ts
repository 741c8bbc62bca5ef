import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { Reply } from '../services/engine/Reply.js';
import type { Message, ReplyPart, ToolCall, ToolResult } from '../services/spec/Provider.js';
import { checkFields, need } from './checkFields.js';
import { checkValues, type ValueRules } from './checkValues.js';
import { isObject, parseArguments, resultOf, textOf } from './openaiChat.js';
import { readJson } from './readBody.js';
import { deltas, sendJson, SseStream } from './respond.js';
import { toolsOf } from './toolsOf.js';
import type { WireContext } from './WireContext.js';
import { WireError } from './WireError.js';

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

/** One output item as it is built: its index, id and the text or arguments it has so far. */
interface Item {
  readonly kind: 'reasoning' | 'message' | 'function_call';
  readonly key: string;
  readonly index: number;
  readonly id: string;
  text: string;
  readonly call?: ToolCall;
}

/**
 * `POST /v1/responses`: reads a Responses request (input items with function calls and their
 * outputs, flat function tools, `text.format` json_schema), asks the engine, and answers a
 * `response` whose output holds reasoning, message and function_call items, or with
 * `stream: true` its events (`response.created` ... `response.completed`, each numbered).
 *
 * @example
 * ```ts
 * await openaiResponses(context);
 * ```
 */
export async function openaiResponses(context: WireContext): Promise<void> {
  const { model: id, input, stream } = readResponses(readJson(context.body), context);
  const model = context.model(id);
  context.record({ model: id, call: 'reply', input });
  const responseId = `resp_${context.responseId}`;
  const created = Math.floor(Date.now() / 1000);
  const headers = { 'x-request-id': context.responseId };
  if (!stream) {
    const reply = await context.run(() => context.app.reply(model, input, context.options));
    sendJson(
      context.response,
      200,
      response(responseId, created, id, outputOf(context.responseId, reply), reply.units, 'completed'),
      headers,
    );
    return;
  }
  const sse = new SseStream(context.response, headers);
  let sequence = 0;
  const send = (type: string, data: Record<string, unknown>): Promise<void> =>
    sse.send({ type, sequence_number: sequence++, ...data }, type);
  await context.run(async () => {
    const items: Item[] = [];
    let open: Item | undefined;
    let tokensIn = 0;
    let tokensOut = 0;
    const close = async (): Promise<void> => {
      const item = open;
      if (item === undefined) return;
      open = undefined;
      const at = { item_id: item.id, output_index: item.index };
      if (item.kind === 'message') {
        await send('response.output_text.done', { ...at, content_index: 0, text: item.text, logprobs: [] });
        await send('response.content_part.done', {
          ...at,
          content_index: 0,
          part: { type: 'output_text', text: item.text, annotations: [] },
        });
      } else if (item.kind === 'reasoning') {
        await send('response.reasoning_summary_text.done', { ...at, summary_index: 0, text: item.text });
        await send('response.reasoning_summary_part.done', {
          ...at,
          summary_index: 0,
          part: { type: 'summary_text', text: item.text },
        });
      } else {
        await send('response.function_call_arguments.done', { ...at, arguments: item.text });
      }
      await send('response.output_item.done', { output_index: item.index, item: itemOf(item) });
    };
    const start = async (kind: Item['kind'], key: string, call?: ToolCall): Promise<Item> => {
      if (open?.key === key) return open;
      await close();
      const prefix = kind === 'message' ? 'msg' : kind === 'reasoning' ? 'rs' : 'fc';
      const item: Item = {
        kind,
        key,
        index: items.length,
        id: `${prefix}_${context.responseId}_${items.length}`,
        text: '',
        ...(call ? { call } : {}),
      };
      items.push(item);
      open = item;
      await send('response.output_item.added', {
        output_index: item.index,
        item: { ...itemOf(item), status: 'in_progress', ...(kind === 'function_call' ? { arguments: '' } : {}) },
      });
      const at = { item_id: item.id, output_index: item.index };
      if (kind === 'message')
        await send('response.content_part.added', {
          ...at,
          content_index: 0,
          part: { type: 'output_text', text: '', annotations: [] },
        });
      if (kind === 'reasoning')
        await send('response.reasoning_summary_part.added', {
          ...at,
          summary_index: 0,
          part: { type: 'summary_text', text: '' },
        });
      return item;
    };
    const onPart = async (part: ReplyPart): Promise<void> => {
      if (part.type === 'reasoning') {
        const item = await start('reasoning', `reasoning:${part.block}`);
        item.text += part.text;
        for (const delta of deltas(part.text))
          await send('response.reasoning_summary_text.delta', {
            item_id: item.id,
            output_index: item.index,
            summary_index: 0,
            delta,
          });
      } else if (part.type === 'text' || part.type === 'value') {
        const item = await start('message', 'message');
        const text = part.type === 'text' ? part.text : part.json;
        item.text += text;
        for (const delta of deltas(text))
          await send('response.output_text.delta', {
            item_id: item.id,
            output_index: item.index,
            content_index: 0,
            delta,
            logprobs: [],
          });
      } else if (part.type === 'call') {
        const item = await start('function_call', `call:${part.call.id}`, part.call);
        item.text = JSON.stringify(part.call.with);
        await send('response.function_call_arguments.delta', {
          item_id: item.id,
          output_index: item.index,
          delta: item.text,
        });
      } else if (part.type === 'units') {
        tokensIn += part.tokensIn;
        tokensOut += part.tokensOut;
      } else {
        await close();
      }
    };
    let first = true;
    for await (const part of context.app.stream(model, input, context.options)) {
      if (first) {
        first = false;
        const shell = response(responseId, created, id, [], { tokensIn: 0, tokensOut: 0 }, 'in_progress');
        await send('response.created', { response: { ...shell, usage: null } });
        await send('response.in_progress', { response: { ...shell, usage: null } });
      }
      await onPart(part);
    }
    await close();
    await send('response.completed', {
      response: response(responseId, created, id, items.map(itemOf), { tokensIn, tokensOut }, 'completed'),
    });
  });
  sse.end();
}

function itemOf(item: Item): Record<string, unknown> {
  if (item.kind === 'reasoning')
    return { type: 'reasoning', id: item.id, summary: [{ type: 'summary_text', text: item.text }] };
  if (item.kind === 'message')
    return {
      type: 'message',
      id: item.id,
      status: 'completed',
      role: 'assistant',
      content: [{ type: 'output_text', text: item.text, annotations: [], logprobs: [] }],
    };
  return {
    type: 'function_call',
    id: item.id,
    call_id: item.call!.id,
    name: item.call!.tool,
    arguments: item.text,
    status: 'completed',
  };
}

function outputOf(responseId: string, reply: Reply): Record<string, unknown>[] {
  const items: Item[] = [];
  const add = (kind: Item['kind'], text: string, call?: ToolCall): void => {
    const prefix = kind === 'message' ? 'msg' : kind === 'reasoning' ? 'rs' : 'fc';
    items.push({
      kind,
      key: '',
      index: items.length,
      id: `${prefix}_${responseId}_${items.length}`,
      text,
      ...(call ? { call } : {}),
    });
  };
  for (const text of reply.reasoning) add('reasoning', text);
  const text = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  if (text !== '' || reply.calls.length === 0) add('message', text);
  for (const call of reply.calls) add('function_call', JSON.stringify(call.with), call);
  return items.map(itemOf);
}

function response(
  id: string,
  created: number,
  model: string,
  output: unknown[],
  units: Reply['units'],
  status: string,
): Record<string, unknown> {
  return {
    id,
    object: 'response',
    created_at: created,
    status,
    error: null,
    incomplete_details: null,
    model,
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    text: { format: { type: 'text' } },
    usage: {
      input_tokens: units.tokensIn,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: units.tokensOut,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: units.tokensIn + units.tokensOut,
    },
  };
}

/** Reads and checks a Responses body into what the engine is asked. */
function readResponses(
  body: Record<string, unknown>,
  context: WireContext,
): { model: string; input: ReplyInput; stream: boolean } {
  checkFields(body, known, refuse);
  checkValues(body, values, 'openai');
  const model = need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
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

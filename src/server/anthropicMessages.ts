import type { ReplyInput } from '../services/requests/prepareReply.js';
import type { Reply } from '../services/engine/Reply.js';
import type { Message, ReplyPart, ToolCall, ToolResult } from '../services/spec/Provider.js';
import { checkFields, need } from './checkFields.js';
import { checkValues, type ValueRules } from './checkValues.js';
import { isObject, resultOf } from './openaiChat.js';
import { readJson } from './readBody.js';
import { deltas, sendJson, SseStream } from './respond.js';
import { toolsOf } from './toolsOf.js';
import type { WireContext } from './WireContext.js';
import { WireError } from './WireError.js';

const known = new Set([
  'model',
  'max_tokens',
  'system',
  'messages',
  'tools',
  'tool_choice',
  'thinking',
  'output_config',
  'output_format',
  'stop_sequences',
  'metadata',
  'stream',
  'temperature',
  'top_p',
  'top_k',
  'service_tier',
  'context_management',
  'cache_control',
  'inference_geo',
]);

/** The types and ranges Anthropic documents for the Messages fields the server reads or passes over. */
const values: ValueRules = {
  max_tokens: { type: 'integer', min: 1 },
  stream: { type: 'boolean' },
  temperature: { type: 'number', min: 0, max: 1 },
  top_p: { type: 'number', min: 0, max: 1 },
  top_k: { type: 'integer', min: 0 },
  metadata: { type: 'object' },
};

/** A thinking block's signature: the server makes no real ones, and clients send them back unread. */
const SIGNATURE = 'c3RhbmRpbg==';

/**
 * `POST /v1/messages`: reads an Anthropic Messages request (system, messages with `tool_use` and
 * `tool_result` blocks, tools, a JSON Schema output format), asks the engine, and answers a
 * `message` (thinking blocks, text, `tool_use`, usage), or with `stream: true` its events in the
 * documented order: `message_start`, each block's `content_block_start` / `_delta` / `_stop`,
 * `message_delta` with the stop reason and usage, `message_stop`.
 *
 * @example
 * ```ts
 * await anthropicMessages(context);
 * ```
 */
export async function anthropicMessages(context: WireContext): Promise<void> {
  const body = readJson(context.body);
  const { model: id, input, stream } = readMessages(body, context);
  const model = context.model(id);
  context.record({ model: id, call: 'reply', input });
  const messageId = `msg_${context.responseId}`;
  const headers = { 'request-id': context.responseId, 'x-request-id': context.responseId };
  if (!stream) {
    const reply = await context.run(() => context.app.reply(model, input, context.options));
    sendJson(context.response, 200, message(messageId, id, reply), headers);
    return;
  }
  const sse = new SseStream(context.response, headers);
  const send = (type: string, data: Record<string, unknown> = {}): Promise<void> => sse.send({ type, ...data }, type);
  await context.run(async () => {
    let index = -1;
    let open: string | undefined;
    let tokensIn = 0;
    let tokensOut = 0;
    let stop = 'end_turn';
    const close = async (): Promise<void> => {
      if (open === undefined) return;
      if (open.startsWith('thinking'))
        await send('content_block_delta', { index, delta: { type: 'signature_delta', signature: SIGNATURE } });
      await send('content_block_stop', { index });
      open = undefined;
    };
    const block = async (kind: string, start: Record<string, unknown>): Promise<void> => {
      if (open === kind) return;
      await close();
      index++;
      open = kind;
      await send('content_block_start', { index, content_block: start });
    };
    for await (const part of context.app.stream(model, input, context.options)) {
      if (!sse.started) {
        await send('message_start', {
          message: {
            id: messageId,
            type: 'message',
            role: 'assistant',
            model: id,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 0, output_tokens: 0 },
          },
        });
      }
      await streamPart(part);
    }
    async function streamPart(part: ReplyPart): Promise<void> {
      switch (part.type) {
        case 'reasoning':
          await block(`thinking:${part.block}`, { type: 'thinking', thinking: '', signature: '' });
          for (const piece of deltas(part.text))
            await send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } });
          return;
        case 'text':
        case 'value':
          await block('text', { type: 'text', text: '' });
          for (const piece of deltas(part.type === 'text' ? part.text : part.json))
            await send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
          return;
        case 'call':
          await block(`call:${part.call.id}`, { type: 'tool_use', id: part.call.id, name: part.call.tool, input: {} });
          return send('content_block_delta', {
            index,
            delta: { type: 'input_json_delta', partial_json: JSON.stringify(part.call.with) },
          });
        case 'units':
          tokensIn += part.tokensIn;
          tokensOut += part.tokensOut;
          return;
        case 'finish':
          stop = stopReason(part.reason);
          return close();
      }
    }
    await close();
    await send('message_delta', {
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { input_tokens: tokensIn, output_tokens: tokensOut },
    });
    await send('message_stop');
  });
  sse.end();
}

function stopReason(reason: Reply['finish']): string {
  return reason === 'calls' ? 'tool_use' : reason === 'length' ? 'max_tokens' : 'end_turn';
}

/** The reply as a whole `message`: thinking blocks, then the text (a typed value as its JSON), then each `tool_use`. */
function message(id: string, model: string, reply: Reply): Record<string, unknown> {
  const content: Record<string, unknown>[] = reply.reasoning.map((thinking) => ({
    type: 'thinking',
    thinking,
    signature: SIGNATURE,
  }));
  const text = `${reply.text}${reply.value === undefined ? '' : JSON.stringify(reply.value)}`;
  if (text !== '' || reply.calls.length === 0) content.push({ type: 'text', text, citations: null });
  for (const call of reply.calls) content.push({ type: 'tool_use', id: call.id, name: call.tool, input: call.with });
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stopReason(reply.finish),
    stop_sequence: null,
    usage: {
      input_tokens: reply.units.tokensIn,
      output_tokens: reply.units.tokensOut,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      service_tier: 'standard',
    },
  };
}

/** Reads and checks a Messages body into what the engine is asked. */
function readMessages(
  body: Record<string, unknown>,
  context: WireContext,
): { model: string; input: ReplyInput; stream: boolean } {
  checkFields(body, known);
  const model = need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  if (body.max_tokens === undefined)
    throw new WireError('W0002', 400, 'max_tokens: Field required', {
      type: 'invalid_request_error',
      param: 'max_tokens',
      retry: false,
    });
  checkValues(body, values, 'anthropic');
  const raw = need(
    Array.isArray(body.messages) && body.messages.length > 0 && (body.messages as unknown[]),
    'messages',
    'a non-empty list of messages',
  );
  if (isObject(raw[0]) && raw[0].role !== 'user') {
    throw new WireError('W0002', 400, 'messages: first message must use the "user" role', {
      type: 'invalid_request_error',
      param: 'messages.0.role',
      retry: false,
    });
  }
  const messages: Message[] = [];
  const names = new Map<string, string>();
  raw.forEach((item, i) => {
    const where = `messages.${i}`;
    const m = need(
      isObject(item) && (item.role === 'user' || item.role === 'assistant') && item,
      where,
      'a message { role: "user" | "assistant", content }',
    );
    const blocks =
      typeof m.content === 'string'
        ? [{ type: 'text', text: m.content }]
        : need(
            Array.isArray(m.content) && (m.content as unknown[]),
            `${where}.content`,
            'a string or a list of blocks',
          );
    let text = '';
    const calls: ToolCall[] = [];
    const results: ToolResult[] = [];
    blocks.forEach((raw, j) => {
      const at = `${where}.content.${j}`;
      const b = need(isObject(raw) && raw, at, 'a content block');
      if (b.type === 'text' && typeof b.text === 'string') text += b.text;
      else if ((b.type === 'thinking' || b.type === 'redacted_thinking') && m.role === 'assistant') return;
      else if (
        b.type === 'tool_use' &&
        m.role === 'assistant' &&
        typeof b.id === 'string' &&
        typeof b.name === 'string'
      ) {
        names.set(b.id, b.name);
        calls.push({ id: b.id, tool: b.name, with: b.input ?? {} });
      } else if (b.type === 'tool_result' && m.role === 'user' && typeof b.tool_use_id === 'string') {
        const output =
          typeof b.content === 'string'
            ? resultOf(b.content)
            : Array.isArray(b.content)
              ? resultOf(
                  b.content.map((c: unknown) => (isObject(c) && typeof c.text === 'string' ? c.text : '')).join(''),
                )
              : null;
        const tool = names.get(b.tool_use_id) ?? 'unknown';
        results.push(
          b.is_error === true
            ? { id: b.tool_use_id, tool, error: typeof output === 'string' ? output : JSON.stringify(output) }
            : { id: b.tool_use_id, tool, output },
        );
      } else {
        throw new WireError(
          'W0004',
          400,
          `${at} is a '${String(b.type)}' block; the wire server reads text, thinking, tool_use and tool_result ` +
            `blocks. Send the content as text.`,
          {
            type: 'invalid_request_error',
            param: at,
            retry: false,
          },
        );
      }
    });
    if (m.role === 'assistant')
      messages.push({ role: 'assistant', ...(text ? { content: text } : {}), ...(calls.length > 0 ? { calls } : {}) });
    else {
      if (results.length > 0) messages.push({ role: 'tool', results });
      if (text !== '' || results.length === 0) messages.push({ role: 'user', content: text });
    }
  });
  const input: { -readonly [K in keyof ReplyInput]: ReplyInput[K] } = { messages };
  const system = body.system;
  if (typeof system === 'string') input.instructions = system;
  else if (Array.isArray(system))
    input.instructions = system
      .map((b: unknown) => (isObject(b) && typeof b.text === 'string' ? b.text : ''))
      .join('\n\n');
  if (body.tools !== undefined) {
    const tools = need(Array.isArray(body.tools) && (body.tools as unknown[]), 'tools', 'a list of tools');
    const wire = tools.map((t, i) => {
      const tool = need(
        isObject(t) && typeof t.name === 'string' && t,
        `tools.${i}`,
        'a tool { name, description?, input_schema }',
      );
      return {
        name: tool.name as string,
        description: typeof tool.description === 'string' ? tool.description : undefined,
        parameters: tool.input_schema,
      };
    });
    const offered = toolsOf(wire, context.schemas, (i) => `tools.${i}.input_schema`);
    if (offered !== undefined) input.tools = offered;
  }
  const format = isObject(body.output_config) ? body.output_config.format : body.output_format;
  if (isObject(format) && format.type === 'json_schema')
    input.output = context.schemas.read(format.schema ?? {}, 'output_config.format.schema');
  return { model, input, stream: body.stream === true };
}

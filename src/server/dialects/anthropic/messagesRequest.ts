/** The Anthropic Messages request as the server reads and checks it, kept apart from how it answers. */

import type { ReplyInput } from '../../../services/requests/prepareReply.js';
import type { Message, ToolCall, ToolResult } from '../../../services/spec/Provider.js';
import { checkFields, need } from '../../checkFields.js';
import { checkValues, type ValueRules } from '../../checkValues.js';
import { toolsOf } from '../../toolsOf.js';
import type { WireContext } from '../../WireContext.js';
import { WireError } from '../../WireError.js';
import { isObject, resultOf } from '../../wireInput.js';
import { forcedTool } from '../../forcedTool.js';

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

/** Reads and checks a Messages body into what the engine is asked. */
export function readMessages(
  body: Record<string, unknown>,
  context: WireContext,
): { model: string; input: ReplyInput; stream: boolean; forced?: { input: ReplyInput; tool: string } | undefined } {
  // A message thread is a conversation the server holds between turns: the wire server holds none, and says so as
  // the API does for a request it cannot thread, so a client (the SDK's tool runner) goes on sending it whole.
  if (body.thread !== undefined) {
    throw new WireError(
      'W0004',
      400,
      'thread: the wire server holds no message threads. Send the whole conversation without `thread` (the ' +
        "Anthropic SDK's tool runner does so by itself).",
      {
        type: 'invalid_request_error',
        param: 'thread',
        retry: false,
        errorDetails: { error_code: 'thread_unsupported_request' },
      },
    );
  }
  checkFields(body, known);
  const model = need(typeof body.model === 'string' && body.model, 'model', 'the model id as a string');
  if (body.max_tokens === undefined)
    throw new WireError('W0002', 400, 'max_tokens: Field required', {
      type: 'invalid_request_error',
      param: 'max_tokens',
      retry: false,
    });
  checkValues(body, values, context.dialect, false);
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
  const choice = isObject(body.tool_choice) ? body.tool_choice : {};
  const named = choice.type === 'tool' && typeof choice.name === 'string' ? choice.name : undefined;
  return { model, input, stream: body.stream === true, forced: forcedTool(input, named, choice.type === 'any') };
}

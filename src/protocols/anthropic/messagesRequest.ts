import type { ContentPart } from '../../services/spec/ContentPart.js';
import type { Message, Reasoning, ReplyRequest, ToolCall, ToolResult } from '../../services/spec/Provider.js';
import { closedSchema } from '../closedSchema.js';
import { readShape, toJson } from '../readShape.js';
import { WireFault } from '../WireFault.js';
import { readUserBlock, writeUserBlocks } from './messagesContent.js';
import { readSettings, writeSettings } from './messagesSettings.js';
import { messagesBody, type MessagesBody, type RequestBlock } from './messagesShapes.js';
import { isRecord, resultOf } from '../jsonValues.js';

/** `max_tokens` when neither the call nor the adapter's settings give one: the API requires it. */
const DEFAULT_MAX_TOKENS = 4096;

/** The name a typed value is read back under: the Messages API names none. */
const OUTPUT_NAME = 'output';

/** What the adapter adds to a request beside the call: its settings' extra body fields and output limit. */
export interface MessagesExtras {
  /** Top-level fields laid under the request's own (an `output_config` there is merged under the format). */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** `max_tokens` when the call names none; {@link DEFAULT_MAX_TOKENS} when this is left out too. */
  readonly maxTokens?: number | undefined;
}

/**
 * The Messages API body of a reply request, streamed: `instructions` become `system`; an
 * assistant message its signed thinking blocks, a text block and a `tool_use` block per call; tool results `tool_result`
 * blocks (the output as JSON, or the error's text with `is_error: true`) in a user turn; turns of
 * the same role side by side are joined, as the API wants them; tools carry `input_schema`; a
 * typed value asks for `output_config.format` (`json_schema`, every object closed). A user's
 * images and files become blocks (`writeUserBlocks`), the call's settings their fields
 * (`writeSettings`). A call input that is no JSON object is a `not_json` fault.
 *
 * @example
 * ```ts
 * writeMessages({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] });
 * // { model, max_tokens: 4096, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], stream: true }
 * ```
 */
export function writeMessages(request: ReplyRequest, extras: MessagesExtras = {}): MessagesBody {
  const messages: { role: 'user' | 'assistant'; content: RequestBlock[] }[] = [];
  const add = (role: 'user' | 'assistant', blocks: RequestBlock[]): void => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    if (message.role === 'user') add('user', writeUserBlocks(message.content, where));
    else if (message.role === 'assistant') {
      const blocks: RequestBlock[] = [];
      // Thinking goes back only as it was signed: the API refuses a thinking block without its signature.
      for (const reasoning of message.reasoning ?? []) {
        if (reasoning.signature === undefined) continue;
        blocks.push(
          reasoning.redacted === true
            ? { type: 'redacted_thinking', data: reasoning.signature }
            : { type: 'thinking', thinking: reasoning.text, signature: reasoning.signature },
        );
      }
      if (message.content) blocks.push({ type: 'text', text: message.content });
      message.calls?.forEach((call, j) =>
        blocks.push({ type: 'tool_use', id: call.id, name: call.tool, input: callInput(call, `${where}.calls[${j}]`) }),
      );
      add('assistant', blocks);
    } else
      add(
        'user',
        message.results.map((result, j): RequestBlock => {
          const id = result.id;
          if (result.error !== undefined)
            return { type: 'tool_result', tool_use_id: id, content: result.error, is_error: true };
          const content = toJson(result.output ?? null, `${where}.results[${j}].output`);
          return { type: 'tool_result', tool_use_id: id, content };
        }),
      );
  });
  const extra = extras.body ?? {};
  const body: Record<string, unknown> = { ...extra };
  Object.assign(body, {
    model: request.model,
    max_tokens: extras.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages,
    stream: true,
  });
  if (request.instructions !== undefined) body.system = request.instructions;
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      input_schema: tool.input,
    }));
  }
  if (request.output !== undefined) {
    const config = isRecord(extra.output_config) ? extra.output_config : {};
    body.output_config = {
      ...config,
      format: { type: 'json_schema', schema: closedSchema(request.output.schema).schema },
    };
  }
  if (request.settings !== undefined) writeSettings(body, request.settings);
  return body as MessagesBody;
}

/** A call's input as a `tool_use` block holds it: a JSON object. */
function callInput(call: ToolCall, where: string): Record<string, unknown> {
  if (call.with === undefined) return {};
  const input: unknown = JSON.parse(toJson(call.with, `${where}.with`));
  if (isRecord(input)) return input;
  throw new WireFault({
    kind: 'not_json',
    where: `${where}.with`,
    why: "Anthropic's tool_use blocks carry their input as a JSON object; give the call an object input",
  });
}

/**
 * Reads a Messages body into the call it asks for, and whether it is streamed: `system` as the
 * instructions (text blocks joined by a blank line); a user message as a user message (its text
 * blocks joined, or its parts when it holds an image or a document) and its `tool_result` blocks
 * as tool results answering their calls; an assistant message's text and `tool_use` blocks
 * (thinking passed over); tools and a `json_schema` format as the typed value's shape; the
 * settings (`readSettings`). Throws a {@link WireFault} `refused` naming the first field at fault.
 *
 * @example
 * ```ts
 * readMessages({ model: 'claude-test', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] });
 * // { request: { model: 'claude-test', messages: [{ role: 'user', content: 'Hi' }], settings: { maxOutputTokens: 64 } }, stream: false }
 * ```
 */
export function readMessages(value: unknown): { readonly request: ReplyRequest; readonly stream: boolean } {
  const body = readShape(messagesBody, value);
  const messages: Message[] = [];
  const names = new Map<string, string>();
  body.messages.forEach((message, i) => {
    const blocks: RequestBlock[] =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const parts: ContentPart[] = [];
    const calls: ToolCall[] = [];
    const results: ToolResult[] = [];
    const reasoning: Reasoning[] = [];
    blocks.forEach((block, j) => {
      const at = ['messages', i, 'content', j];
      const misplaced = (role: string) =>
        new WireFault({
          kind: 'refused',
          issue: {
            code: 'custom',
            path: at,
            message: `a ${block.type} block goes in a message of role ${role}, not ${message.role}.`,
            input: undefined,
          },
        });
      if (block.type === 'text') parts.push({ type: 'text', text: block.text });
      else if (block.type === 'thinking' || block.type === 'redacted_thinking') {
        if (message.role !== 'assistant') throw misplaced('assistant');
        if (block.type === 'redacted_thinking') reasoning.push({ text: '', signature: block.data, redacted: true });
        else
          reasoning.push({
            text: block.thinking,
            ...(block.signature === undefined ? {} : { signature: block.signature }),
          });
      } else if (block.type === 'tool_use') {
        if (message.role !== 'assistant') throw misplaced('assistant');
        names.set(block.id, block.name);
        calls.push({ id: block.id, tool: block.name, with: block.input });
      } else if (message.role === 'assistant') throw misplaced('user');
      else if (block.type === 'tool_result') {
        const tool = names.get(block.tool_use_id) ?? 'unknown';
        const content = block.content ?? '';
        const text = typeof content === 'string' ? content : content.map((found) => found.text ?? '').join('');
        results.push(
          block.is_error === true
            ? { id: block.tool_use_id, tool, error: text }
            : { id: block.tool_use_id, tool, output: resultOf(text) },
        );
      } else parts.push(readUserBlock(block, at));
    });
    const text = parts.every((part) => part.type === 'text') ? parts.map((part) => part.text).join('') : undefined;
    if (message.role === 'assistant') {
      messages.push({
        role: 'assistant',
        ...(reasoning.length > 0 ? { reasoning } : {}),
        ...(text ? { content: text } : {}),
        ...(calls.length > 0 ? { calls } : {}),
      });
      return;
    }
    if (results.length > 0) messages.push({ role: 'tool', results });
    if (parts.length > 0 || results.length === 0) messages.push({ role: 'user', content: text ?? parts });
  });
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model: body.model, messages };
  const system = body.system;
  if (system !== undefined)
    request.instructions = typeof system === 'string' ? system : system.map((block) => block.text).join('\n\n');
  const tools = (body.tools ?? []).map((tool, i) => {
    if (tool.type !== undefined && tool.type !== 'custom')
      throw new WireFault({
        kind: 'refused',
        issue: {
          code: 'custom',
          path: ['tools', i, 'type'],
          message: `a '${tool.type}' tool runs on Anthropic's side; the wire server offers the client's own tools.`,
          params: { unhonoured: true },
          input: undefined,
        },
      });
    return {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      input: tool.input_schema ?? { type: 'object' },
    };
  });
  if (tools.length > 0) request.tools = tools;
  const format = body.output_config?.format ?? body.output_format;
  if (format !== undefined) request.output = { name: OUTPUT_NAME, schema: format.schema ?? {} };
  request.settings = readSettings(body);
  return { request, stream: body.stream === true };
}

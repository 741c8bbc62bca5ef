import type { Message, ReplyRequest, ToolCall, ToolResult } from '../../services/spec/Provider.js';
import { isRecord, resultOf } from '../jsonValues.js';
import { readShape, toJson } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import { readOllamaUser, writeOllamaUser } from './ollamaContent.js';
import {
  readOllamaFormat,
  readOllamaOptions,
  readOllamaTools,
  writeOllamaOptions,
  type RequestExtras,
} from './ollamaSettings.js';
import { ollamaChatBody, type OllamaChatBody, type OllamaMessage } from './ollamaShapes.js';

/**
 * The `/api/chat` body of a reply request: the instructions as a system message, a call's input as the object
 * `arguments` Ollama takes, a tool result as a `tool` message naming its tool; a typed value is `format`, its JSON
 * Schema.
 */
export function writeOllamaChat(request: ReplyRequest, stream: boolean, extras: RequestExtras = {}): OllamaChatBody {
  const messages: OllamaMessage[] = [];
  if (request.instructions !== undefined) messages.push({ role: 'system', content: request.instructions });
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    if (message.role === 'user') messages.push({ role: 'user', ...writeOllamaUser(message.content, where) });
    else if (message.role === 'assistant') {
      const calls = (message.calls ?? []).map((call, j) => ({
        id: call.id,
        function: { index: j, name: call.tool, arguments: callArguments(call.with, `${where}.calls[${j}].with`) },
      }));
      messages.push({
        role: 'assistant',
        content: message.content ?? '',
        ...(calls.length > 0 ? { tool_calls: calls } : {}),
      });
    } else {
      message.results.forEach((result, j) =>
        messages.push({
          role: 'tool',
          content: result.error ?? toJson(result.output ?? null, `${where}.results[${j}].output`),
          tool_name: result.tool,
          tool_call_id: result.id,
        }),
      );
    }
  });
  const body: Record<string, unknown> = { ...extras.body, model: request.model, messages, stream };
  const choice = request.settings?.toolChoice;
  if (request.tools !== undefined && request.tools.length > 0 && choice !== 'none') {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.input,
      },
    }));
  }
  if (request.output !== undefined) body.format = request.output.schema;
  const options = writeOllamaOptions(request.settings, extras);
  if (options !== undefined) body.options = options;
  return body as OllamaChatBody;
}

/** A call's input as `arguments`: a JSON object, as Ollama's tool calls carry it. */
function callArguments(value: unknown, where: string): Record<string, unknown> {
  if (value === undefined) return {};
  const args = JSON.parse(toJson(value, where)) as unknown;
  if (isRecord(args)) return args;
  throw new WireFault({
    kind: 'cannot_send',
    where,
    what: `a call input that is ${Array.isArray(args) ? 'a list' : args === null ? 'null' : `a ${typeof args}`}`,
    takes: "a JSON object: Ollama's tool calls carry their arguments as an object",
  });
}

/** A `/api/chat` body read: the call it asks for, and whether it asks for a stream (the default). */
export interface ChatRequestRead {
  readonly request: ReplyRequest;
  readonly stream: boolean;
}

/**
 * Reads a `/api/chat` body into its call: system messages are the instructions, a `tool` message answers the open call
 * of its `tool_call_id`, else of its `tool_name`. A `refused` {@link WireFault} names the first field at fault.
 */
export function readOllamaChat(value: unknown): ChatRequestRead {
  const body = readShape(ollamaChatBody, value);
  const system: string[] = [];
  const messages: Message[] = [];
  let open: ToolCall[] = [];
  let count = 0;
  (body.messages ?? []).forEach((message, i) => {
    const content = message.content ?? '';
    if (message.role === 'system') system.push(content);
    else if (message.role === 'user')
      messages.push({ role: 'user', content: readOllamaUser(content, message.images ?? [], ['messages', i]) });
    else if (message.role === 'assistant') {
      const calls = (message.tool_calls ?? []).map((call): ToolCall => ({
        id: call.id || `call_${count++}`,
        tool: call.function.name,
        with: call.function.arguments ?? {},
      }));
      open = [...calls];
      messages.push({ role: 'assistant', ...(content ? { content } : {}), ...(calls.length > 0 ? { calls } : {}) });
    } else {
      const result = resultFor(message.tool_name ?? undefined, message.tool_call_id ?? undefined, content, open);
      if (result === undefined)
        throw refused(['messages', i, 'tool_name'], 'a tool message must name its tool (tool_name)');
      const last = messages.at(-1);
      if (last?.role === 'tool') messages[messages.length - 1] = { role: 'tool', results: [...last.results, result] };
      else messages.push({ role: 'tool', results: [result] });
    }
  });
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model: body.model, messages };
  if (system.length > 0) request.instructions = system.join('\n');
  const tools = readOllamaTools(body.tools ?? []);
  if (tools.length > 0) request.tools = tools;
  const output = readOllamaFormat(body.format);
  if (output !== undefined) request.output = output;
  const settings = readOllamaOptions(body.options);
  if (settings !== undefined) request.settings = settings;
  return { request, stream: body.stream ?? true };
}

/** The tool result a `tool` message carries: the open call of its id, or else of its tool's name. */
function resultFor(
  name: string | undefined,
  callId: string | undefined,
  content: string,
  open: ToolCall[],
): ToolResult | undefined {
  const byId = callId === undefined ? -1 : open.findIndex((call) => call.id === callId);
  const index = byId !== -1 ? byId : open.findIndex((call) => call.tool === name);
  const call = index === -1 ? undefined : open.splice(index, 1)[0]!;
  const tool = name ?? call?.tool;
  if (tool === undefined) return undefined;
  return { id: call?.id ?? callId ?? `call_${tool}`, tool, output: resultOf(content) };
}

import type { CallSettings } from '../../services/spec/CallSettings.js';
import type { ContentPart } from '../../services/spec/ContentPart.js';
import type { Message, ReplyRequest, ToolCall, ToolResult, ToolSpec } from '../../services/spec/Provider.js';
import { dataUrl, fromDataUrl } from '../base64.js';
import { beyondLimit } from '../beyondLimit.js';
import { resultOf } from '../jsonValues.js';
import { readShape, toJson } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import { unhonoured } from './cohereRefused.js';
import { cohereChatBody, type ChatBody, type ChatMessage } from './chatShapes.js';

/** What the adapter adds to a request beside the call: its settings' extra body fields and output limit. */
export interface ChatExtras {
  /** Top-level fields laid under the request's own (the adapter's `body`, the call's `providerOptions`). */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** `max_tokens` when the call names none. */
  readonly maxTokens?: number | undefined;
}

/** A `/v2/chat` request as read: the call, and whether it asked for a stream. */
export interface ChatRead {
  readonly request: ReplyRequest;
  readonly stream: boolean;
}

/** The name a typed value is read back under: Cohere's `response_format` names none. */
export const COHERE_OUTPUT_NAME = 'response';

/**
 * The `/v2/chat` body of a reply request, streamed: call inputs as JSON text, one `tool` message per result, a typed
 * value as `response_format: { type: 'json_object', json_schema }`. A file, which Cohere's messages do not carry, is
 * `cannot_send`.
 */
export function writeCohereChat(request: ReplyRequest, extras: ChatExtras = {}): ChatBody {
  const messages: Record<string, unknown>[] = [];
  if (request.instructions !== undefined) messages.push({ role: 'system', content: request.instructions });
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    if (message.role === 'user') messages.push({ role: 'user', content: writeUser(message.content, where) });
    else if (message.role === 'assistant') {
      const calls = message.calls ?? [];
      messages.push({
        role: 'assistant',
        ...(message.content !== undefined && message.content !== '' ? { content: message.content } : {}),
        ...(calls.length > 0
          ? {
              tool_calls: calls.map((call, j) => ({
                id: call.id,
                type: 'function',
                function: { name: call.tool, arguments: toJson(call.with ?? {}, `${where}.calls[${j}].with`) },
              })),
            }
          : {}),
      });
    } else
      message.results.forEach((result, j) => {
        const content =
          result.error !== undefined ? result.error : toJson(result.output ?? null, `${where}.results[${j}].output`);
        messages.push({ role: 'tool', tool_call_id: result.id, content });
      });
  });
  const body: Record<string, unknown> = { ...extras.body, model: request.model, messages, stream: true };
  let tools = request.tools ?? [];
  const choice = request.settings?.toolChoice;
  // Cohere names no one tool to call: the choice of one is the others left out, and a call required.
  if (typeof choice === 'object') tools = tools.filter((tool) => tool.name === choice.tool);
  if (tools.length > 0)
    body.tools = tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.input,
      },
    }));
  if (request.output !== undefined) body.response_format = { type: 'json_object', json_schema: request.output.schema };
  if (extras.maxTokens !== undefined) body.max_tokens = extras.maxTokens;
  if (request.settings !== undefined) writeSettings(body, request.settings);
  return body as ChatBody;
}

function writeUser(content: string | readonly ContentPart[], where: string): unknown {
  if (typeof content === 'string') return content;
  return content.map((part, i) => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image')
      return { type: 'image_url', image_url: { url: 'url' in part ? part.url : dataUrl(part.bytes, part.mediaType) } };
    throw new WireFault({
      kind: 'cannot_send',
      where: `${where}.content[${i}]`,
      what: `a file (${part.mediaType ?? 'by URL'})`,
      takes: "text and images: Cohere's chat messages carry no files",
    });
  });
}

function writeSettings(body: Record<string, unknown>, settings: CallSettings): void {
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_tokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) {
    if (settings.stopSequences.length > 5)
      throw beyondLimit('stopSequences', 'at most 5 stop sequences', settings.stopSequences.length);
    body.stop_sequences = [...settings.stopSequences];
  }
  if (settings.seed !== undefined) body.seed = settings.seed;
  const choice = settings.toolChoice;
  if (choice === 'none') body.tool_choice = 'NONE';
  else if (choice === 'required' || typeof choice === 'object') body.tool_choice = 'REQUIRED';
}

/** Reads a `/v2/chat` body into its call. A `refused` {@link WireFault} names the first field at fault. */
export function readCohereChat(value: unknown): ChatRead {
  const body = readShape(cohereChatBody, value);
  if (body.documents !== undefined && body.documents !== null && body.documents.length > 0)
    throw unhonoured(['documents'], 'the wire server grounds no reply in documents; send their text in a message.');
  const instructions: string[] = [];
  const messages: Message[] = [];
  const names = new Map<string, string>();
  body.messages.forEach((message, i) => {
    const where = ['messages', i];
    if (message.role === 'system') instructions.push(joined(message.content));
    else if (message.role === 'user') messages.push({ role: 'user', content: readUser(message.content, where) });
    else if (message.role === 'assistant') {
      const calls = (message.tool_calls ?? []).map((call, j): ToolCall => {
        names.set(call.id, call.function.name);
        return { id: call.id, tool: call.function.name, with: readArguments(call.function.arguments, [...where, j]) };
      });
      const content = assistantText(message.content);
      messages.push({
        role: 'assistant',
        ...(content !== '' ? { content } : {}),
        ...(calls.length > 0 ? { calls } : {}),
      });
    } else {
      const result: ToolResult = {
        id: message.tool_call_id,
        tool: names.get(message.tool_call_id) ?? 'unknown',
        output: toolOutput(message.content),
      };
      const last = messages.at(-1);
      if (last?.role === 'tool') messages[messages.length - 1] = { role: 'tool', results: [...last.results, result] };
      else messages.push({ role: 'tool', results: [result] });
    }
  });
  if (messages.length === 0) throw refused(['messages'], 'messages holds only system messages; add a user message.');
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model: body.model, messages };
  if (instructions.length > 0) request.instructions = instructions.join('\n\n');
  if (body.tools !== undefined && body.tools !== null && body.tools.length > 0)
    request.tools = body.tools.map(({ function: fn }): ToolSpec => ({
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      input: fn.parameters ?? { type: 'object' },
    }));
  const format = body.response_format;
  if (format?.type === 'json_object') request.output = { name: COHERE_OUTPUT_NAME, schema: format.json_schema ?? {} };
  const settings = readSettings(body);
  if (settings !== undefined) request.settings = settings;
  return { request, stream: body.stream === true };
}

function readSettings(body: ChatBody): CallSettings | undefined {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  if (typeof body.temperature === 'number') settings.temperature = body.temperature;
  if (typeof body.p === 'number') settings.topP = body.p;
  if (typeof body.max_tokens === 'number') settings.maxOutputTokens = body.max_tokens;
  if (Array.isArray(body.stop_sequences)) settings.stopSequences = body.stop_sequences;
  if (typeof body.seed === 'number') settings.seed = body.seed;
  if (body.tool_choice === 'NONE') settings.toolChoice = 'none';
  else if (body.tool_choice === 'REQUIRED')
    settings.toolChoice = body.tools?.length === 1 ? { tool: body.tools[0]!.function.name } : 'required';
  return Object.keys(settings).length > 0 ? settings : undefined;
}

type UserContent = Extract<ChatMessage, { role: 'user' }>['content'];

function readUser(content: UserContent, where: readonly PropertyKey[]): string | ContentPart[] {
  if (typeof content === 'string') return content;
  return content.map((part, j): ContentPart => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    if (part.type === 'image_url') {
      const inline = fromDataUrl(part.image_url.url);
      return inline === undefined ? { type: 'image', url: part.image_url.url } : { type: 'image', ...inline };
    }
    throw unhonoured([...where, 'content', j], 'the wire server reads text and image_url parts; send it as text.');
  });
}

/** A tool call's input: the JSON text of `function.arguments` (none, or `null`, is no input). */
function readArguments(text: string | null | undefined, where: readonly PropertyKey[]): unknown {
  if (text === undefined || text === null || text.trim() === '' || text === 'null') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw refused(
      [...where.slice(0, 2), 'tool_calls', where[2]!, 'function', 'arguments'],
      'function.arguments is not JSON text. Send the tool input as JSON text, such as {"city":"Paris"}.',
    );
  }
}

/** A tool message's output: its text read as JSON when it is, a document's `data` as it came. */
function toolOutput(content: Extract<ChatMessage, { role: 'tool' }>['content']): unknown {
  if (typeof content === 'string') return resultOf(content);
  const outputs = content.map((part) => {
    if (part.type === 'text') return resultOf(part.text);
    const data = part.document.data ?? part.document;
    return typeof data === 'string' ? resultOf(data) : data;
  });
  return outputs.length === 1 ? outputs[0] : outputs;
}

function joined(content: string | readonly { readonly text: string }[]): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

function assistantText(content: Extract<ChatMessage, { role: 'assistant' }>['content']): string {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

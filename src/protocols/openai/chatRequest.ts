import type { CallSettings } from '../../services/spec/CallSettings.js';
import type { Message, ReplyRequest, ToolCall, ToolSpec } from '../../services/spec/Provider.js';
import { readUserContent, writeUserContent } from './chatContent.js';
import { closedSchema } from '../closedSchema.js';
import { readShape, toJson } from '../readShape.js';
import { refused } from '../WireFault.js';
import { chatBody, type ChatBody } from './chatShapes.js';
import { isRecord, resultOf } from '../jsonValues.js';
import { beyondLimit } from '../beyondLimit.js';

/** What the adapter adds to a request beside the call: its settings' extra body fields and output limit. */
export interface ChatExtras {
  /** Top-level fields laid under the request's own (the adapter's `body`, the call's `providerOptions`). */
  readonly body?: Readonly<Record<string, unknown>> | undefined;
  /** `max_completion_tokens` when the call names no `maxOutputTokens`. */
  readonly maxTokens?: number | undefined;
}

/** A Chat Completions request as read: the call, and how it asked to be answered. */
export interface ChatRead {
  readonly request: ReplyRequest;
  readonly stream: boolean;
  /** `stream_options.include_usage`: a usage-only chunk before `[DONE]`. */
  readonly includeUsage: boolean;
}

/**
 * The Chat Completions body of a reply request, streamed with usage; a typed value as `json_schema`, strict when the
 * schema allows it.
 */
export function writeChat(request: ReplyRequest, extras: ChatExtras = {}): ChatBody {
  const messages: ChatBody['messages'] = [];
  if (request.instructions !== undefined) messages.push({ role: 'system', content: request.instructions });
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    switch (message.role) {
      case 'user':
        messages.push({ role: 'user', content: writeUserContent(message.content, where) });
        return;
      case 'assistant': {
        const calls = message.calls ?? [];
        messages.push({
          role: 'assistant',
          // A turn of calls alone has no content; one of nothing at all says so with an empty text.
          content: message.content ?? (calls.length > 0 ? null : ''),
          ...(calls.length > 0
            ? {
                tool_calls: calls.map((call, j) => ({
                  id: call.id,
                  type: 'function' as const,
                  function: { name: call.tool, arguments: toJson(call.with ?? {}, `${where}.calls[${j}].with`) },
                })),
              }
            : {}),
        });
        return;
      }
      case 'tool':
        message.results.forEach((result, j) => {
          const content =
            result.error !== undefined ? result.error : toJson(result.output ?? null, `${where}.results[${j}].output`);
          messages.push({ role: 'tool', tool_call_id: result.id, content });
        });
        return;
    }
  });
  const extra = extras.body ?? {};
  const options = extra.stream_options;
  const body: Record<string, unknown> = {
    ...extra,
    model: request.model,
    messages,
    stream: true,
    stream_options: { ...(isRecord(options) ? options : {}), include_usage: true },
  };
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.input,
      },
    }));
  }
  if (request.output !== undefined) {
    const closed = closedSchema(request.output.schema);
    body.response_format = {
      type: 'json_schema',
      json_schema: { name: request.output.name, schema: closed.schema, strict: closed.strict },
    };
  }
  if (extras.maxTokens !== undefined) body.max_completion_tokens = extras.maxTokens;
  if (request.settings !== undefined) writeSettings(body, request.settings);
  return body as ChatBody;
}

function writeSettings(body: Record<string, unknown>, settings: CallSettings): void {
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) body.max_completion_tokens = settings.maxOutputTokens;
  if (settings.stopSequences !== undefined) {
    if (settings.stopSequences.length > 4)
      throw beyondLimit('stopSequences', 'at most 4 stop sequences', settings.stopSequences.length);
    body.stop = [...settings.stopSequences];
  }
  if (settings.seed !== undefined) body.seed = settings.seed;
  const choice = settings.toolChoice;
  if (choice !== undefined)
    body.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.tool } };
}

/**
 * Reads a Chat Completions body into its call; `model` is the deployment when the path names it (Azure). A `refused`
 * {@link WireFault} names the first field at fault.
 */
export function readChat(value: unknown, model?: string): ChatRead {
  const body = readShape(chatBody, model === undefined ? value : { ...(value as object), model });
  const instructions: string[] = [];
  const messages: Message[] = [];
  const names = new Map<string, string>();
  body.messages.forEach((message, i) => {
    const where = ['messages', i];
    switch (message.role) {
      case 'system':
      case 'developer':
        instructions.push(joined(message.content));
        return;
      case 'user':
        messages.push({ role: 'user', content: readUserContent(message.content, where) });
        return;
      case 'assistant': {
        const calls = (message.tool_calls ?? []).map((call, j): ToolCall => {
          names.set(call.id, call.function.name);
          return {
            id: call.id,
            tool: call.function.name,
            with: readArguments(call.function.arguments, [...where, 'tool_calls', j]),
          };
        });
        const content = message.content === null || message.content === undefined ? '' : assistantText(message.content);
        messages.push({
          role: 'assistant',
          ...(content !== '' ? { content } : {}),
          ...(calls.length > 0 ? { calls } : {}),
        });
        return;
      }
      case 'tool': {
        const result = {
          id: message.tool_call_id,
          tool: names.get(message.tool_call_id) ?? 'unknown',
          output: resultOf(joined(message.content)),
        };
        const last = messages.at(-1);
        if (last?.role === 'tool') messages[messages.length - 1] = { role: 'tool', results: [...last.results, result] };
        else messages.push({ role: 'tool', results: [result] });
        return;
      }
    }
  });
  if (messages.length === 0) throw refused(['messages'], 'messages holds only system messages; add a user message.');
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model: body.model, messages };
  if (instructions.length > 0) request.instructions = instructions.join('\n\n');
  if (body.tools !== undefined && body.tools !== null && body.tools.length > 0) {
    request.tools = body.tools.map(({ function: fn }): ToolSpec => ({
      name: fn.name,
      ...(fn.description !== undefined ? { description: fn.description } : {}),
      input: fn.parameters ?? {},
    }));
  }
  const format = body.response_format;
  if (format?.type === 'json_schema')
    request.output = { name: format.json_schema.name, schema: format.json_schema.schema ?? {} };
  else if (format?.type === 'json_object') request.output = { name: 'json_object', schema: {} };
  const settings = readSettings(body);
  if (settings !== undefined) request.settings = settings;
  const stream = body.stream === true;
  return { request, stream, includeUsage: stream && body.stream_options?.include_usage === true };
}

function readSettings(body: ChatBody): CallSettings | undefined {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  if (typeof body.temperature === 'number') settings.temperature = body.temperature;
  if (typeof body.top_p === 'number') settings.topP = body.top_p;
  const max = body.max_completion_tokens ?? body.max_tokens;
  if (typeof max === 'number') settings.maxOutputTokens = max;
  if (typeof body.stop === 'string') settings.stopSequences = [body.stop];
  else if (Array.isArray(body.stop)) settings.stopSequences = body.stop;
  if (typeof body.seed === 'number') settings.seed = body.seed;
  const choice = body.tool_choice;
  if (typeof choice === 'string') settings.toolChoice = choice;
  else if (choice !== undefined && choice !== null) settings.toolChoice = { tool: choice.function.name };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** A tool call's arguments: the JSON text of its input (empty text is no input). */
function readArguments(text: string, where: readonly PropertyKey[]): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw refused(
      [...where, 'function', 'arguments'],
      'function.arguments is not JSON text. Send the tool input as JSON text, such as {"city":"Paris"}.',
    );
  }
}

function joined(content: string | readonly { readonly text: string }[]): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('');
}

function assistantText(
  content: string | readonly ({ type: 'text'; text: string } | { type: 'refusal'; refusal: string })[],
): string {
  return typeof content === 'string'
    ? content
    : content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

import type { CallSettings } from '../../services/spec/CallSettings.js';
import type { Message, Reasoning, ReplyRequest, ToolCall, ToolSpec } from '../../services/spec/Provider.js';
import { closedSchema } from '../closedSchema.js';
import { readShape, toJson } from '../readShape.js';
import { refused, WireFault } from '../WireFault.js';
import type { ChatExtras } from './chatRequest.js';
import { readResponsesContent, writeResponsesContent } from './responsesContent.js';
import { responsesBody, type ResponsesBody, type ResponsesItem } from './responsesShapes.js';
import { resultOf } from '../jsonValues.js';

/** The least `max_output_tokens` the Responses API takes. */
export const MIN_OUTPUT_TOKENS = 16;

/** What `include` names to have reasoning items carry their encrypted content. */
const ENCRYPTED_REASONING = 'reasoning.encrypted_content';

/** A Responses request as read: the call, and whether it asked to be streamed. */
export interface ResponsesRead {
  readonly request: ReplyRequest;
  readonly stream: boolean;
}

/**
 * The Responses body of a reply request, streamed and `store: false` (the extra body may turn it on). The API has no
 * stop sequences (`cannot_honour`) and no seed (left out).
 */
export function writeResponses(request: ReplyRequest, extras: ChatExtras = {}): ResponsesBody {
  const input: ResponsesItem[] = [];
  request.messages.forEach((message, i) => {
    const where = `request.messages[${i}]`;
    switch (message.role) {
      case 'user':
        input.push({ type: 'message', role: 'user', content: writeResponsesContent(message.content, where) });
        return;
      case 'assistant':
        // A response not stored is continued by its reasoning items' encrypted content, sent back whole.
        for (const reasoning of message.reasoning ?? [])
          if (reasoning.signature !== undefined && reasoning.id !== undefined)
            input.push({
              type: 'reasoning',
              id: reasoning.id,
              summary: reasoning.text === '' ? [] : [{ type: 'summary_text', text: reasoning.text }],
              encrypted_content: reasoning.signature,
            });
        if (message.content !== undefined || (message.calls ?? []).length === 0)
          input.push({ type: 'message', role: 'assistant', content: message.content ?? '' });
        (message.calls ?? []).forEach((call, j) =>
          input.push({
            type: 'function_call',
            call_id: call.id,
            name: call.tool,
            arguments: toJson(call.with ?? {}, `${where}.calls[${j}].with`),
          }),
        );
        return;
      case 'tool':
        message.results.forEach((result, j) =>
          input.push({
            type: 'function_call_output',
            call_id: result.id,
            output:
              result.error !== undefined
                ? result.error
                : toJson(result.output ?? null, `${where}.results[${j}].output`),
          }),
        );
        return;
    }
  });
  const body: Record<string, unknown> = { store: false, ...extras.body, model: request.model, input, stream: true };
  if (body.reasoning !== undefined && body.reasoning !== null && body.store === false) {
    // Reasoning not stored comes back encrypted only when asked for: the next step needs it.
    const include = Array.isArray(body.include) ? (body.include as unknown[]) : [];
    if (!include.includes(ENCRYPTED_REASONING)) body.include = [...include, ENCRYPTED_REASONING];
  }
  if (request.instructions !== undefined) body.instructions = request.instructions;
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.input,
      strict: false,
    }));
  }
  if (request.output !== undefined) {
    const closed = closedSchema(request.output.schema);
    body.text = {
      format: { type: 'json_schema', name: request.output.name, schema: closed.schema, strict: closed.strict },
    };
  }
  if (extras.maxTokens !== undefined) body.max_output_tokens = Math.max(extras.maxTokens, MIN_OUTPUT_TOKENS);
  if (request.settings !== undefined) writeSettings(body, request.settings);
  return body as ResponsesBody;
}

function writeSettings(body: Record<string, unknown>, settings: CallSettings): void {
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  if (settings.topP !== undefined) body.top_p = settings.topP;
  if (settings.maxOutputTokens !== undefined) {
    if (settings.maxOutputTokens < MIN_OUTPUT_TOKENS) {
      throw new WireFault({
        kind: 'cannot_honour',
        setting: 'maxOutputTokens',
        why: `the Responses API takes max_output_tokens of ${MIN_OUTPUT_TOKENS} or more, and got ${settings.maxOutputTokens}`,
      });
    }
    body.max_output_tokens = settings.maxOutputTokens;
  }
  if (settings.stopSequences !== undefined && settings.stopSequences.length > 0) {
    throw new WireFault({
      kind: 'cannot_honour',
      setting: 'stopSequences',
      why: 'the Responses API has no stop sequences (Chat Completions has: the adapter\'s api: "chat")',
    });
  }
  const choice = settings.toolChoice;
  if (choice !== undefined)
    body.tool_choice = typeof choice === 'string' ? choice : { type: 'function', name: choice.tool };
}

/**
 * Reads a Responses body into its call; reasoning items with encrypted content are the next assistant turn's
 * reasoning, and an `item_reference`, which names what only a store keeps, is refused. A `refused` {@link WireFault} names the first field at fault.
 */
export function readResponses(value: unknown, model?: string): ResponsesRead {
  const body = readShape(responsesBody, model === undefined ? value : { ...(value as object), model });
  const instructions: string[] = typeof body.instructions === 'string' ? [body.instructions] : [];
  const messages: Message[] = [];
  const names = new Map<string, string>();
  /** Reasoning items read and not yet laid on the assistant turn that follows them. */
  let thinking: Reasoning[] = [];
  const reasoned = (): { reasoning?: Reasoning[] } => {
    if (thinking.length === 0) return {};
    const reasoning = thinking;
    thinking = [];
    return { reasoning };
  };
  const items =
    typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input } as const] : body.input;
  items.forEach((item, i) => {
    const where = ['input', i];
    const last = messages.at(-1);
    switch (item.type) {
      case 'message': {
        if (item.role === 'system' || item.role === 'developer') {
          instructions.push(textOf(item.content));
        } else if (item.role === 'user') {
          messages.push({ role: 'user', content: readResponsesContent(userParts(item.content, where), where) });
        } else {
          const content = textOf(item.content);
          // A call item first and its message after (a response's output replayed in that order) make one turn.
          if (last?.role === 'assistant' && last.content === undefined && content !== '' && thinking.length === 0)
            messages[messages.length - 1] = { ...last, content };
          else messages.push({ role: 'assistant', ...reasoned(), ...(content !== '' ? { content } : {}) });
        }
        return;
      }
      case 'function_call': {
        names.set(item.call_id, item.name);
        const call: ToolCall = {
          id: item.call_id,
          tool: item.name,
          with: readArguments(item.arguments, [...where, 'arguments']),
        };
        if (last?.role === 'assistant' && thinking.length === 0)
          messages[messages.length - 1] = { ...last, calls: [...(last.calls ?? []), call] };
        else messages.push({ role: 'assistant', ...reasoned(), calls: [call] });
        return;
      }
      case 'function_call_output': {
        const output = typeof item.output === 'string' ? item.output : textOf(item.output);
        const result = { id: item.call_id, tool: names.get(item.call_id) ?? 'unknown', output: resultOf(output) };
        if (last?.role === 'tool') messages[messages.length - 1] = { role: 'tool', results: [...last.results, result] };
        else messages.push({ role: 'tool', results: [result] });
        return;
      }
      case 'reasoning': {
        if (typeof item.encrypted_content !== 'string') return;
        const text = item.summary.map((part) => part.text).join('');
        thinking.push({
          text,
          signature: item.encrypted_content,
          ...(typeof item.id === 'string' ? { id: item.id } : {}),
        });
        return;
      }
      case 'item_reference':
        throw refused(
          where,
          `Item with id '${item.id}' not found. An item_reference names an item a stored response keeps; send the ` +
            'item itself.',
        );
    }
  });
  if (!messages.some((message) => message.role === 'user'))
    throw refused(['input'], 'input holds no user message; add one.');
  const request: { -readonly [K in keyof ReplyRequest]: ReplyRequest[K] } = { model: body.model, messages };
  if (instructions.length > 0) request.instructions = instructions.join('\n\n');
  if (body.tools !== undefined && body.tools !== null && body.tools.length > 0) {
    request.tools = body.tools.map((tool): ToolSpec => ({
      name: tool.name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      input: tool.parameters ?? {},
    }));
  }
  const format = body.text?.format;
  if (format?.type === 'json_schema') request.output = { name: format.name, schema: format.schema };
  else if (format?.type === 'json_object') request.output = { name: 'json_object', schema: {} };
  const settings = readSettings(body);
  if (settings !== undefined) request.settings = settings;
  return { request, stream: body.stream === true };
}

function readSettings(body: ResponsesBody): CallSettings | undefined {
  const settings: { -readonly [K in keyof CallSettings]: CallSettings[K] } = {};
  if (typeof body.temperature === 'number') settings.temperature = body.temperature;
  if (typeof body.top_p === 'number') settings.topP = body.top_p;
  if (typeof body.max_output_tokens === 'number') settings.maxOutputTokens = body.max_output_tokens;
  const choice = body.tool_choice;
  if (typeof choice === 'string') settings.toolChoice = choice;
  else if (choice !== undefined && choice !== null) settings.toolChoice = { tool: choice.name };
  return Object.keys(settings).length > 0 ? settings : undefined;
}

type Content = Extract<ResponsesItem, { type: 'message' }>['content'];

/** A message's text: the string, or its text parts joined (input and output text alike). */
function textOf(content: string | readonly object[]): string {
  if (typeof content === 'string') return content;
  return content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** A user message's parts: input parts only (output text is an assistant's). */
function userParts(content: Content, where: readonly PropertyKey[]): Parameters<typeof readResponsesContent>[0] {
  if (typeof content === 'string') return content;
  return content.map((part, i) => {
    if (part.type === 'output_text' || part.type === 'refusal')
      throw refused([...where, 'content', i, 'type'], `a user message takes input parts, not '${part.type}'.`);
    return part;
  });
}

/** A call's arguments: the JSON text of its input (empty text is no input). */
function readArguments(text: string, where: readonly PropertyKey[]): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw refused(where, 'arguments is not JSON text. Send the tool input as JSON text, such as {"city":"Paris"}.');
  }
}
